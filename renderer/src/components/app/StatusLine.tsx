import { useT } from '../../hooks/useLanguage';
import { formatTokens } from '../../lib/format';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { ContextMeter } from './ContextMeter';

export function StatusLine() {
  const tokensIn = useBaton((s) => s.session?.tokensIn ?? 0);
  const tokensCached = useBaton((s) => s.session?.tokensCached ?? 0);
  const tokensOut = useBaton((s) => s.session?.tokensOut ?? 0);
  const t = useT();
  const savings = useBaton((s) => (s.savings?.sessionId === s.session?.header.id ? s.savings : null));
  return (
    <div className="statusline">
      <span className="status-item">
        {t('status.tokens', {
          in: formatTokens(tokensIn),
          cached: tokensCached > 0 ? t('status.cached', { cached: formatTokens(tokensCached) }) : '',
          out: formatTokens(tokensOut),
        })}
      </span>
      <ContextMeter />
      {savings && (
        // Green only for a saving: a short session's document can hold more than the session did.
        <span className={savings.after < savings.before ? 'status-item savings saved' : 'status-item savings'} title={uiTexts.cardSavingsTitle}>
          {uiTexts.contextSavings(formatTokens(savings.before), formatTokens(savings.after))}
        </span>
      )}
    </div>
  );
}
