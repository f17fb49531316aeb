// What the model sees of a branch (SPEC §2): messages as they are; a custom_message (such as the handoff
// document) as a user-role message. Model changes, titles and handoff outcomes are bookkeeping, not
// context. Two kinds of exchange stay on disk but out of the context of later turns (SPEC §3, §4.2): a
// handoff exchange, and a request Claude refused together with its refusal.
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
  /** How many of the newest `messages` are the user's own turn so far (what a refusal takes back). */
  let userTurn = 0;
  for (const entry of branch) {
    if (entry.type === 'custom_message') {
      messages.push({ role: 'user', content: [{ type: 'text', text: entry.content }] });
      entryIds.push(entry.id);
      userTurn = 0;
      continue;
    }
    if (entry.type !== 'message' || inHandoff(entry.message)) continue;
    const message = entry.message;
    if (isRefusal(message)) {
      messages.length -= userTurn;
      entryIds.length -= userTurn;
      userTurn = 0;
      continue;
    }
    messages.push(message);
    entryIds.push(entry.id);
    userTurn = message.role === 'user' ? userTurn + 1 : 0;
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
