// Turns session entries into the rows the chat shows. Tool results are not rows of their own: they
// are attached to the tool calls that asked for them, so tool use stays compact.
import type { AgentMessage, HandoffOutcomeEntry, SessionEntry } from '../../../shared/session';
import { CustomType, handoffExchangeTracker, unwrapHandoffDocument } from '../../../shared/sessionFormat';

export type ChatItem =
  | { kind: 'message'; key: string; message: AgentMessage }
  | { kind: 'handoff'; key: string; document: string }
  | { kind: 'note'; key: string; text: string }
  /** A handoff exchange of this session, shown as one compact row (SPEC §4.2). */
  | { kind: 'handoffOutcome'; key: string; entry: HandoffOutcomeEntry }
  /** The assistant message being streamed; its text lives in `chat.stream`. */
  | { kind: 'streaming'; key: typeof STREAMING_KEY };

export const STREAMING_KEY = 'streaming';

export interface ToolResult {
  content: string;
  isError: boolean;
}

export function isToolResultOnly(message: AgentMessage): boolean {
  return message.content.length > 0 && message.content.every((b) => b.type === 'tool_result');
}

export function toolResultsOf(message: AgentMessage): Record<string, ToolResult> {
  const out: Record<string, ToolResult> = {};
  for (const block of message.content) {
    if (block.type === 'tool_result') out[block.tool_use_id] = { content: block.content, isError: block.is_error ?? false };
  }
  return out;
}

/** One entry's row, or null when the entry shows no row of its own. */
export function itemOf(entry: SessionEntry): ChatItem | null {
  switch (entry.type) {
    case 'message':
      return isToolResultOnly(entry.message) ? null : { kind: 'message', key: entry.id, message: entry.message };
    case 'custom_message':
      if (!entry.display) return null;
      if (entry.customType === CustomType.handoff) {
        return { kind: 'handoff', key: entry.id, document: unwrapHandoffDocument(entry.content) };
      }
      return { kind: 'note', key: entry.id, text: entry.content };
    case 'model_change':
      return { kind: 'note', key: entry.id, text: `Model changed to ${entry.model}` };
    case 'session_info':
      return null;
    case 'handoff_outcome':
      return { kind: 'handoffOutcome', key: entry.id, entry };
  }
}

export interface BuiltChat {
  items: ChatItem[];
  toolResults: Record<string, ToolResult>;
  messageCount: number;
}

export function buildChat(entries: readonly SessionEntry[]): BuiltChat {
  const items: ChatItem[] = [];
  let toolResults: Record<string, ToolResult> = {};
  let messageCount = 0;
  const inHandoff = handoffExchangeTracker();
  for (const entry of entries) {
    if (entry.type === 'message') {
      messageCount++;
      if (inHandoff(entry.message)) continue; // its handoff_outcome row stands for it
      if (isToolResultOnly(entry.message)) toolResults = Object.assign(toolResults, toolResultsOf(entry.message));
    }
    const item = itemOf(entry);
    if (item) items.push(item);
  }
  return { items, toolResults, messageCount };
}
