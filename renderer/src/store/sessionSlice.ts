// The open session: its header, lineage, context meter, todos and streaming flag. Loading a
// SessionView here is the one way the open session changes (startup, open, new, handoff, switch).
import type { BatonEvent, SessionView } from '../../../shared/contract';
import type { SessionEntry, SessionHeader, TodoItem, Usage } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import { uiTexts } from '../texts';
import { buildChat } from './chatItems';
import { callApi } from './call';
import { modelInfo } from './modelsSlice';
import type { SliceCreator } from './types';

export interface OpenSession {
  header: SessionHeader;
  /** Title from the header or the last `session_info` entry; the sidebar's may be fresher. */
  title?: string;
  parentTitle?: string;
  unreadableRecords: number;
  model: string;
  contextTokens: number;
  contextWindow: number;
  isStreaming: boolean;
  todos: TodoItem[];
  /** `message` entries, for the handoff guard (SPEC §4.1 step 2). */
  messageCount: number;
  /** Input tokens, the cached ones included (they are context too). */
  tokensIn: number;
  /** The part of tokensIn read from the prompt cache. */
  tokensCached: number;
  tokensOut: number;
  /** Identifies what was loaded, so the same view arriving twice (call result + event) loads once. */
  lastEntryId: string | null;
  /** Entries in the whole session, loaded or not. */
  totalEntries: number;
  /** Entries before the first loaded one: a huge session arrives as its newest entries only. */
  firstEntryIndex: number;
}

export interface ContextSavings {
  sessionId: string;
  before: number;
  after: number;
}

export interface SessionSlice {
  session: OpenSession | null;
  savings: ContextSavings | null;
  loadSession: (view: SessionView, savings?: ContextSavings) => void;
  openSession: (id: string) => Promise<void>;
  /** Opens a session scrolled to one of its entries (a search result), loading older entries until it is there. */
  openSessionAt: (id: string, entryId: string) => Promise<void>;
  newSession: () => Promise<void>;
  setSessionModel: (model: string) => void;
  /** The meter measures against the model's window as the model catalog gives it. */
  syncContextWindow: () => void;
  /** Loads the page of entries before the first loaded one (scrolling back in a huge session). */
  loadOlderEntries: (limit?: number) => Promise<void>;
  sessionApplyEvent: (event: BatonEvent) => void;
}

/** How many older entries one scroll-back fetches. */
const OLDER_PAGE = 1000;
/** Looking for a search result's entry: the most one call may bring. */
const REVEAL_PAGE = 5000;

const UNREADABLE_KEY = 'unreadable';

type TokenTotals = Pick<OpenSession, 'tokensIn' | 'tokensCached' | 'tokensOut'>;

function tokenTotals(entries: readonly SessionEntry[]): TokenTotals {
  const totals: TokenTotals = { tokensIn: 0, tokensCached: 0, tokensOut: 0 };
  for (const e of entries) if (e.type === 'message' && e.message.usage) addUsage(totals, e.message.usage);
  return totals;
}

function addUsage(totals: TokenTotals, usage: Usage): TokenTotals {
  totals.tokensIn += usage.input_tokens;
  totals.tokensCached += usage.cache_read_input_tokens ?? 0;
  totals.tokensOut += usage.output_tokens;
  return totals;
}

function titleOf(view: SessionView): string | undefined {
  let title = view.header.title;
  for (const e of view.entries) if (e.type === 'session_info' && e.title) title = e.title;
  return title;
}

/** The open session's counts once `entry` is saved (it is the newest entry now). */
function counted(session: OpenSession, entry: SessionEntry): Partial<OpenSession> {
  const usage = entry.type === 'message' && entry.message.role === 'assistant' ? entry.message.usage : undefined;
  const { tokensIn, tokensCached, tokensOut } = session;
  return {
    messageCount: session.messageCount + (entry.type === 'message' ? 1 : 0),
    ...(usage ? addUsage({ tokensIn, tokensCached, tokensOut }, usage) : {}),
    lastEntryId: entry.id,
    totalEntries: session.totalEntries + 1,
  };
}

/** Event types that belong to one session, so events of another session are ignored. */
export function eventSessionId(event: BatonEvent): string | undefined {
  return 'sessionId' in event ? event.sessionId : undefined;
}

export const createSessionSlice: SliceCreator<SessionSlice> = (set, get, deps) => {
  let loadingOlder = false;
  const patch = (fields: Partial<OpenSession>) =>
    set((s) => (s.session ? { session: { ...s.session, ...fields } } : {}));

  return {
    session: null,
    savings: null,

    loadSession(view, savings) {
      const current = get().session;
      const lastEntryId = view.entries.at(-1)?.id ?? null;
      const totalEntries = view.firstEntryIndex + view.entries.length;
      const same =
        current?.header.id === view.header.id && current.totalEntries === totalEntries && current.lastEntryId === lastEntryId;
      if (savings) set({ savings });
      else if (get().savings?.sessionId !== view.header.id) set({ savings: null });
      if (same) {
        // Same entries: keep the chat, but take what may have moved on (e.g. after a reconnect).
        const { isStreaming, todos, contextTokens, contextWindow, model } = view;
        return patch({ isStreaming, todos, contextTokens, contextWindow, model });
      }

      const built = buildChat(view.entries);
      set({
        session: {
          header: view.header,
          title: titleOf(view),
          parentTitle: view.parentTitle,
          unreadableRecords: view.unreadableRecords,
          model: view.model,
          contextTokens: view.contextTokens,
          contextWindow: view.contextWindow,
          isStreaming: view.isStreaming,
          todos: view.todos,
          messageCount: built.messageCount,
          ...tokenTotals(view.entries),
          lastEntryId,
          totalEntries,
          firstEntryIndex: view.firstEntryIndex,
        },
      });
      get().resetChat(built);
      get().clearNotice('retry');
      if (view.unreadableRecords > 0) get().notify('warning', texts.unreadableRecords(view.unreadableRecords), UNREADABLE_KEY);
      else get().clearNotice(UNREADABLE_KEY);
    },

    async openSession(id) {
      const view = await callApi(deps, get, 'sessions.open', { id }, () => get().openSession(id));
      if (view) get().loadSession(view);
      get().closeSidebarOnNarrow();
    },

    async openSessionAt(id, entryId) {
      await get().openSession(id);
      if (get().session?.header.id !== id) return; // it did not open (an error was shown)
      const loaded = () => get().chat.items.some((item) => item.key === entryId);
      while (!loaded() && (get().session?.firstEntryIndex ?? 0) > 0) {
        const before = get().session?.firstEntryIndex;
        await get().loadOlderEntries(REVEAL_PAGE);
        if (get().session?.header.id !== id || get().session?.firstEntryIndex === before) return;
      }
      if (loaded()) get().showEntry(entryId);
      else get().notify('info', uiTexts.matchNotShown);
    },

    async newSession() {
      const view = await callApi(deps, get, 'sessions.new', {}, () => get().newSession());
      if (view) get().loadSession(view);
      get().closeSidebarOnNarrow();
      get().requestFocus('composer');
    },

    setSessionModel(model) {
      patch({ model });
      get().syncContextWindow();
    },

    syncContextWindow() {
      const session = get().session;
      if (session) patch({ contextWindow: modelInfo(get().models, session.model).contextWindow });
    },

    async loadOlderEntries(limit = OLDER_PAGE) {
      const session = get().session;
      if (!session || session.firstEntryIndex === 0 || loadingOlder) return;
      loadingOlder = true;
      try {
        const id = session.header.id;
        const page = await callApi(deps, get, 'sessions.entries', { id, end: session.firstEntryIndex, limit });
        const now = get().session;
        if (!page || now?.header.id !== id) return; // another session opened meanwhile
        const built = buildChat(page.entries);
        const tokens = tokenTotals(page.entries);
        get().prependChat(built);
        patch({
          firstEntryIndex: page.start,
          messageCount: now.messageCount + built.messageCount,
          tokensIn: now.tokensIn + tokens.tokensIn,
          tokensCached: now.tokensCached + tokens.tokensCached,
          tokensOut: now.tokensOut + tokens.tokensOut,
        });
      } finally {
        loadingOlder = false;
      }
    },

    sessionApplyEvent(event) {
      if (event.type === 'session_switched') return get().loadSession(event.session);
      // Errors and retries are shown whichever session they come from: nothing is silently dropped.
      if (event.type === 'error') {
        const error = { code: event.code, message: event.message };
        return void (get().claimHandoffError(error) || get().reportError(error));
      }
      if (event.type === 'retry') return get().notify('info', uiTexts.retrying(event.attempt), { key: 'retry', lasting: true });
      const session = get().session;
      if (!session || eventSessionId(event) !== session.header.id) return;
      switch (event.type) {
        case 'agent_start':
          return patch({ isStreaming: true });
        case 'agent_end':
          get().clearNotice('retry');
          return patch({ isStreaming: false });
        case 'message_end':
          if (event.entry) patch(counted(session, event.entry));
          return;
        case 'entry_added':
          return patch(counted(session, event.entry));
        case 'usage':
          return patch({ contextTokens: event.contextTokens });
        case 'todos_changed':
          return patch({ todos: event.todos });
        default:
          return;
      }
    },
  };
};
