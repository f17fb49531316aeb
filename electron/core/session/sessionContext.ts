// What the model sees of a branch (SPEC §2): messages as they are; a custom_message (such as the handoff
// document) as a user-role message. Model changes, titles and handoff outcomes are bookkeeping, not
// context. Two kinds of exchange stay on disk but out of the context of later turns (SPEC §3, §4.2): a
// handoff exchange, and a request Claude refused together with the whole exchange it ended.
import type { AgentMessage, SessionEntry } from '../../../shared/session';
import { handoffExchangeTracker } from '../../../shared/sessionFormat';

export interface SessionContext {
  messages: AgentMessage[];
  /** The entry each of `messages` comes from, index for index (a handoff cites them, SPEC §4.3). */
  entryIds: string[];
}

export function buildContext(branch: readonly SessionEntry[]): SessionContext {
  const messages: AgentMessage[] = [];
  const entryIds: string[] = [];
  const inHandoff = handoffExchangeTracker();
  // A refusal takes back the whole exchange it ends: from the user prompt that started it, through every
  // tool round (calls, results, steering, each reply's thinking and text), not only the last message.
  /** Where in `messages` the exchange under way began. */
  let exchangeStart = 0;
  /** Whether the next user message begins a new exchange (it does unless it answers a tool call). */
  let startsExchange = true;
  for (const entry of branch) {
    if (entry.type === 'custom_message') {
      messages.push({ role: 'user', content: [{ type: 'text', text: entry.content }] });
      entryIds.push(entry.id);
      exchangeStart = messages.length;
      startsExchange = true;
      continue;
    }
    if (entry.type !== 'message' || inHandoff(entry.message)) continue;
    const message = entry.message;
    if (isRefusal(message)) {
      messages.length = exchangeStart;
      entryIds.length = exchangeStart;
      startsExchange = true;
      continue;
    }
    if (message.role === 'assistant') startsExchange = message.stopReason !== 'tool_use';
    else if (startsExchange) {
      exchangeStart = messages.length;
      startsExchange = false;
    }
    messages.push(message);
    entryIds.push(entry.id);
  }
  return { messages, entryIds };
}

export function isRefusal(message: AgentMessage): boolean {
  return message.role === 'assistant' && message.stopReason === 'refusal';
}

/** The model the branch last changed to, if it ever did. */
export function lastModelChange(branch: readonly SessionEntry[]): string | undefined {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (entry?.type === 'model_change') return entry.model;
  }
  return undefined;
}
