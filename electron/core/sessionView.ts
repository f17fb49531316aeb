// What the renderer needs to show the open session, read from the agent and the index.
import type { SessionView } from '../../shared/contract';
import type { AgentSession } from './agent/AgentSession';
import type { SessionIndex } from './session/SessionIndex';

export function viewOf(agent: AgentSession, index: SessionIndex): SessionView {
  const manager = agent.sessionManager;
  const header = manager.getHeader();
  const usage = agent.getContextUsage();
  return {
    header,
    entries: manager.getEntries(),
    unreadableRecords: manager.unreadableRecords,
    parentTitle: header.parentSession ? index.get(header.parentSession)?.title : undefined,
    todos: agent.getTodos(),
    isStreaming: agent.isStreaming,
    model: agent.getModel(),
    contextTokens: usage.tokens,
    contextWindow: usage.window,
  };
}
