// Pin for handoff (SPEC §4.3): a message whose text must reach the new session word for word. A pin is
// an entry of the session file (`pin`, the last one for a message wins), so it survives a reopen and
// travels with an export.
import type { SessionEntry } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';
import type { SessionManager } from '../session/SessionManager';

/** Pins or unpins the message `entryId`; the entry written (none when nothing changes) and the pinned ids. */
export function setPinned(manager: SessionManager, entryId: string, pinned: boolean): { entry?: SessionEntry; pinned: string[] } {
  const target = manager.getEntry(entryId);
  if (target?.type !== 'message' || target.message.purpose === 'handoff') throw new BatonError('not_found', texts.messageNotInSession);
  const entry = manager.getPinned().has(entryId) === pinned ? undefined : manager.appendPin(entryId, pinned);
  return { ...(entry && { entry }), pinned: [...manager.getPinned()] };
}
