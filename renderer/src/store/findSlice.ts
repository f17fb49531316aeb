// Find in session (SPEC §5): the find bar's query and which match is shown. Matches are derived from the
// loaded chat rows (selectFindMatches), newest first, so older rows loaded later only add matches after
// the ones counted so far. Stepping past the oldest loaded match loads older messages and goes on there.
import { findMatches, type FindMatch } from '../lib/find';
import type { BatonState, SliceCreator } from './types';

export interface FindState {
  open: boolean;
  query: string;
  /** The match shown, by row and occurrence, so it stays put while rows are added. */
  current: { key: string; occurrence: number } | null;
  /** Bumped on every move to a match, so the chat scrolls to it even when it is the same one. */
  seq: number;
  /** Older messages are being loaded to look for more matches. */
  loadingOlder: boolean;
}

export interface FindSlice {
  find: FindState;
  openFind: () => void;
  closeFind: () => void;
  setFindQuery: (query: string) => void;
  /** Enter: the next older match; Shift+Enter: the next newer one. Both wrap around. */
  findStep: (direction: 'older' | 'newer') => Promise<void>;
}

/** Messages fetched per page while looking for an older match: the most one call may bring. */
const OLDER_PAGE = 5000;

export const createFindSlice: SliceCreator<FindSlice> = (set, get) => {
  const update = (fields: Partial<FindState>) => set((s) => ({ find: { ...s.find, ...fields } }));
  const show = (match: FindMatch | undefined) =>
    update({ current: match ? { key: match.key, occurrence: match.occurrence } : null, seq: get().find.seq + 1 });

  return {
    find: { open: false, query: '', current: null, seq: 0, loadingOlder: false },

    openFind() {
      update({ open: true });
      get().requestFocus('find');
    },

    closeFind() {
      update({ open: false, current: null });
    },

    setFindQuery(query) {
      update({ query });
      show(selectFindMatches(get())[0]);
    },

    async findStep(direction) {
      if (get().find.loadingOlder) return;
      let matches = selectFindMatches(get());
      const at = currentIndex(get(), matches);
      if (direction === 'newer') return show(matches[at > 0 ? at - 1 : matches.length - 1]);
      if (at + 1 < matches.length) return show(matches[at + 1]);
      // Past the oldest loaded match: look further back before wrapping around.
      update({ loadingOlder: true });
      try {
        while ((get().session?.firstEntryIndex ?? 0) > 0 && matches.length <= at + 1) {
          const before = get().session?.firstEntryIndex;
          await get().loadOlderEntries(OLDER_PAGE);
          if (get().session?.firstEntryIndex === before) break; // nothing came (an error was shown)
          matches = selectFindMatches(get());
        }
      } finally {
        update({ loadingOlder: false });
      }
      show(matches[at + 1] ?? matches[0]);
    },
  };
};

let memo: { items: unknown; query: string; matches: FindMatch[] } | undefined;

/** The matches of the open find bar's query in the loaded rows (the same array while neither changes). */
export function selectFindMatches(s: BatonState): FindMatch[] {
  const query = s.find.open ? s.find.query : '';
  if (memo?.items !== s.chat.items || memo.query !== query) memo = { items: s.chat.items, query, matches: findMatches(s.chat.items, query) };
  return memo.matches;
}

/** The shown match's position in `matches`, or -1. */
export function currentIndex(s: BatonState, matches: readonly FindMatch[]): number {
  const current = s.find.current;
  if (!current) return -1;
  return matches.findIndex((m) => m.key === current.key && m.occurrence === current.occurrence);
}
