// What the model sees of a branch (SPEC §2): messages as they are; a custom_message (such as the handoff
// document) as a user-role message. Model changes and titles are bookkeeping, not context.
import type { AgentMessage, SessionEntry } from '../../../shared/session';

export interface SessionContext {
  messages: AgentMessage[];
}

export function buildContext(branch: readonly SessionEntry[]): SessionContext {
  const messages: AgentMessage[] = [];
  for (const entry of branch) {
    if (entry.type === 'message') messages.push(entry.message);
    else if (entry.type === 'custom_message') messages.push({ role: 'user', content: [{ type: 'text', text: entry.content }] });
  }
  return { messages };
}
