// Message actions (SPEC §5): edit a message, regenerate or retry a reply, show another version of a
// message. Each asks the core to move the session's leaf; the chat follows from the branch_changed event
// the core sends before anything else of the run, so the rows never mix two branches. Pin for handoff
// (SPEC §4.3) marks a message whose text the next handoff carries word for word.
import { callApi, tryCall } from './call';
import { shownSessionId } from './selectors';
import type { SliceCreator } from './types';

export type VersionControl = 'previous' | 'next';

export interface MessageActionsSlice {
  /** The message being edited and its draft; kept here, so scrolling it out of view loses nothing. */
  messageEdit: { entryId: string; text: string } | null;
  /** After Previous/Next version: the row to bring into view, and the control that takes focus there. */
  versionFocus: { entryId: string; control: VersionControl } | null;
  startEdit: (entryId: string, text: string) => void;
  setEditText: (text: string) => void;
  cancelEdit: () => void;
  /** Save and send: the draft becomes a new version of the message, and is answered. */
  saveEdit: () => Promise<void>;
  /** Regenerate and Retry: a new version of a reply (or the missing reply to a message). */
  regenerate: (entryId: string) => Promise<void>;
  /** Shows the version `entryId` of a message; `control` is the button that asked. */
  showVersion: (entryId: string, control: VersionControl) => Promise<void>;
  versionFocused: () => void;
  /** Pin for handoff / Unpin: the pins follow the call's answer (other views: the pin entry's event). */
  setPinned: (entryId: string, pinned: boolean) => Promise<void>;
}

export const createMessageActionsSlice: SliceCreator<MessageActionsSlice> = (set, get, deps) => ({
  messageEdit: null,
  versionFocus: null,

  startEdit(entryId, text) {
    set({ messageEdit: { entryId, text } });
  },

  setEditText(text) {
    const edit = get().messageEdit;
    if (edit) set({ messageEdit: { ...edit, text } });
  },

  cancelEdit() {
    if (get().messageEdit) set({ messageEdit: null });
  },

  async saveEdit() {
    const edit = get().messageEdit;
    if (!edit?.text.trim()) return;
    const result = await tryCall(deps, 'chat.edit', { sessionId: shownSessionId(get()), entryId: edit.entryId, text: edit.text });
    // On failure the draft stays open, so nothing typed is lost.
    if (!result.ok) return get().reportError(result.error);
    if (get().messageEdit?.entryId === edit.entryId) set({ messageEdit: null });
    get().requestFocus('composer'); // the conversation goes on there
  },

  async regenerate(entryId) {
    await callApi(deps, get, 'chat.regenerate', { sessionId: shownSessionId(get()), entryId });
  },

  async showVersion(entryId, control) {
    const view = await callApi(deps, get, 'sessions.switchBranch', { sessionId: shownSessionId(get()), entryId });
    if (!view) return;
    get().loadSession(view);
    set({ versionFocus: { entryId, control } });
  },

  versionFocused() {
    if (get().versionFocus) set({ versionFocus: null });
  },

  async setPinned(entryId, pinned) {
    const sessionId = shownSessionId(get());
    const answer = await callApi(deps, get, pinned ? 'sessions.pin' : 'sessions.unpin', { sessionId, entryId }, () => get().setPinned(entryId, pinned));
    const session = get().session;
    if (answer && session?.header.id === sessionId) set({ session: { ...session, pinned: answer.pinned } });
  },
});
