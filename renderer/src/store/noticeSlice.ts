// Notices: success, info and warning text for the status region; errors for the alert region.
import type { ApiError } from '../../../shared/contract';
import type { SliceCreator } from './types';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
  /** A notice with a key replaces the earlier one with the same key (e.g. retry attempts). */
  key?: string;
}

export interface NoticeSlice {
  notices: Notice[];
  notify: (kind: NoticeKind, text: string, key?: string) => void;
  dismissNotice: (id: number) => void;
  clearNotice: (key: string) => void;
  reportError: (error: ApiError) => void;
}

/** How many notices of one region stay on screen; older ones make room. */
const KEEP_PER_REGION = 4;
/** Success and info notices fade; warnings and errors stay until dismissed or replaced. */
const FADE_MS = 12_000;

export const isAlert = (notice: Notice) => notice.kind === 'error';

let nextId = 1;

export const createNoticeSlice: SliceCreator<NoticeSlice> = (set, get, deps) => ({
  notices: [],

  notify(kind, text, key) {
    const notice: Notice = { id: nextId++, kind, text, key };
    set((s) => {
      // The same text again (a second click, say) refreshes the notice instead of stacking a copy.
      const replaces = (n: Notice) => (key !== undefined && n.key === key) || (n.kind === kind && n.text === text);
      const kept = s.notices.filter((n) => !replaces(n));
      const sameRegion = kept.filter((n) => isAlert(n) === isAlert(notice));
      const drop = new Set(sameRegion.slice(0, Math.max(0, sameRegion.length - KEEP_PER_REGION + 1)).map((n) => n.id));
      return { notices: [...kept.filter((n) => !drop.has(n.id)), notice] };
    });
    if (kind === 'success' || kind === 'info') deps.setTimeout(() => get().dismissNotice(notice.id), FADE_MS);
  },

  dismissNotice(id) {
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },

  clearNotice(key) {
    if (get().notices.some((n) => n.key === key)) set((s) => ({ notices: s.notices.filter((n) => n.key !== key) }));
  },

  reportError(error) {
    get().notify('error', error.message);
    if (error.code === 'no_api_key') void get().askForApiKey();
  },
});
