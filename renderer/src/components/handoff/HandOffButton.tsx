// The primary action, with its shortcut on it, once there is something to hand off; before that a
// plain button, so an empty session's loudest control is not one that can do nothing. Always enabled,
// so a click explains why nothing happens. Past the context threshold it invites a handoff, unless this
// session has already been handed off.
import { handoffInvited, hasNothingToHandOff } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { isMac, shortcutLabel } from '../../lib/shortcuts';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

export function HandOffButton() {
  const invite = useBaton(handoffInvited);
  const empty = useBaton(hasNothingToHandOff);
  const requestHandoff = useBaton((s) => s.requestHandoff);
  const shortcut = shortcutLabel('H', { shift: true });
  const t = useT();
  return (
    <button
      type="button"
      className={`handoff-button${empty ? '' : ' primary'}${invite ? ' invite' : ''}`}
      // The name stays "Hand off"; the shortcut is announced as a shortcut, not as part of the name.
      aria-label={t('handoff.handOff')}
      aria-keyshortcuts={isMac() ? 'Meta+Shift+H' : 'Control+Shift+H'}
      title={invite ? uiTexts.inviteHandoff : t('handoff.handOffHint', { shortcut })}
      onClick={() => requestHandoff()}
    >
      {t('handoff.handOff')}
      <kbd aria-hidden="true">{shortcut}</kbd>
    </button>
  );
}
