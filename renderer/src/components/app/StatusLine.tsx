import { formatTokens } from '../../lib/format';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { ContextMeter } from './ContextMeter';

export function StatusLine() {
  const tokensIn = useBaton((s) => s.session?.tokensIn ?? 0);
  const tokensCached = useBaton((s) => s.session?.tokensCached ?? 0);
  const tokensOut = useBaton((s) => s.session?.tokensOut ?? 0);
  const savings = useBaton((s) => (s.savings?.sessionId === s.session?.header.id ? s.savings : null));
  return (
    <div className="statusline">
      <span className="status-item">
        Tokens {formatTokens(tokensIn)} in{tokensCached > 0 && ` (${formatTokens(tokensCached)} cached)`} · {formatTokens(tokensOut)} out
      </span>
      <ContextMeter />
      {savings && (
        <span className="status-item savings">{uiTexts.contextSavings(formatTokens(savings.before), formatTokens(savings.after))}</span>
      )}
    </div>
  );
}
