// Derived values components share; each reads state, none changes it.
import { DEFAULT_SETTINGS, isPastThreshold } from '../../../shared/settings';
import { texts } from '../../../shared/texts';
import { uiTexts } from '../texts';
import { isEntryKey } from './chatItems';
import type { BatonState } from './types';

export const isModalOpen = (s: BatonState) =>
  s.handoff.phase !== 'closed' || s.ui.settingsOpen || s.sidebar.pendingDelete !== null;

export const isStreaming = (s: BatonState) => s.session?.isStreaming ?? false;

/** The session this view shows; every call about a session names it (SPEC §1). */
export const shownSessionId = (s: BatonState): string => s.session?.header.id ?? '';

/**
 * The row Retry answers again once nothing runs: the last message, when it is a saved reply that failed
 * or was stopped, or a message whose reply never came.
 */
export const retryTarget = (s: BatonState): string | undefined => {
  const last = s.chat.items.at(-1);
  if (isStreaming(s) || last?.kind !== 'message' || !isEntryKey(last.key)) return undefined;
  const { role, aborted, errorMessage } = last.message;
  return role === 'user' || aborted === true || errorMessage !== undefined ? last.key : undefined;
};

export const sessionTitle = (s: BatonState): string => {
  const id = s.session?.header.id;
  // From every title listed, not the search's results: a search that leaves the session out keeps its title.
  return (id ? s.sidebar.titles[id] : undefined) || s.session?.title || texts.untitled;
};

/** The parent's title, from the sidebar when it is listed (it may have been renamed), else the view. */
export const parentTitle = (s: BatonState): string => {
  const parentId = s.session?.header.parentSession;
  const listed = parentId ? s.sidebar.titles[parentId] : undefined;
  return listed ?? s.session?.parentTitle ?? uiTexts.unknownParent;
};

/** How many pinned messages the branch shown has: a pin on another version of a message is not handed off. */
export const pinnedShown = (s: BatonState): number =>
  s.session?.pinned.filter((id) => s.chat.items.some((item) => item.key === id)).length ?? 0;

/** Above the threshold the Hand off button invites a handoff (SPEC §4.2 context meter). */
export const contextIsLong = (s: BatonState): boolean => {
  const session = s.session;
  if (!session) return false;
  return isPastThreshold({ tokens: session.contextTokens, window: session.contextWindow }, s.settings?.contextThreshold ?? DEFAULT_SETTINGS.contextThreshold);
};

/**
 * Whether the open session has been handed off and nothing was said in it since: its last handoff
 * exchange succeeded and no message follows it. Found among the rows shown, newest first.
 */
export const wasHandedOff = (s: BatonState): boolean => {
  for (let i = s.chat.items.length - 1; i >= 0; i--) {
    const item = s.chat.items[i]!;
    if (item.kind === 'message') return false;
    if (item.kind === 'handoffExchange') return item.outcome?.outcome === 'done';
  }
  return false;
};

/** Fewer than two messages: a handoff would have nothing to carry (SPEC §4.1 step 2, the guard). */
export const hasNothingToHandOff = (s: BatonState): boolean => !s.session || s.session.messageCount < 2;

/** The Hand off button invites past the threshold, but not on a session that has already been handed off. */
export const handoffInvited = (s: BatonState): boolean => contextIsLong(s) && !wasHandedOff(s);

/**
 * The title of a listed session (it may have been renamed since a handoff recorded it); undefined for one
 * not in this data folder, such as the session an imported copy was handed off to.
 */
export const listedTitle = (s: BatonState, id: string): string | undefined => s.sidebar.titles[id];

/** A reply's actions (Continue, Hand off) are offered on the last row only, while nothing streams. */
export const isActionableRow = (s: BatonState, key: string): boolean => !isStreaming(s) && s.chat.items.at(-1)?.key === key;

/** An exchange row without an outcome is the running handoff's while the dialog is open and it is the last row. */
/** A handoff document is being written in the session shown (a message sent now is refused). */
export const isHandingOff = (s: BatonState): boolean => {
  const last = s.chat.items.at(-1);
  return last?.kind === 'handoffExchange' && last.outcome === null && isRunningHandoffRow(s, last.key);
};

/** The last row's handoff is still being written: in the dialog, or in the background (the session runs). */
export const isRunningHandoffRow = (s: BatonState, key: string): boolean =>
  (s.handoff.phase !== 'closed' || s.sidebar.running.includes(shownSessionId(s))) && s.chat.items.at(-1)?.key === key;

/** Whether the session shown can only be read here (its file cannot be written, or another machine has it open). */
export const isReadOnly = (s: BatonState): boolean => s.session?.readOnlyReason !== undefined;
