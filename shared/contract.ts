// The typed IPC contract (SPEC §1): every call with its input and output schema, every event with its
// payload. Both transports (Electron IPC and the web-mode WebSocket) carry exactly this.
import { z } from 'zod';
import { Attachment, UPLOAD_CHUNK_BASE64_CHARS } from './attachments';
import { ModelInfo } from './models';
import { IndexProgress, SessionHit } from './search';
import { AgentMessage, CarryOverItem, DocumentChanges, ImportFormat, INSTRUCTIONS_MAX, SessionEntry, SessionHeader, TodoItem, Usage } from './session';
import { McpOverview, McpServerConfig } from './mcpConfig';
import { Settings, SettingsPatch } from './settings';
import { ApprovalDecision, PendingApproval } from './toolApproval';

const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });

/**
 * The branch of the open session that is shown (SPEC §2 "leaf"): root → leaf, the newest entries of it
 * when it is long, and the versions of its messages that were edited or regenerated.
 */
export const BranchView = z.object({
  /** The newest entries of the branch (all of them for an ordinary session); older ones come from sessions.entries. */
  entries: z.array(SessionEntry),
  /** How many entries of the branch precede `entries[0]`. */
  firstEntryIndex: z.number().int().nonnegative(),
  /**
   * For each message among `entries` that has other versions (SPEC §5 message actions): the ids of all
   * its versions, itself included, oldest first. Messages with one version are not listed.
   */
  versions: z.record(z.string(), z.array(z.string())),
});
export type BranchView = z.infer<typeof BranchView>;

/**
 * A handoff document ready for review (SPEC §4.2 "Review first", §4.3). The core always fills the
 * carry-over check, the sources and the unverified items; they are optional only so that an answer of
 * an older core still parses.
 */
export const HandoffReview = z.object({
  /** The model's text (what Baton appends on commit is not in it). */
  document: z.string(),
  missingSections: z.array(z.string()),
  trimmedMessages: z.number().int(),
  /** The reply hit its output limit: the document is incomplete and must be read before use. */
  cutOff: z.boolean().optional(),
  /**
   * The carry-over check: everything that must survive, each marked whether the document holds it. The
   * ones it lacks are shown as checked items ("Not in the document: …"); handoff.commit's `keep` names
   * those left ticked.
   */
  carryOver: z.array(CarryOverItem).optional(),
  /** `[#n]` → the id of that message's entry in this session (a citation links to it). */
  sources: z.record(z.string(), z.string()).optional(),
  /** Progress items marked done (`- [x]`) that cite no message. */
  unverified: z.array(z.string()).optional(),
  /** A chain: what changed since the previous document. */
  changes: DocumentChanges.optional(),
});
export type HandoffReview = z.infer<typeof HandoffReview>;

/**
 * A handoff of the session under way (its document so far) or waiting for review, so a view that opens
 * the session meanwhile, or after a reload, shows it (SPEC §4.2 "A handoff runs in its session").
 */
export const PendingHandoff = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('generating'), text: z.string() }),
  HandoffReview.extend({ phase: z.literal('review') }),
]);
export type PendingHandoff = z.infer<typeof PendingHandoff>;

/** What the renderer needs to show one open session. */
export const SessionView = BranchView.extend({
  header: SessionHeader,
  /** Records skipped because they could not be read (SPEC §2); the UI says "N records could not be read". */
  unreadableRecords: z.number().int(),
  parentTitle: z.string().optional(),
  todos: z.array(TodoItem),
  isStreaming: z.boolean(),
  /** The reply being written now, so far: a view that opens the session mid-stream shows it from its first words. */
  streamingText: z.string().optional(),
  model: z.string(),
  contextTokens: z.number().int(),
  contextWindow: z.number().int(),
  handoff: PendingHandoff.optional(),
  /** Pin for handoff (SPEC §4.3): the ids of the pinned message entries (the core always says; absent: none). */
  pinned: z.array(z.string()).optional(),
  /** Tool calls waiting for the user's answer (SPEC §5 "Tools"), so a view that opens the session shows them. */
  approvals: z.array(PendingApproval).optional(),
  /** Set when the session could only be opened read-only (a read-only or full disk): why. */
  readOnlyReason: z.string().optional(),
  /** The session's own custom instructions ('' for none), when it overrides the Settings' ones. */
  instructions: z.string().optional(),
});
export type SessionView = z.infer<typeof SessionView>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  transport: z.enum(['electron', 'web']),
  platform: z.string(),
  hasApiKey: z.boolean(),
  /** Where the key comes from and how safely it is kept (`memory`: web mode, entered in Settings, kept until the server stops). */
  apiKeySource: z.enum(['safeStorage', 'basic_text', 'environment', 'memory', 'none']),
  dataDir: z.string(),
  /** Set while nothing can be saved (a read-only or full disk): why, and that sessions can only be read. */
  storageProblem: z.string().optional(),
  /** Said once: the configured model was not in the key's model list, so another was chosen (as `model_replaced` says). */
  modelReplaced: z.string().optional(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const ErrorCode = z.enum([
  'invalid_input',
  'forbidden',
  'not_found',
  'busy',
  'no_api_key',
  'storage',
  /** The API's rate limit (429), its overload (529) and its internal errors (5xx), each worded for the user. */
  'rate_limited',
  'overloaded',
  'server',
  /** No connection to the API, a request that took too long, and a conversation too long for the window. */
  'network',
  'timeout',
  'context_too_long',
  'internal',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;
export const ApiError = z.object({ code: ErrorCode, message: z.string() });
export type ApiError = z.infer<typeof ApiError>;

export const HandoffResult = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('done'),
    document: z.string(),
    missingSections: z.array(z.string()),
    contextBefore: z.number().int(),
    contextAfter: z.number().int(),
    trimmedMessages: z.number().int(),
    /** The card's "Carried over: N of M". */
    carriedOver: z.object({ kept: z.number().int(), total: z.number().int() }).optional(),
    /** What the model's text held and lacked ("Not in the document: …"); the lacking ones were appended. */
    carryOver: z.array(CarryOverItem).optional(),
    sources: z.record(z.string(), z.string()).optional(),
    unverified: z.array(z.string()).optional(),
    session: SessionView,
  }),
  /** Review first: the document is ready and waits for handoff.commit or handoff.discard. */
  HandoffReview.extend({ status: z.literal('review') }),
  z.object({ status: z.literal('cancelled') }),
  z.object({
    status: z.literal('failed'),
    message: z.string(),
    /** What failed, when the API or the core said (a key problem then offers Open settings, not Retry). */
    code: ErrorCode.optional(),
    /** What the user can do (choose a handoff model with more output, reword the focus). */
    hint: z.string().optional(),
    /** Cut off: the incomplete document, waiting for handoff.commit as a reviewed one does (Review anyway). */
    reviewAnyway: HandoffReview.optional(),
  }),
  z.object({ status: z.literal('refused'), message: z.string() }),
]);
export type HandoffResult = z.infer<typeof HandoffResult>;

/** The most characters a message (or a handoff document) may have; the renderer refuses more before sending. */
export const MAX_TEXT_CHARS = 1_000_000;
const Text = z.string().max(MAX_TEXT_CHARS);
const Id = z.string().min(1).max(200);
/** Every call about a session names it (SPEC §1): the core has no current session. */
const session = { sessionId: Id };
/** One piece of an uploaded file, as base64: small enough for a WebSocket frame (SPEC §6). */
const Chunk = z.base64().min(4).max(UPLOAD_CHUNK_BASE64_CHARS);
/** At most the API's count of images and PDFs per request. */
const AttachmentIds = z.array(Id).max(600);
/** The two queues of messages sent while a reply streams (SPEC §3). */
export const QueueName = z.enum(['steering', 'followUp']);
export type QueueName = z.infer<typeof QueueName>;
/** A queued message, as the UI shows it: it must still be there (not sent meanwhile) to be changed. */
const QueuedItem = { ...session, queue: QueueName, index: z.number().int().nonnegative(), text: Text };

export const ExportFormat = z.enum(['markdown', 'json']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/**
 * Where an export went. `saved`: the desktop app wrote it where the user chose in its save dialog;
 * `cancelled`: the user closed that dialog; `download`: no dialog here (web mode), the page downloads it.
 */
export const SaveOutcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), path: z.string() }),
  z.object({ status: z.literal('cancelled') }),
  z.object({ status: z.literal('download'), fileName: z.string(), mimeType: z.string(), content: z.string() }),
]);
export type SaveOutcome = z.infer<typeof SaveOutcome>;

/** Import session's upload: pieces of at most this many characters, so a frame stays far under any cap. */
export const IMPORT_CHUNK_CHARS = 1_000_000;
/** The largest file Import session takes, in characters (a 100,000-message session is about 40 MB). */
export const IMPORT_MAX_CHARS = 100_000_000;
/** A Claude Desktop configuration picked to import (a few KB in practice): one call, one frame. */
export const MCP_IMPORT_MAX_CHARS = IMPORT_CHUNK_CHARS;

export const ImportResult = z.object({
  session: SessionView,
  format: ImportFormat,
  messageCount: z.number().int(),
  skippedLines: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** An MCP server's name, as mcp.json keys it. */
const ServerName = z.string().trim().min(1).max(100);

/** Settings → Tools: the servers, and whether this view may change them (web mode's list is read-only by default). */
export const ToolsOverview = McpOverview.extend({
  /** Why servers cannot be added or changed from here (web mode without --allow-tool-config). */
  readOnlyReason: z.string().optional(),
  /** The tools marked Always allow, by the name the model calls them. */
  alwaysAllow: z.array(z.string()),
});
export type ToolsOverview = z.infer<typeof ToolsOverview>;

/** The longest message and stack of a page's failure the log takes (app.reportError); the page cuts them to this. */
export const REPORT_MESSAGE_MAX = 2_000;
export const REPORT_STACK_MAX = 20_000;

export const calls = {
  'app.info': { input: Empty, output: AppInfo },
  /**
   * A failure of the page itself, for the main process's log (a packaged app has no console to read): an
   * exception nothing caught (`error`), a promise nobody handled (`rejection`), a component that could not
   * be drawn (`render`). Each view logs at most a few a minute; `logged: false` says this one was dropped.
   */
  'app.reportError': {
    input: z
      .object({ kind: z.enum(['error', 'rejection', 'render']), message: z.string().max(REPORT_MESSAGE_MAX), stack: z.string().max(REPORT_STACK_MAX).optional() })
      .strict(),
    output: z.object({ logged: z.boolean() }),
  },
  /**
   * Open logs folder: the folder of the main process's log (<dataDir>/logs), opened in the desktop's file
   * manager. Web mode's server cannot open a folder on the page's machine: `opened: false`, and the page
   * shows `path`.
   */
  'app.openLogs': { input: Empty, output: z.object({ opened: z.boolean(), path: z.string() }) },
  'settings.get': { input: Empty, output: Settings },
  'settings.set': { input: SettingsPatch, output: Settings },
  'settings.setApiKey': { input: z.object({ apiKey: z.string().min(1).max(500) }).strict(), output: AppInfo },
  /** The models to offer: from the Models API, else its cached list, else the built-in one (SPEC §3). */
  'models.list': { input: Empty, output: z.array(ModelInfo) },
  /**
   * The history, newest first. With a query (SPEC §5 "Search"): the sessions whose title or messages hold
   * every word of it; a message match names the entry to open at. While the full-text index is still
   * being built (`search_index` events say how far), sessions it has not read match by title only.
   */
  'sessions.list': { input: z.object({ query: z.string().max(500).optional() }).strict(), output: z.array(SessionHit) },
  /** The entry a search result past the first page opens at (its `match` names none): null when no message matches now. */
  'sessions.match': { input: z.object({ id: Id, query: z.string().min(1).max(500) }).strict(), output: z.object({ entryId: z.string() }).nullable() },
  /**
   * Shows a session in this view (window or tab), opening it if it is not open; without an id, where the
   * user left off (the most recently active session, else a new one). Other views are not moved.
   */
  'sessions.open': { input: z.object({ id: Id.optional() }).strict(), output: SessionView },
  'sessions.new': { input: Empty, output: SessionView },
  /** The sessions whose reply or handoff is being written now (then `session_status` events say what changes). */
  'sessions.running': { input: Empty, output: z.array(z.string()) },
  /**
   * Older entries of the branch shown, for scrolling back in a huge session: [end - limit, end), with the
   * versions of their messages.
   */
  'sessions.entries': {
    input: z.object({ id: Id, end: z.number().int().nonnegative(), limit: z.number().int().min(1).max(5_000) }).strict(),
    output: z.object({
      entries: z.array(SessionEntry),
      start: z.number().int().nonnegative(),
      versions: BranchView.shape.versions,
    }),
  },
  /** Pin for handoff (SPEC §4.3): the message's text travels word for word into the handoff document. */
  'sessions.pin': { input: z.object({ ...session, entryId: Id }).strict(), output: z.object({ pinned: z.array(z.string()) }) },
  'sessions.unpin': { input: z.object({ ...session, entryId: Id }).strict(), output: z.object({ pinned: z.array(z.string()) }) },
  /** Shows another version of a message (SPEC §5 Previous version / Next version): its branch becomes the one shown. */
  'sessions.switchBranch': { input: z.object({ ...session, entryId: Id }).strict(), output: SessionView },
  /** The session's own custom instructions (SPEC §5), used instead of the Settings' ones; null: the Settings' again. */
  'sessions.setInstructions': { input: z.object({ id: Id, instructions: z.string().max(INSTRUCTIONS_MAX).nullable() }).strict(), output: Ok },
  'sessions.rename': { input: z.object({ id: Id, title: z.string().min(1).max(500) }).strict(), output: Ok },
  'sessions.delete': { input: z.object({ id: Id }).strict(), output: Ok },
  /** Export session (SPEC §5): Markdown to read, or JSON (Baton's JSON Lines) to import again. */
  'sessions.export': { input: z.object({ id: Id, format: ExportFormat }).strict(), output: SaveOutcome },
  /** Export document: the handoff document an entry of the session holds, as Markdown. */
  'sessions.exportDocument': { input: z.object({ id: Id, entryId: Id }).strict(), output: SaveOutcome },
  /**
   * Import session (SPEC §5): the file's text arrives in pieces (begin, append…, finish), so a file of
   * any size fits the transport; finish reads it and opens the new session, or refuses the file and
   * creates nothing. `size` is the text's length in characters.
   */
  'sessions.importBegin': {
    input: z.object({ fileName: z.string().min(1).max(255), size: z.number().int().nonnegative().max(IMPORT_MAX_CHARS) }).strict(),
    output: z.object({ uploadId: z.string() }),
  },
  'sessions.importAppend': { input: z.object({ uploadId: Id, text: z.string().min(1).max(IMPORT_CHUNK_CHARS) }).strict(), output: Ok },
  'sessions.importFinish': { input: z.object({ uploadId: Id }).strict(), output: ImportResult },
  /** Text, or attachments (uploaded first, see attachments.*), or both. */
  'chat.send': {
    input: z
      .object({ ...session, text: Text, mode: z.enum(['steer', 'followUp']).optional(), attachments: AttachmentIds.optional() })
      .strict()
      .refine((input) => input.text.length > 0 || (input.attachments?.length ?? 0) > 0, 'Type a message or attach a file'),
    output: z.object({ queued: z.boolean() }),
  },
  'chat.stop': { input: z.object(session).strict(), output: Ok },
  /** Edit message: the text becomes a new version of the user message `entryId` (a new branch), and is answered. */
  'chat.edit': { input: z.object({ ...session, entryId: Id, text: Text.min(1) }).strict(), output: Ok },
  /**
   * Regenerate, and Retry: a new version of the reply `entryId` (a new branch), from the context before
   * it. Given a user message whose reply never came, the run answers that message.
   */
  'chat.regenerate': { input: z.object({ ...session, entryId: Id }).strict(), output: Ok },
  /** Changes a queued message before it is sent; `text` is what it says now. */
  'chat.queue.edit': { input: z.object({ ...QueuedItem, newText: Text.min(1) }).strict(), output: Ok },
  /** Removes a queued message before it is sent; `text` is what it says now. */
  'chat.queue.remove': { input: z.object(QueuedItem).strict(), output: Ok },
  /** Continue after a reply was cut off (stop_reason max_tokens). */
  'chat.continue': { input: z.object(session).strict(), output: Ok },
  'chat.commands': {
    input: Empty,
    output: z.array(z.object({ name: z.string(), hint: z.string(), description: z.string() })),
  },
  /**
   * Attachments (SPEC §5) reach the core one file at a time, in pieces: begin (with the first piece, so a
   * wrong type or size is refused before the rest is sent), append, finish (the file is checked whole);
   * chat.send names the finished ids. discard drops one (a removed chip).
   */
  'attachments.begin': {
    input: z.object({ name: z.string().min(1).max(255), size: z.number().int().min(1), data: Chunk }).strict(),
    output: z.object({ id: z.string() }),
  },
  'attachments.append': { input: z.object({ id: Id, data: Chunk }).strict(), output: Ok },
  /**
   * `with`: the other files waiting in the composer, so a file that would not fit alongside them (and the
   * files the session already carries) is refused now.
   */
  'attachments.finish': { input: z.object({ ...session, id: Id, with: AttachmentIds.optional() }).strict(), output: Attachment },
  'attachments.discard': { input: z.object({ id: Id }).strict(), output: Ok },
  'handoff.start': {
    input: z.object({ ...session, focus: z.string().max(10_000).optional(), review: z.boolean().optional() }).strict(),
    output: HandoffResult,
  },
  'handoff.cancel': { input: z.object(session).strict(), output: Ok },
  /** `keep`: the carry-over items (of the review's) still ticked; absent, all of them. */
  'handoff.commit': { input: z.object({ ...session, document: Text.min(1), keep: z.array(Id).max(1_000).optional() }).strict(), output: HandoffResult },
  'handoff.discard': { input: z.object(session).strict(), output: Ok },
  /** Settings → Tools (SPEC §5): the MCP servers of mcp.json with their status and tools (env values and headers masked). */
  'tools.overview': { input: Empty, output: ToolsOverview },
  'tools.restart': { input: z.object({ name: ServerName }).strict(), output: Ok },
  /** The Enabled switch, kept in mcp.json. */
  'tools.setEnabled': { input: z.object({ name: ServerName, enabled: z.boolean() }).strict(), output: Ok },
  /** Add server: a stdio command or an HTTP URL, written to mcp.json. Web mode refuses it unless started with --allow-tool-config. */
  'tools.add': { input: z.object({ name: ServerName, config: McpServerConfig }).strict(), output: Ok },
  'tools.remove': { input: z.object({ name: ServerName }).strict(), output: Ok },
  /** Import from Claude Desktop: its claude_desktop_config.json (where it keeps it, or `path`) merged into mcp.json. */
  'tools.importClaudeDesktop': {
    /** Nothing: Claude Desktop's own file on this system. `file`: one the user picked, as the page read it. */
    input: z
      .object({
        path: z.string().min(1).max(4096).optional(),
        file: z.object({ name: z.string().min(1).max(255), text: z.string().max(MCP_IMPORT_MAX_CHARS) }).strict().optional(),
      })
      .strict(),
    output: z.object({ added: z.array(z.string()), kept: z.array(z.string()), problems: z.array(z.string()) }),
  },
  /** Always allow for a tool (its name as the model calls it), or back to asking. */
  'tools.alwaysAllow': { input: z.object({ tool: Id, allow: z.boolean() }).strict(), output: Ok },
  /** The answer to a waiting call; `settled: false` when it no longer waits (answered elsewhere, or the run stopped). */
  'tools.approve': {
    input: z.object({ ...session, toolCallId: Id, decision: ApprovalDecision }).strict(),
    output: z.object({ settled: z.boolean() }),
  },
  /**
   * New window, and Open in new window on a session's item (desktop). `opened: false` (web mode, where the
   * server opens no windows) means the page opens a new tab at the session's address itself.
   */
  'app.openWindow': { input: z.object({ sessionId: Id.optional() }).strict(), output: z.object({ opened: z.boolean() }) },
  /**
   * Main checks the scheme and opens the link in the user's browser. `opened: false` (web mode, where
   * the server has no browser to open) means the page, itself in a browser, opens the checked link.
   */
  'shell.openExternal': {
    input: z.object({ url: z.string().max(4096) }).strict(),
    output: z.object({ opened: z.boolean() }),
  },
} as const;

export type Calls = typeof calls;
export type Channel = keyof Calls;
export type CallInput<C extends Channel> = z.infer<Calls[C]['input']>;
export type CallOutput<C extends Channel> = z.infer<Calls[C]['output']>;
export const channels = Object.keys(calls) as Channel[];

export type Result<T> = { ok: true; data: T } | { ok: false; error: ApiError };

const sid = { sessionId: z.string() };
/** Every main→renderer event, one typed union (SPEC §3). */
export const BatonEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('agent_start'), ...sid }),
  z.object({ type: z.literal('turn_start'), ...sid }),
  z.object({ type: z.literal('message_start'), ...sid, message: AgentMessage }),
  /** Batched text: at most one per 16 ms per session. */
  z.object({ type: z.literal('message_update'), ...sid, delta: z.string() }),
  z.object({
    type: z.literal('message_end'),
    ...sid,
    message: AgentMessage,
    entry: SessionEntry.optional(),
    /** When the saved message is one of several versions (an edit, a regenerate): the ids of all of them, oldest first. */
    versions: z.array(z.string()).optional(),
  }),
  z.object({ type: z.literal('tool_execution_start'), ...sid, toolCallId: z.string(), name: z.string(), input: z.unknown() }),
  /** A running tool's progress (MCP progress notifications): at most one per 100 ms per call. */
  z.object({
    type: z.literal('tool_execution_update'),
    ...sid,
    toolCallId: z.string(),
    message: z.string(),
    progress: z.number().optional(),
    total: z.number().optional(),
  }),
  z.object({ type: z.literal('tool_execution_end'), ...sid, toolCallId: z.string(), isError: z.boolean(), output: z.string() }),
  /** A call waits for the user's answer (SPEC §3 "Approval"): to the views of its session. */
  z.object({ type: z.literal('tool_approval'), ...sid, ...PendingApproval.shape }),
  /** It was answered (in any view) or denied by a stop: every view takes its card away. */
  z.object({ type: z.literal('tool_approval_settled'), ...sid, toolCallId: z.string(), decision: ApprovalDecision }),
  /** Settings → Tools changed: a server's status or tools, mcp.json, or Always allow. */
  z.object({ type: z.literal('tools_changed'), overview: ToolsOverview }),
  z.object({ type: z.literal('turn_end'), ...sid }),
  z.object({ type: z.literal('agent_end'), ...sid }),
  /** This view now shows another session (the one it showed was handed off, or deleted). */
  z.object({ type: z.literal('session_switched'), session: SessionView }),
  z.object({ type: z.literal('sessions_changed') }),
  /** To every view: a session started or stopped writing a reply or a handoff (the sidebar's indicators). */
  z.object({ type: z.literal('session_status'), ...sid, running: z.boolean() }),
  /** How far the full-text index has got; indexed === total when a round of building is done. */
  z.object({ type: z.literal('search_index'), ...IndexProgress.shape }),
  /** The settings changed, in any view: every window and tab shows them (the language, the theme…). */
  z.object({ type: z.literal('settings_changed'), settings: Settings }),
  /** A background refresh of the Models API changed the model list. */
  z.object({ type: z.literal('models_changed'), models: z.array(ModelInfo) }),
  /** The configured model is not in the key's list: the settings now name `model`, and `message` says so. */
  z.object({ type: z.literal('model_replaced'), model: z.string(), message: z.string() }),
  z.object({
    type: z.literal('queue_changed'),
    ...sid,
    steering: z.array(z.string()),
    followUp: z.array(z.string()),
  }),
  z.object({ type: z.literal('todos_changed'), ...sid, todos: z.array(TodoItem) }),
  /** The branch shown changed (an edit or regenerate starts, another version is shown): the chat shows this one. */
  z.object({ type: z.literal('branch_changed'), ...sid, branch: BranchView, contextTokens: z.number().int() }),
  /** An entry saved outside a message's own events (a handoff's outcome). */
  z.object({ type: z.literal('entry_added'), ...sid, entry: SessionEntry }),
  z.object({ type: z.literal('usage'), ...sid, usage: Usage, contextTokens: z.number().int() }),
  z.object({ type: z.literal('retry'), ...sid, attempt: z.number().int(), message: z.string() }),
  z.object({
    type: z.literal('handoff_progress'),
    ...sid,
    /** `discarded`: the document waiting for review was put aside (in any view). */
    phase: z.enum(['generating', 'review', 'switching', 'done', 'cancelled', 'failed', 'discarded']),
    text: z.string(),
  }),
  /** Auto-handoff (SPEC §4.2): a reply ended above the level the user set, and a handoff started by itself. */
  z.object({ type: z.literal('handoff_auto'), ...sid, review: z.boolean() }),
  /** How a handoff ended, for the views of its session (handoff.start answers the view that started it). */
  z.object({ type: z.literal('handoff_result'), ...sid, result: HandoffResult }),
  /** A failure no call answers (a run's, a background save's); without a session, it concerns the whole app. */
  z.object({ type: z.literal('error'), sessionId: z.string().optional(), code: ErrorCode, message: z.string() }),
  /**
   * The transport lost its link to the main process, or has it back (web mode: server restarts), or
   * the web server refuses this page: its token is not valid, or its address failed too often.
   */
  z.object({ type: z.literal('connection'), state: z.enum(['lost', 'restored', 'token_invalid', 'too_many_attempts']) }),
  /** App menu or global shortcut, forwarded by the desktop shell. */
  z.object({ type: z.literal('menu'), command: z.enum(['new-session', 'hand-off', 'search-sessions', 'find-in-session']) }),
]);
export type BatonEvent = z.infer<typeof BatonEvent>;

/** The API object the renderer sees, whatever transport carries it. */
export type BatonApi = {
  readonly [C in Channel]: (input: CallInput<C>) => Promise<Result<CallOutput<C>>>;
} & { readonly subscribe: (listener: (event: BatonEvent) => void) => () => void };

/** The name of the one Electron IPC channel that carries events. */
export const EVENT_CHANNEL = 'baton:event';

/**
 * Builds the API object from the contract over any transport. The preload passes ipcRenderer-based
 * functions, the web client WebSocket-based ones; neither exposes a generic invoke.
 */
export function buildApi(
  invoke: (channel: Channel, input: unknown) => Promise<unknown>,
  subscribe: (listener: (event: BatonEvent) => void) => () => void,
): BatonApi {
  const api: Record<string, unknown> = { subscribe };
  for (const channel of channels) api[channel] = (input: unknown) => invoke(channel, input);
  return Object.freeze(api) as BatonApi;
}
