// Turns session entries into the rows the chat shows. Tool results are not rows of their own: they
// are attached to the tool calls that asked for them, so tool use stays compact. A handoff exchange is
// one row, whatever it held (SPEC §4.2), and failed or cancelled attempts in a row share one. The same
// adders build the chat from entries and from live events, so a row looks the same before and after a
// reopen.
import { HandoffDetails, type AgentMessage, type ImageBlock, type HandoffOutcomeEntry, type SessionEntry } from '../../../shared/session';
import { fallbackModel } from '../../../shared/models';
import { toolResultText } from '../../../shared/toolResult';
import { CustomType, handoffExchangeTracker, modelChangeTracker, unwrapHandoffDocument, type ModelChanges } from '../../../shared/sessionFormat';
import { texts } from '../../../shared/texts';
import { uiTexts } from '../texts';
import { stopNoticeOf } from './stopReasons';

export type ModelChangeEntry = Extract<SessionEntry, { type: 'model_change' }>;

/** One handoff attempt of this session: its prompt and reply, and how it ended. */
export interface HandoffAttempt {
  key: string;
  /** The reply's text: the document as written (it may have been edited before it was handed off). */
  reply: string;
  /** How it ended; null when nothing was recorded (a discarded review, a crash, a running handoff). */
  outcome: HandoffOutcomeEntry | null;
  /** Written before exchanges were marked and outcomes recorded: a missing outcome says nothing. */
  legacy: boolean;
}

/**
 * A handoff exchange (its prompt and reply), shown as one compact row. When it failed or was cancelled,
 * the failed or cancelled attempts right before it (nothing between them) are folded into its row.
 */
export interface HandoffExchangeItem extends HandoffAttempt {
  kind: 'handoffExchange';
  /** The attempts folded into this row before this one, oldest first; empty for a row of its own. */
  earlier: HandoffAttempt[];
}

/** The handoff document a handed-off session starts with, shown as its card. */
export interface HandoffItem {
  kind: 'handoff';
  key: string;
  document: string;
  /** The context in tokens before and after the handoff, when the session recorded them. */
  contextBefore?: number;
  contextAfter?: number;
}

export type ChatItem =
  | {
      kind: 'message';
      key: string;
      message: AgentMessage;
      /** The streamed row this reply settled from: it is drawn under that row's key (see rowKeyOf). */
      rowKey?: string;
    }
  | HandoffItem
  | { kind: 'note'; key: string; text: string }
  | HandoffExchangeItem
  /** The assistant message being streamed; its text lives in `chat.stream`. `rowKey` is this stream's own. */
  | { kind: 'streaming'; key: typeof STREAMING_KEY; rowKey: string };

/**
 * The key a row is drawn under. A reply keeps the key of the row it streamed in, so what was drawn while it
 * streamed stays on screen as it is (a megabyte's Markdown is neither thrown away nor drawn again).
 */
export const rowKeyOf = (item: ChatItem): string => ('rowKey' in item && item.rowKey) || item.key;

export const STREAMING_KEY = 'streaming';
/** Keys of messages shown but not saved (a reply whose save failed): no entry, so no message actions. */
export const UNSAVED_KEY_PREFIX = 'unsaved-';

/** Whether a row's key is the id of a saved entry, which message actions can name. */
export const isEntryKey = (key: string) => key !== STREAMING_KEY && !key.startsWith(UNSAVED_KEY_PREFIX);

/** What Copy message copies: the message's text blocks, as the Markdown they were written in. */
export function markdownOf(message: AgentMessage): string {
  return message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n');
}

export interface ToolResult {
  content: string;
  isError: boolean;
  /** The pictures the tool returned (a screenshot), shown under its text. */
  images?: ImageBlock[];
  /** How long the call ran, as the session keeps it (none in files written before it was kept). */
  durationMs?: number;
}

export function isToolResultOnly(message: AgentMessage): boolean {
  return message.content.length > 0 && message.content.every((b) => b.type === 'tool_result');
}

export function toolResultsOf(message: AgentMessage): Record<string, ToolResult> {
  const out: Record<string, ToolResult> = {};
  for (const block of message.content) {
    if (block.type !== 'tool_result') continue;
    const images = typeof block.content === 'string' ? [] : block.content.filter((part) => part.type === 'image');
    const durationMs = message.toolDurations?.[block.tool_use_id];
    out[block.tool_use_id] = {
      content: toolResultText(block.content),
      isError: block.is_error ?? false,
      ...(images.length > 0 && { images }),
      ...(durationMs !== undefined && { durationMs }),
    };
  }
  return out;
}

/**
 * Whether a message has anything to show. A reply can hold nothing visible (an empty paused turn, only
 * blocks Baton does not show); it gets no row rather than an empty bubble. A server tool's call is its
 * search or fetch row: a paused reply made of one is shown, and so is its notice with Continue.
 */
export function hasVisibleContent(message: AgentMessage): boolean {
  const notice = stopNoticeOf(message);
  if (message.aborted || message.errorMessage !== undefined || (notice && notice.kind !== 'paused')) return true;
  return message.content.some((block) => {
    switch (block.type) {
      case 'text':
        return block.text.trim() !== '';
      case 'thinking':
        return block.thinking.trim() !== '';
      case 'tool_use':
      case 'redacted_thinking':
      case 'image':
      case 'document':
        return true;
      case 'raw':
        return block.block.type === 'server_tool_use';
      default:
        return false;
    }
  });
}

/** A message's own row, or null when it shows none (tool results, nothing visible). */
export function messageItem(message: AgentMessage, key: string): ChatItem | null {
  if (isToolResultOnly(message) || !hasVisibleContent(message)) return null;
  // The Continue action's prompt was not typed by the user: a small note, not a "You" message.
  if (message.purpose === 'continue') return { kind: 'note', key, text: uiTexts.continued };
  return { kind: 'message', key, message };
}

const textOf = (message: AgentMessage) =>
  message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');

const isPrompt = (message: AgentMessage) => message.role === 'user' && message.content.some((b) => b.type === 'text');

/**
 * Adds one message to `rows` (changed in place). A handoff exchange's prompt starts the exchange's row;
 * its later messages only update the row's reply.
 */
export function addMessage(rows: ChatItem[], message: AgentMessage, key: string, inHandoffExchange: boolean): void {
  if (!inHandoffExchange) {
    const item = messageItem(message, key);
    if (item) rows.push(item);
    return;
  }
  const last = rows.at(-1);
  if (isPrompt(message) || last?.kind !== 'handoffExchange') {
    rows.push({ kind: 'handoffExchange', key, reply: '', outcome: null, legacy: message.purpose !== 'handoff', earlier: [] });
    return;
  }
  const reply = message.role === 'assistant' ? textOf(message) : '';
  if (reply.trim()) rows[rows.length - 1] = { ...last, reply };
}

/**
 * Adds a handoff's outcome to the exchange it ends (changed in place), and folds a failed or cancelled
 * exchange into the row of the attempts that failed or were cancelled right before it. A later outcome
 * of the same exchange replaces an earlier one (a handoff recorded as done whose new session could not be
 * made; a cut-off document reviewed anyway and handed off): the attempts folded with it stand apart
 * again, and it is folded anew by what it says now.
 */
export function addOutcome(rows: ChatItem[], entry: HandoffOutcomeEntry): void {
  const last = rows.at(-1);
  if (last?.kind === 'handoffExchange') {
    rows.pop();
    const previous = last.earlier.at(-1);
    if (previous) rows.push({ kind: 'handoffExchange', ...previous, earlier: last.earlier.slice(0, -1) });
    rows.push({ ...last, outcome: entry, earlier: [] });
  } else {
    rows.push({ kind: 'handoffExchange', key: entry.id, reply: '', outcome: entry, legacy: false, earlier: [] });
  }
  foldAttempts(rows);
}

const unsuccessful = (item: ChatItem | undefined): item is HandoffExchangeItem =>
  item?.kind === 'handoffExchange' && (item.outcome?.outcome === 'failed' || item.outcome?.outcome === 'cancelled');

/** The last row joins the row before it when both are attempts that failed or were cancelled. */
function foldAttempts(rows: ChatItem[]): void {
  const last = rows.at(-1);
  const before = rows.at(-2);
  if (!unsuccessful(last) || !unsuccessful(before)) return;
  rows.splice(-2, 2, folded(before, last));
}

/** `later`'s row with `earlier`'s attempts before its own. */
function folded(earlier: HandoffExchangeItem, later: HandoffExchangeItem): HandoffExchangeItem {
  const { key, reply, outcome, legacy } = earlier;
  return { ...later, earlier: [...earlier.earlier, { key, reply, outcome, legacy }, ...later.earlier] };
}

/**
 * The rows of an older page of entries before the rows shown: attempts on both sides of the page's end
 * are one row, as they are when the chat is built from all the entries at once.
 */
export function joinChats(older: readonly ChatItem[], newer: readonly ChatItem[]): ChatItem[] {
  const last = older.at(-1);
  const first = newer[0];
  if (!unsuccessful(last) || !unsuccessful(first)) return [...older, ...newer];
  return [...older.slice(0, -1), folded(last, first), ...newer.slice(1)];
}

/** The row of an entry that is neither a message, a model change nor a handoff outcome, or null when it shows none. */
function otherItem(entry: Exclude<SessionEntry, { type: 'message' | 'handoff_outcome' | 'model_change' }>): ChatItem | null {
  switch (entry.type) {
    case 'custom_message':
      if (!entry.display) return null;
      if (entry.customType === CustomType.handoff) return handoffItem(entry.id, entry.content, entry.details);
      return { kind: 'note', key: entry.id, text: entry.content };
    case 'session_info':
    case 'branch_switch':
    case 'pin':
    case 'handoff_draft':
      return null;
  }
}

function handoffItem(key: string, content: string, details: unknown): HandoffItem {
  const item: HandoffItem = { kind: 'handoff', key, document: unwrapHandoffDocument(content) };
  const parsed = HandoffDetails.safeParse(details);
  const { contextBefore, contextAfter } = parsed.success ? parsed.data : {};
  return contextBefore !== undefined && contextAfter !== undefined ? { ...item, contextBefore, contextAfter } : item;
}

export interface BuiltChat {
  items: ChatItem[];
  toolResults: Record<string, ToolResult>;
  messageCount: number;
  /** The versions of the messages among the entries, as the view gave them (see BranchView). */
  versions: Record<string, string[]>;
  /** The model changes after the last entry, so a live chat tells the next one as a reopened one would. */
  models: ModelChanges<ModelChangeEntry>;
}

/** A model's name as the pickers show it. */
type ModelName = (id: string) => string;

const builtInName: ModelName = (id) => fallbackModel(id).displayName;

/** "Model changed to …", before the first message sent with it, by the name the picker shows. */
export function modelNote(change: ModelChangeEntry, modelName: ModelName): ChatItem {
  return { kind: 'note', key: change.id, text: texts.modelChangedTo(modelName(change.model)) };
}

export function buildChat(entries: readonly SessionEntry[], versions: Record<string, string[]> = {}, modelName = builtInName): BuiltChat {
  const items: ChatItem[] = [];
  let toolResults: Record<string, ToolResult> = {};
  let messageCount = 0;
  const inHandoff = handoffExchangeTracker();
  const modelChanges = modelChangeTracker<ModelChangeEntry>();
  for (const entry of entries) {
    if (entry.type === 'message') {
      messageCount++;
      const inExchange = inHandoff(entry.message);
      const change = modelChanges.beforeMessage(inExchange);
      if (change) items.push(modelNote(change, modelName));
      if (!inExchange && isToolResultOnly(entry.message)) toolResults = Object.assign(toolResults, toolResultsOf(entry.message));
      addMessage(items, entry.message, entry.id, inExchange);
    } else if (entry.type === 'handoff_outcome') {
      addOutcome(items, entry);
    } else if (entry.type === 'model_change') {
      modelChanges.recorded(entry);
    } else {
      const item = otherItem(entry);
      if (item) items.push(item);
    }
  }
  return { items, toolResults, messageCount, versions, models: modelChanges.state() };
}
