import { formatTokens } from '../../lib/format';
import { contextIsLong } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';

export function ContextMeter() {
  const used = useBaton((s) => s.session?.contextTokens ?? 0);
  const window = useBaton((s) => s.session?.contextWindow ?? 0);
  const long = useBaton(contextIsLong);
  if (window <= 0) return null;
  const percent = Math.round((used / window) * 100);
  return (
    <span className={long ? 'status-item context long' : 'status-item context'}>
      <meter aria-label="Context used" min={0} max={window} value={used} />
      <span>
        Context {formatTokens(used)} / {formatTokens(window)} ({percent}%)
      </span>
    </span>
  );
}
