// The chat rows of the branch shown, the versions of its messages, the message being streamed, live tool
// runs and the queues.
// Streamed deltas are buffered and applied at most once per animation frame, so a fast stream
// costs one render per frame, not one per event.
import type { BatonEvent } from '../../../shared/contract';
import type { AgentMessage } from '../../../shared/session';
import { modelChangeTracker, type ModelChanges } from '../../../shared/sessionFormat';
import { callApi } from './call';
import { shownSessionId } from './selectors';
import {
  STREAMING_KEY,
  addMessage,
  addOutcome,
  joinChats,
  modelNote,
  UNSAVED_KEY_PREFIX,
  isToolResultOnly,
  toolResultsOf,
  type BuiltChat,
  type ChatItem,
  type ModelChangeEntry,
  type ToolResult,
} from './chatItems';
import { modelNames } from './modelsSlice';
import { eventSessionId } from './sessionSlice';
import type { SliceCreator } from './types';

export interface ToolRun {
  name: string;
  running: boolean;
  isError: boolean;
  /** When this view saw it start and end (ms), for the row's duration. */
  startedAt: number;
  endedAt?: number;
  /** The latest progress report of a running call. */
  progress?: { message: string; progress?: number | undefined; total?: number | undefined };
}

export interface ChatState {
  items: ChatItem[];
  toolResults: Record<string, ToolResult>;
  toolRuns: Record<string, ToolRun>;
  /** For each shown message with other versions: the ids of all of them, oldest first. */
  versions: Record<string, string[]>;
  /** Text of the assistant message being streamed; null when none is. */
  stream: { text: string } | null;
  queue: { steering: string[]; followUp: string[] };
  /** The row to scroll to and mark (a search result's message); seq tells a repeat from the last one. */
  target: { key: string; seq: number } | null;
  /** The model changes since the branch was read (buildChat), told before the message they were made for. */
  models: ModelChanges<ModelChangeEntry>;
}

export interface ChatSlice {
  chat: ChatState;
  /** Another session: its rows, and nothing left of the last one. */
  resetChat: (built: BuiltChat) => void;
  /** The reply being written when the session was opened: the streaming row starts with its text so far. */
  resumeStream: (text: string) => void;
  /** Another branch of the same session: its rows; the queues stay as they are. */
  showBranch: (built: BuiltChat) => void;
  /** Older rows, loaded while scrolling back, go before the ones shown. */
  prependChat: (built: BuiltChat) => void;
  chatApplyEvent: (event: BatonEvent) => void;
  /** Scrolls the chat to a loaded row and marks it. */
  showEntry: (key: string) => void;
  /** Applies the deltas buffered since the last frame. */
  flushStream: () => void;
  /** Asks for the rest of a reply that was cut off (SPEC §3 `max_tokens`). */
  continueReply: () => Promise<void>;
}

const emptyQueue = { steering: [], followUp: [] };
/** The streaming row is always the last one: every append removes it first. */
const withoutStreaming = (items: ChatItem[]) => (items.at(-1)?.kind === 'streaming' ? items.slice(0, -1) : items);

export const createChatSlice: SliceCreator<ChatSlice> = (set, get, deps) => {
  let pending = '';
  let frameRequested = false;
  let unsavedCount = 0;
  let streamCount = 0;
  const streamingItem = (): ChatItem => ({ kind: 'streaming', key: STREAMING_KEY, rowKey: `stream-${++streamCount}` });

  const update = (fn: (chat: ChatState) => Partial<ChatState>) => set((s) => ({ chat: { ...s.chat, ...fn(s.chat) } }));

  /** A settled message takes the streaming row's place (a handoff's messages join their exchange's row). */
  const appendMessage = (message: AgentMessage, key: string) =>
    update((c) => {
      const streamed = c.items.at(-1);
      const items = withoutStreaming(c.items).slice();
      addMessage(items, message, key, message.purpose === 'handoff');
      const added = items.at(-1);
      if (streamed?.kind === 'streaming' && added?.kind === 'message' && added.key === key && message.role === 'assistant') {
        items[items.length - 1] = { ...added, rowKey: streamed.rowKey };
      }
      return { items, stream: null };
    });
  const recordModelChange = (entry: ModelChangeEntry) =>
    update((c) => {
      const tracker = modelChangeTracker(c.models);
      tracker.recorded(entry);
      return { models: tracker.state() };
    });
  /** A model change waiting for this message is told before it, as buildChat tells it on reopening. */
  const tellModelChange = (message: AgentMessage) =>
    update((c) => {
      const tracker = modelChangeTracker(c.models);
      const change = tracker.beforeMessage(message.purpose === 'handoff');
      if (!change) return { models: tracker.state() };
      // Before the streaming row, should one be showing: the reply it becomes takes its place.
      const rows = withoutStreaming(c.items);
      return { models: tracker.state(), items: [...rows, modelNote(change, modelNames(get().models)), ...c.items.slice(rows.length)] };
    });
  const unsavedKey = () => `${UNSAVED_KEY_PREFIX}${++unsavedCount}`;

  const startStream = () => {
    pending = '';
    update((c) => ({ items: [...withoutStreaming(c.items), streamingItem()], stream: { text: '' } }));
  };

  return {
    chat: { items: [], toolResults: {}, toolRuns: {}, versions: {}, stream: null, queue: emptyQueue, target: null, models: {} },

    resetChat(built) {
      get().showBranch(built);
      update(() => ({ queue: emptyQueue }));
      get().cancelEdit();
    },

    resumeStream(text) {
      pending = '';
      update((c) => ({ items: [...withoutStreaming(c.items), streamingItem()], stream: { text } }));
    },

    showBranch(built) {
      pending = '';
      update(() => ({ items: built.items, toolResults: built.toolResults, toolRuns: {}, versions: built.versions, stream: null, target: null, models: built.models }));
    },

    showEntry(key) {
      update((c) => ({ target: { key, seq: (c.target?.seq ?? 0) + 1 } }));
    },

    prependChat(built) {
      update((c) => ({
        items: joinChats(built.items, c.items),
        toolResults: { ...built.toolResults, ...c.toolResults },
        versions: { ...built.versions, ...c.versions },
      }));
    },

    flushStream() {
      if (!pending) return;
      const delta = pending;
      pending = '';
      update((c) =>
        c.stream
          ? { stream: { text: c.stream.text + delta } }
          : // Opened mid-stream: the message_start was missed, so the row starts here.
            { items: [...withoutStreaming(c.items), streamingItem()], stream: { text: delta } },
      );
    },

    chatApplyEvent(event) {
      const sessionId = get().session?.header.id;
      if (!sessionId || eventSessionId(event) !== sessionId) return;
      switch (event.type) {
        case 'message_start':
          if (event.message.role === 'assistant' && event.message.purpose !== 'handoff') startStream();
          return;
        case 'message_update':
          pending += event.delta;
          if (!frameRequested) {
            frameRequested = true;
            deps.frame.request(() => {
              frameRequested = false;
              get().flushStream();
            });
          }
          return;
        case 'message_end': {
          pending = '';
          tellModelChange(event.message);
          const key = event.entry?.id ?? unsavedKey();
          if (event.message.purpose !== 'handoff' && isToolResultOnly(event.message)) {
            const results = toolResultsOf(event.message);
            return update((c) => ({ toolResults: { ...c.toolResults, ...results } }));
          }
          const versions = event.versions;
          if (versions) update((c) => ({ versions: { ...c.versions, [key]: versions } }));
          return appendMessage(event.message, key);
        }
        case 'tool_execution_start':
          return update((c) => ({
            toolRuns: { ...c.toolRuns, [event.toolCallId]: { name: event.name, running: true, isError: false, startedAt: Date.now() } },
          }));
        case 'tool_execution_update':
          return update((c) => {
            const run = c.toolRuns[event.toolCallId];
            if (!run?.running) return {};
            const progress = { message: event.message, progress: event.progress, total: event.total };
            return { toolRuns: { ...c.toolRuns, [event.toolCallId]: { ...run, progress } } };
          });
        case 'tool_execution_end':
          return update((c) => ({
            toolRuns: {
              ...c.toolRuns,
              [event.toolCallId]: {
                name: c.toolRuns[event.toolCallId]?.name ?? '',
                startedAt: c.toolRuns[event.toolCallId]?.startedAt ?? Date.now(),
                endedAt: Date.now(),
                running: false,
                isError: event.isError,
              },
            },
            toolResults: { ...c.toolResults, [event.toolCallId]: { content: event.output, isError: event.isError } },
          }));
        case 'agent_end': {
          // A run that ended without settling its message keeps what was streamed, marked stopped.
          get().flushStream();
          const stream = get().chat.stream;
          if (stream) appendMessage({ role: 'assistant', content: [{ type: 'text', text: stream.text }], aborted: true }, unsavedKey());
          return;
        }
        case 'entry_added': {
          const { entry } = event;
          if (entry.type === 'model_change') return recordModelChange(entry);
          if (entry.type !== 'handoff_outcome') return;
          // Added before a streaming row, should one be showing: that row stays the last one.
          return update((c) => {
            const last = c.items.at(-1);
            const items = withoutStreaming(c.items).slice();
            addOutcome(items, entry);
            return { items: last?.kind === 'streaming' ? [...items, last] : items };
          });
        }
        case 'queue_changed':
          return update(() => ({ queue: { steering: event.steering, followUp: event.followUp } }));
        default:
          return;
      }
    },

    async continueReply() {
      await callApi(deps, get, 'chat.continue', { sessionId: shownSessionId(get()) }, () => get().continueReply());
    },
  };
};
