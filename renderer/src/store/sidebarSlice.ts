// The sessions sidebar: the listed summaries (filtered by the search box, which searches titles and
// message text), which sessions are writing a reply or a handoff (Generating) and which finished one
// while this view showed another (New reply), inline rename and delete-with-confirmation.
import type { BatonEvent } from '../../../shared/contract';
import type { IndexProgress, SessionHit } from '../../../shared/search';
import { sessionAddress } from '../../../shared/sessionAddress';
import { sessionTree } from '../lib/sessionTree';
import { callApi, tryCall } from './call';
import type { SliceCreator } from './types';

export interface SidebarState {
  summaries: SessionHit[];
  /**
   * Every session's title as last listed, searched or not: lineage names a parent that a search has
   * filtered out of `summaries`.
   */
  titles: Record<string, string>;
  query: string;
  /** While the full-text index is being built: sessions not read yet match by title only. */
  indexing: IndexProgress | null;
  renamingId: string | null;
  /** The session waiting for the user to confirm its deletion. */
  pendingDelete: SessionHit | null;
  /** Sessions whose reply or handoff is being written (SPEC §5 Generating). */
  running: string[];
  /** Sessions that finished writing while this view showed another, until opened (SPEC §5 New reply). */
  unread: string[];
  /** Counts the requests to focus the first listed session (↓ in the search box). */
  focusRow: number;
}

export interface SidebarSlice {
  sidebar: SidebarState;
  loadSessions: () => Promise<void>;
  loadRunning: () => Promise<void>;
  /** The session is shown: it has no New reply any more. */
  markSeen: (id: string) => void;
  /** Opens the session in a new window (desktop) or tab (web mode). */
  openInNewWindow: (id: string) => Promise<void>;
  setQuery: (query: string) => void;
  /** Opens a search result at its match: the one it names, else the one the core picks now (past the first page). */
  openSearchResult: (hit: SessionHit) => Promise<void>;
  /** Opens a listed session (a search result at its match) and gives the composer focus. */
  openListed: (id: string) => void;
  /** Enter in the search box: opens the first session listed. */
  openFirstResult: () => void;
  focusFirstResult: () => void;
  startRename: (id: string) => void;
  cancelRename: () => void;
  renameSession: (id: string, title: string) => Promise<void>;
  requestDelete: (id: string) => void;
  cancelDelete: () => void;
  confirmDelete: () => Promise<void>;
  sidebarApplyEvent: (event: BatonEvent) => void;
}

export const createSidebarSlice: SliceCreator<SidebarSlice> = (set, get, deps) => {
  const update = (fields: Partial<SidebarState>) => set((s) => ({ sidebar: { ...s.sidebar, ...fields } }));
  // Answers can overtake each other while the user types; only the latest request's answer counts.
  let latest = 0;

  const saveTitle = async (id: string, title: string): Promise<void> => {
    // Show the new title at once; the list reloads on `sessions_changed` (or here on failure).
    const { summaries, titles } = get().sidebar;
    update({ summaries: summaries.map((s) => (s.id === id ? { ...s, title } : s)), titles: { ...titles, [id]: title } });
    const ok = await callApi(deps, get, 'sessions.rename', { id, title }, () => saveTitle(id, title));
    if (!ok) await get().loadSessions();
  };

  /** The message a result past the first page opens at, picked now; none (it changed since): the session opens as it is. */
  const matchOf = async (id: string): Promise<string | undefined> => {
    const query = get().sidebar.query.trim();
    if (!query) return undefined;
    const found = await tryCall(deps, 'sessions.match', { id, query });
    return found.ok ? found.data?.entryId : undefined;
  };

  const remove = async (id: string): Promise<void> => {
    const ok = await callApi(deps, get, 'sessions.delete', { id }, () => remove(id));
    if (ok) update({ summaries: get().sidebar.summaries.filter((s) => s.id !== id) });
  };

  return {
    sidebar: { summaries: [], titles: {}, query: '', indexing: null, renamingId: null, pendingDelete: null, running: [], unread: [], focusRow: 0 },

    async loadSessions() {
      const ticket = ++latest;
      const query = get().sidebar.query.trim();
      const summaries = await callApi(deps, get, 'sessions.list', query ? { query } : {});
      if (!summaries || ticket !== latest) return;
      const listed = Object.fromEntries(summaries.map((s) => [s.id, s.title]));
      // The whole list replaces what was known (deleted sessions go); a search's answer adds to it.
      update({ summaries, titles: query ? { ...get().sidebar.titles, ...listed } : listed });
    },

    async loadRunning() {
      const running = await callApi(deps, get, 'sessions.running', {});
      if (!running) return;
      // After a reconnect: a reply that finished while the page could not hear it is new all the same.
      const { running: before, unread } = get().sidebar;
      const finished = before.filter((id) => !running.includes(id));
      update({ running, unread: withUnseen(unread, finished, get().session?.header.id) });
    },

    markSeen(id) {
      const { unread } = get().sidebar;
      if (unread.includes(id)) update({ unread: unread.filter((u) => u !== id) });
    },

    async openInNewWindow(id) {
      const result = await callApi(deps, get, 'app.openWindow', { sessionId: id });
      // Web mode: the server opens no windows; the page opens a tab at the session's address.
      if (result && !result.opened) deps.address.openNew(sessionAddress(id));
    },

    setQuery(query) {
      update({ query });
      void get().loadSessions();
    },

    async openSearchResult(hit) {
      const entryId = hit.match?.entryId ?? (hit.match ? await matchOf(hit.id) : undefined);
      return entryId ? get().openSessionAt(hit.id, entryId) : get().openSession(hit.id);
    },

    openListed(id) {
      const summary = get().sidebar.summaries.find((s) => s.id === id);
      if (!summary || summary.unreadable) return;
      void get().openSearchResult(summary);
      // What one does after choosing a session is write in it.
      get().requestFocus('composer');
    },

    openFirstResult() {
      const first = sessionTree(get().sidebar.summaries)[0]?.items[0];
      if (first) get().openListed(first.summary.id);
    },

    focusFirstResult() {
      update({ focusRow: get().sidebar.focusRow + 1 });
    },

    startRename(id) {
      update({ renamingId: id });
    },

    cancelRename() {
      update({ renamingId: null });
    },

    async renameSession(id, title) {
      // Enter saves and unmounts the field, whose blur then asks again: only the first ask counts.
      if (get().sidebar.renamingId !== id) return;
      update({ renamingId: null });
      const trimmed = title.trim();
      const current = get().sidebar.summaries.find((s) => s.id === id);
      if (!trimmed || trimmed === current?.title) return;
      await saveTitle(id, trimmed);
    },

    requestDelete(id) {
      const summary = get().sidebar.summaries.find((s) => s.id === id);
      if (summary) update({ pendingDelete: summary });
    },

    cancelDelete() {
      update({ pendingDelete: null });
      get().requestFocus('search');
    },

    async confirmDelete() {
      const target = get().sidebar.pendingDelete;
      if (!target) return;
      update({ pendingDelete: null });
      get().requestFocus('search');
      await remove(target.id);
    },

    sidebarApplyEvent(event) {
      if (event.type === 'sessions_changed') void get().loadSessions();
      if (event.type === 'session_status') {
        const { running, unread } = get().sidebar;
        const others = running.filter((id) => id !== event.sessionId);
        const finished = !event.running && running.includes(event.sessionId) ? [event.sessionId] : [];
        update({ running: event.running ? [...others, event.sessionId] : others, unread: withUnseen(unread, finished, get().session?.header.id) });
      }
      if (event.type === 'search_index') {
        const done = event.indexed >= event.total;
        update({ indexing: done ? null : { indexed: event.indexed, total: event.total } });
        // The index now holds every session: a search shown so far may miss some.
        if (done && get().sidebar.query.trim()) void get().loadSessions();
      }
    },
  };
};

/** `unread` with the sessions whose run just `finished` added, but for the one on screen: its reply was seen. */
function withUnseen(unread: string[], finished: string[], shown: string | undefined): string[] {
  const added = finished.filter((id) => id !== shown && !unread.includes(id));
  return added.length === 0 ? unread : [...unread, ...added];
}
