import { useT } from '../../hooks/useLanguage';
import { formatTokens } from '../../lib/format';
import { contextIsLong } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';

export function ContextMeter() {
  const used = useBaton((s) => s.session?.contextTokens ?? 0);
  const window = useBaton((s) => s.session?.contextWindow ?? 0);
  const threshold = useBaton((s) => s.settings?.contextThreshold ?? 0.7);
  const long = useBaton(contextIsLong);
  const t = useT();
  if (window <= 0) return null;
  const percent = Math.round((used / window) * 100);
  // Below the threshold is the good range (optimum 0); past it the meter turns to its warning colour,
  // as the label does, instead of the browser's green.
  const limit = Math.round(window * threshold);
  return (
    <span className={long ? 'status-item context long' : 'status-item context'}>
      <meter aria-label={t('status.contextUsed')} min={0} max={window} low={limit} high={limit} optimum={0} value={used} />
      <span>{t('status.context', { used: formatTokens(used), window: formatTokens(window), percent })}</span>
    </span>
  );
}
