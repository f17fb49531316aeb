// The session this view shows: its header, lineage, context meter, todos and streaming flag. Loading a
// SessionView here is the one way it changes (startup, open, new, handoff, switch); the page's address
// follows it. Runs in other sessions go on meanwhile.
import type { BatonEvent, BranchView, ErrorCode, SessionView } from '../../../shared/contract';
import { HandoffDetails, type SessionEntry, type SessionHeader, type TodoItem, type Usage } from '../../../shared/session';
import { CustomType } from '../../../shared/sessionFormat';
import { sessionAddress } from '../../../shared/sessionAddress';
import { texts } from '../../../shared/texts';
import { uiTexts } from '../texts';
import { buildChat } from './chatItems';
import { callApi, tryCall } from './call';
import { modelInfo, modelNames } from './modelsSlice';
import { BUSY_KEY } from './noticeSlice';
import { retryTarget } from './selectors';
import { STORAGE_KEY } from './settingsSlice';
import type { SliceCreator } from './types';

export interface OpenSession {
  header: SessionHeader;
  /** Title from the header or the last `session_info` entry; the sidebar's may be fresher. */
  title?: string;
  parentTitle?: string;
  unreadableRecords: number;
  /** Why the session can be read here but not changed (the disk, or another machine has it open). */
  readOnlyReason?: string;
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
  /** Counts the branches shown, so a page of older entries fetched for one is never put before another. */
  branchSeq: number;
  /** The session's own custom instructions, when it overrides the Settings' ones. */
  instructions?: string | undefined;
  /** The last run's error, shown on the row it ended at, with its Retry or Hand off (SPEC §5). */
  replyError?: ReplyError | undefined;
  /** Pin for handoff (SPEC §4.3): the ids of the pinned messages. */
  pinned: string[];
  /** What the handoff this session started with recorded (carried over, sources), once its entry is loaded: the root of every branch. */
  handoffDetails?: HandoffDetails | undefined;
}

export interface ReplyError {
  /** The chat row the run had reached: the reply it cut short, or the message whose reply never came. */
  key: string;
  code: ErrorCode;
  message: string;
}

/** Errors of the API that end a reply: the same request may well succeed a moment later. */
const REPLY_FAILURES: ReadonlySet<ErrorCode> = new Set(['rate_limited', 'overloaded', 'server', 'network', 'timeout', 'internal']);

/**
 * What a failed reply offers, on its row and on its notice: Hand off for a conversation too long for the
 * window (the same request would fail again), Retry for a failure that may pass, nothing for a refusal.
 */
export function replyRemedy(code: ErrorCode): Remedy | null {
  if (code === 'context_too_long') return REMEDY.handOff;
  return REPLY_FAILURES.has(code) ? REMEDY.retry : null;
}

/** The remedies by name (a notice's action label too); each is shown through the catalogs. */
export const REMEDY = { retry: 'Retry', handOff: 'Hand off' } as const;
type Remedy = (typeof REMEDY)[keyof typeof REMEDY];

export interface ContextSavings {
  sessionId: string;
  before: number;
  after: number;
}

export interface SessionSlice {
  session: OpenSession | null;
  savings: ContextSavings | null;
  loadSession: (view: SessionView, savings?: ContextSavings) => void;
  /** Shows another branch of the open session (an edit, a regenerate, another version). */
  loadBranch: (branch: BranchView, contextTokens: number) => void;
  openSession: (id: string) => Promise<void>;
  /**
   * Opens a session scrolled to one of its entries (a search result), loading older entries until it is
   * there; an entry in another version of a message shows that version (SPEC §5).
   */
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
/** sessions.switchBranch's answers for an entry that is no version of a message (a tool result, say). */
const NOT_A_VERSION: ReadonlySet<string> = new Set(['not_found', 'invalid_input']);

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

/** What the open session counts of the entries loaded: messages, tokens, the last one, and how many. */
function branchFields(branch: BranchView) {
  return {
    ...tokenTotals(branch.entries),
    lastEntryId: branch.entries.at(-1)?.id ?? null,
    totalEntries: branch.firstEntryIndex + branch.entries.length,
    firstEntryIndex: branch.firstEntryIndex,
  };
}

/** The details of the handoff entry among `entries` (a handed-off session's first entry), if it is there. */
function handoffDetailsOf(entries: readonly SessionEntry[]): HandoffDetails | undefined {
  const entry = entries.find((e) => e.type === 'custom_message' && e.customType === CustomType.handoff);
  const parsed = entry?.type === 'custom_message' ? HandoffDetails.safeParse(entry.details) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

/** The pinned ids once `entry` is saved: a pin entry pins or unpins its message. */
function pinnedAfter(pinned: string[], entry: SessionEntry): string[] {
  if (entry.type !== 'pin' || pinned.includes(entry.entryId) === entry.pinned) return pinned;
  return entry.pinned ? [...pinned, entry.entryId] : pinned.filter((id) => id !== entry.entryId);
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
    pinned: pinnedAfter(session.pinned, entry),
  };
}

/** Event types that belong to one session, so events of another session are ignored. */
export function eventSessionId(event: BatonEvent): string | undefined {
  return 'sessionId' in event ? event.sessionId : undefined;
}

/** The notice of a failed reply, cleared when the next run starts. */
const REPLY_ERROR_KEY = 'reply-error';

export const createSessionSlice: SliceCreator<SessionSlice> = (set, get, deps) => {
  let loadingOlder = false;
  /** Sessions asked to be shown (opened or new): an answer to an earlier ask is not shown. */
  let asked = 0;
  const patch = (fields: Partial<OpenSession>) =>
    set((s) => (s.session ? { session: { ...s.session, ...fields } } : {}));
  const retryLastReply = async () => {
    const target = retryTarget(get());
    if (target) await get().regenerate(target);
  };

  /**
   * Loads older entries of the branch shown until `entryId` is among the rows: true once it is, false when
   * the whole branch is loaded without it, undefined when loading stopped (another session, an error shown).
   */
  const loadUntilShown = async (id: string, entryId: string): Promise<boolean | undefined> => {
    const loaded = () => get().chat.items.some((item) => item.key === entryId);
    while (!loaded() && (get().session?.firstEntryIndex ?? 0) > 0) {
      const before = get().session?.firstEntryIndex;
      await get().loadOlderEntries(REVEAL_PAGE);
      if (get().session?.header.id !== id || get().session?.firstEntryIndex === before) return undefined;
    }
    return loaded();
  };

  return {
    session: null,
    savings: null,

    loadSession(view, savings) {
      const current = get().session;
      deps.address.write(sessionAddress(view.header.id));
      get().markSeen(view.header.id);
      if (view.readOnlyReason) get().notify('error', view.readOnlyReason, STORAGE_KEY);
      // A handoff under way (or waiting for review) in this session shows again (SPEC §4.2).
      if (current?.header.id !== view.header.id) get().resumeHandoff(view.header.id, view.handoff);
      const lastEntryId = view.entries.at(-1)?.id ?? null;
      const totalEntries = view.firstEntryIndex + view.entries.length;
      const same =
        current?.header.id === view.header.id && current.totalEntries === totalEntries && current.lastEntryId === lastEntryId;
      if (savings) set({ savings });
      else if (get().savings?.sessionId !== view.header.id) set({ savings: null });
      if (same) {
        // Same entries: keep the chat, but take what may have moved on (e.g. after a reconnect).
        const { isStreaming, todos, contextTokens, contextWindow, model, pinned = [], readOnlyReason } = view;
        return patch({ isStreaming, todos, contextTokens, contextWindow, model, pinned, readOnlyReason });
      }

      const built = buildChat(view.entries, view.versions, modelNames(get().models));
      set({
        session: {
          header: view.header,
          title: titleOf(view),
          instructions: view.instructions,
          parentTitle: view.parentTitle,
          unreadableRecords: view.unreadableRecords,
          readOnlyReason: view.readOnlyReason,
          model: view.model,
          contextTokens: view.contextTokens,
          contextWindow: view.contextWindow,
          isStreaming: view.isStreaming,
          todos: view.todos,
          messageCount: built.messageCount,
          pinned: view.pinned ?? [],
          handoffDetails: handoffDetailsOf(view.entries),
          ...branchFields(view),
          branchSeq: (current?.branchSeq ?? 0) + 1,
        },
      });
      get().resetChat(built);
      get().setApprovals(view.approvals ?? []);
      if (view.isStreaming && view.streamingText) get().resumeStream(view.streamingText);
      get().clearNotice('retry');
      if (view.unreadableRecords > 0) get().notify('warning', texts.unreadableRecords(view.unreadableRecords), UNREADABLE_KEY);
      else get().clearNotice(UNREADABLE_KEY);
    },

    loadBranch(branch, contextTokens) {
      const session = get().session;
      if (!session) return;
      const built = buildChat(branch.entries, branch.versions, modelNames(get().models));
      patch({ messageCount: built.messageCount, contextTokens, ...branchFields(branch), branchSeq: session.branchSeq + 1, replyError: undefined });
      get().showBranch(built);
    },

    async openSession(id) {
      const ask = ++asked;
      const view = await callApi(deps, get, 'sessions.open', { id }, () => get().openSession(id));
      // A big session opens while the user may already have gone on to another: the later one stays.
      if (ask !== asked) return;
      if (view) get().loadSession(view);
      get().closeSidebarOnNarrow();
    },

    async openSessionAt(id, entryId) {
      await get().openSession(id);
      if (get().session?.header.id !== id) return; // it did not open (an error was shown)
      let found = await loadUntilShown(id, entryId);
      if (found === false) {
        // Not on the branch shown: the match is in another version of a message, so that one is shown.
        const switched = await tryCall(deps, 'sessions.switchBranch', { sessionId: id, entryId });
        if (!switched.ok && !NOT_A_VERSION.has(switched.error.code)) return get().reportError(switched.error);
        if (switched.ok && get().session?.header.id === id) {
          get().loadSession(switched.data);
          found = await loadUntilShown(id, entryId);
        }
      }
      if (found) get().showEntry(entryId);
      else if (found === false) get().notify('info', uiTexts.matchNotShown);
    },

    async newSession() {
      asked++;
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
        // Another session or another branch is shown now: the page belongs to what was shown before.
        if (!page || now?.header.id !== id || now.branchSeq !== session.branchSeq) return;
        const built = buildChat(page.entries, page.versions, modelNames(get().models));
        const tokens = tokenTotals(page.entries);
        get().prependChat(built);
        patch({
          firstEntryIndex: page.start,
          messageCount: now.messageCount + built.messageCount,
          tokensIn: now.tokensIn + tokens.tokensIn,
          tokensCached: now.tokensCached + tokens.tokensCached,
          tokensOut: now.tokensOut + tokens.tokensOut,
          handoffDetails: handoffDetailsOf(page.entries) ?? now.handoffDetails,
        });
      } finally {
        loadingOlder = false;
      }
    },

    sessionApplyEvent(event) {
      if (event.type === 'session_switched') return get().loadSession(event.session);
      if (event.type === 'branch_changed') {
        return get().session?.header.id === event.sessionId ? get().loadBranch(event.branch, event.contextTokens) : undefined;
      }
      // Errors reach the views of their session (or all, for the app's own); retries too.
      if (event.type === 'error') {
        const error = { code: event.code, message: event.message };
        const shown = get().session;
        // A run's error belongs to the row the run had reached, and shows there with what it offers.
        const key = shown?.isStreaming && eventSessionId(event) === shown.header.id ? get().chat.items.at(-1)?.key : undefined;
        if (key) patch({ replyError: { key, ...error } });
        // The notice offers the same: a conversation too long for the window goes on in a handoff, not in the
        // same request again; a reply that may succeed a moment later can be asked for again.
        const remedy = replyRemedy(error.code);
        if (remedy === 'Hand off') {
          return get().notify('error', error.message, { key: REPLY_ERROR_KEY, action: { label: 'Hand off', run: () => get().requestHandoff() } });
        }
        const retry = remedy === 'Retry' ? () => retryLastReply() : undefined;
        return get().reportError(error, retry, retry && REPLY_ERROR_KEY);
      }
      if (event.type === 'retry') return get().notify('info', uiTexts.retrying(event.attempt), { key: 'retry', lasting: true });
      const session = get().session;
      if (!session || eventSessionId(event) !== session.header.id) return;
      switch (event.type) {
        case 'agent_start':
          get().clearNotice(REPLY_ERROR_KEY); // a new run answers, or fails anew
          return patch({ isStreaming: true, replyError: undefined });
        case 'agent_end':
          get().clearNotice('retry');
          get().clearNotice(BUSY_KEY); // "Wait for the current response…" no longer holds
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
