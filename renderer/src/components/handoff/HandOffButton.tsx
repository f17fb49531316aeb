// Always enabled, even with nothing to hand off, so a click explains why nothing happens.
import { contextIsLong } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { shortcutLabel } from '../../lib/shortcuts';
import { uiTexts } from '../../texts';

export function HandOffButton() {
  const invite = useBaton(contextIsLong);
  const requestHandoff = useBaton((s) => s.requestHandoff);
  return (
    <button
      type="button"
      className={invite ? 'handoff-button invite' : 'handoff-button'}
      title={invite ? uiTexts.inviteHandoff : `Hand off to a fresh session (${shortcutLabel('H', { shift: true })})`}
      onClick={() => requestHandoff()}
    >
      Hand off
    </button>
  );
}
