// Notices: success, info and warning text for the status region; errors for the alert region (SPEC §5).
// Successes, infos and warnings fade by themselves unless they report something still going on (a lost
// connection, a retry, an import); the same notice is never shown twice; at most three are on screen,
// the newest, and an older one that has not faded waits for room; an error about a failed action
// carries the way out (Retry, or Open settings for a key problem).
import type { ApiError } from '../../../shared/contract';
import { texts } from '../../../shared/texts';
import { uiTexts } from '../texts';
import type { SliceCreator } from './types';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

export interface NoticeAction {
  label: 'Retry' | 'Open settings' | 'Open' | 'Hand off' | 'Review anyway';
  run: () => void;
}

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  /** A notice with a key replaces the earlier one with the same key (e.g. retry attempts). */
  key?: string;
  action?: NoticeAction;
  /** What the user can do about it, under the text (a failed handoff's hint). */
  detail?: string;
}

export interface NoticeOptions {
  key?: string;
  /** Reports something still going on: it stays until cleared by its key, or dismissed. */
  lasting?: boolean;
  action?: NoticeAction;
  detail?: string;
}

export interface NoticeSlice {
  notices: Notice[];
  /** `options` as a string is the notice's key. */
  notify: (kind: NoticeKind, text: string, options?: string | NoticeOptions) => void;
  dismissNotice: (id: number) => void;
  clearNotice: (key: string) => void;
  /** Clears every notice whose key starts with `prefix` (each of a kind that stack, such as one per failure). */
  clearNoticesStartingWith: (prefix: string) => void;
  /** `retry` repeats the action that failed; it is offered as Retry. `key` lets the notice be cleared later. */
  reportError: (error: ApiError, retry?: () => unknown, key?: string) => void;
}

/** How many notices are on screen at once: the newest. */
export const MAX_NOTICES = 3;
/** How many are kept, shown or waiting; beyond that the oldest is dropped. */
const MAX_KEPT = 12;
/** How long a notice that fades stays, by kind: long enough to read twice. Errors stay until dismissed. */
export const FADE_MS: Record<Exclude<NoticeKind, 'error'>, number> = { success: 6_000, info: 8_000, warning: 10_000 };

export const isAlert = (notice: Notice) => notice.kind === 'error';

/** The alerts of calls that could not reach the core: cleared once the connection is back. */
export const UNREACHABLE_KEY = 'unreachable';
/** The transport's words for those: no connection, or one that went while the call was on its way. */
const unreachableTexts = () => [uiTexts.cannotReachServer, uiTexts.connectionLostDuringCall];
/** "Wait for the current response…": cleared once the run is over. */
export const BUSY_KEY = 'busy';
// Read when a notice comes, in the language it was written in.
const busyTexts = () => [texts.busy, texts.handoffBusy];

/** The key a notice gets by what it says: what clears it once it no longer holds. */
function keyOf(text: string): string | undefined {
  // A failure worded by its action ("Handoff failed: connection to the Baton server was lost") counts too.
  const lower = text.toLowerCase();
  if (unreachableTexts().some((t) => lower.includes(t.toLowerCase()))) return UNREACHABLE_KEY;
  return busyTexts().includes(text) ? BUSY_KEY : undefined;
}

/** Refusals: the same request would be refused again, so they get no Retry. */
const REFUSALS: ReadonlySet<ApiError['code']> = new Set(['invalid_input', 'forbidden', 'not_found']);

/** The notices on screen. */
export const shownNotices = (notices: readonly Notice[]): readonly Notice[] => notices.slice(-MAX_NOTICES);

let nextId = 1;

export const createNoticeSlice: SliceCreator<NoticeSlice> = (set, get, deps) => ({
  notices: [],

  notify(kind, text, options = {}) {
    const given = typeof options === 'string' ? { key: options } : options;
    const { lasting = false, action, detail } = given;
    // What the text says decides first: an unreachable core is cleared on reconnect whatever the sender's key.
    const key = keyOf(text) ?? given.key;
    const notice: Notice = { id: nextId++, kind, text, key, action, ...(detail !== undefined && { detail }) };
    set((s) => {
      // The same text again (a second click, say) refreshes the notice instead of stacking a copy.
      const replaces = (n: Notice) => (key !== undefined && n.key === key) || (n.kind === kind && n.text === text);
      const kept = s.notices.filter((n) => !replaces(n));
      return { notices: [...kept.slice(Math.max(0, kept.length - MAX_KEPT + 1)), notice] };
    });
    if (kind !== 'error' && !lasting) deps.setTimeout(() => get().dismissNotice(notice.id), FADE_MS[kind]);
  },

  dismissNotice(id) {
    if (get().notices.some((n) => n.id === id)) set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },

  clearNotice(key) {
    if (get().notices.some((n) => n.key === key)) set((s) => ({ notices: s.notices.filter((n) => n.key !== key) }));
  },

  clearNoticesStartingWith(prefix) {
    if (get().notices.some((n) => n.key?.startsWith(prefix))) set((s) => ({ notices: s.notices.filter((n) => !n.key?.startsWith(prefix)) }));
  },

  reportError(error, retry, key) {
    const keyProblem = error.code === 'no_api_key';
    // Settings can take a key only where the app is past the first-run screen, which asks for one itself.
    const action: NoticeAction | undefined =
      keyProblem && get().info?.hasApiKey
        ? { label: 'Open settings', run: () => get().openSettings({ focusApiKey: true }) }
        : !keyProblem && retry && !REFUSALS.has(error.code)
          ? { label: 'Retry', run: () => void retry() }
          : undefined;
    get().notify('error', error.message, { action, key });
    if (keyProblem) void get().askForApiKey();
  },
});
