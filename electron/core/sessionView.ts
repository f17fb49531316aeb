// What the renderer needs to show the open session, read from the agent and the session store.
import type { SessionView } from '../../shared/contract';
import type { AgentSession } from './agent/AgentSession';
import type { SessionStore } from './session/SessionStore';
import type { SessionTail } from './session/tailReader';

/**
 * How many of the newest entries a view carries. Enough to fill any screen and to scroll a while;
 * a 100,000-message session is not shipped to the renderer whole.
 */
export const VIEW_WINDOW = 2_000;

export function viewOf(agent: AgentSession, store: SessionStore): SessionView {
  const manager = agent.sessionManager;
  const header = manager.getHeader();
  const usage = agent.getContextUsage();
  const all = manager.getEntries();
  const firstEntryIndex = Math.max(0, all.length - VIEW_WINDOW);
  return {
    header,
    entries: all.slice(firstEntryIndex),
    firstEntryIndex,
    unreadableRecords: manager.unreadableRecords,
    parentTitle: header.parentSession ? store.get(header.parentSession)?.title : undefined,
    todos: agent.getTodos(),
    isStreaming: agent.isStreaming,
    model: agent.getModel(),
    contextTokens: usage.tokens,
    contextWindow: usage.window,
  };
}

/**
 * What a big session shows while it is still being opened: its header and its last messages, read from
 * the file's end. The full view replaces it a moment later.
 */
export function previewOf(tail: SessionTail, agent: AgentSession, store: SessionStore): SessionView {
  return {
    header: tail.header,
    entries: tail.entries,
    firstEntryIndex: 0,
    unreadableRecords: tail.unreadableRecords,
    parentTitle: tail.header.parentSession ? store.get(tail.header.parentSession)?.title : undefined,
    todos: [],
    isStreaming: false,
    model: agent.getModel(),
    contextTokens: 0,
    contextWindow: agent.getContextUsage().window,
  };
}
