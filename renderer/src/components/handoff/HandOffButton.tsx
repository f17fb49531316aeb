// The primary action, with its shortcut on it. Always enabled, even with nothing to hand off, so a
// click explains why nothing happens. Past the context threshold it invites a handoff, unless this
// session has already been handed off.
import { handoffInvited } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { isMac, shortcutLabel } from '../../lib/shortcuts';
import { uiTexts } from '../../texts';

export function HandOffButton() {
  const invite = useBaton(handoffInvited);
  const requestHandoff = useBaton((s) => s.requestHandoff);
  const shortcut = shortcutLabel('H', { shift: true });
  return (
    <button
      type="button"
      className={invite ? 'primary handoff-button invite' : 'primary handoff-button'}
      // The name stays "Hand off"; the shortcut is announced as a shortcut, not as part of the name.
      aria-label="Hand off"
      aria-keyshortcuts={isMac() ? 'Meta+Shift+H' : 'Control+Shift+H'}
      title={invite ? uiTexts.inviteHandoff : `Hand off to a fresh session (${shortcut})`}
      onClick={() => requestHandoff()}
    >
      Hand off
      <kbd aria-hidden="true">{shortcut}</kbd>
    </button>
  );
}
