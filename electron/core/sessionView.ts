// What the renderer needs to show an open session, read from its conversation and the session store.
import type { SessionView } from '../../shared/contract';
import type { SessionEntry } from '../../shared/session';
import type { Conversation } from './conversations/Conversation';
import { branchWindow } from './session/branchWindow';
import type { SessionStore } from './session/SessionStore';
import type { SessionTail } from './session/tailReader';

/** An open session: the newest entries of the branch shown, and what the status line and panels show. */
export function viewOf(conversation: Conversation, store: SessionStore): SessionView {
  const { agent, manager } = conversation;
  const header = manager.getHeader();
  const usage = agent.getContextUsage();
  return {
    header,
    ...branchWindow(manager),
    unreadableRecords: manager.unreadableRecords,
    parentTitle: header.parentSession ? store.get(header.parentSession)?.title : undefined,
    todos: agent.getTodos(),
    isStreaming: agent.isStreaming,
    streamingText: agent.streamingText,
    model: agent.getModel(),
    contextTokens: usage.tokens,
    contextWindow: usage.window,
    handoff: conversation.pendingHandoff(),
    pinned: [...manager.getPinned()],
    approvals: agent.pendingApprovals(),
    readOnlyReason: manager.readOnlyReason,
    instructions: manager.getInstructions(),
  };
}

/**
 * What a big session shows while it is still being opened: its header and its last messages, read from
 * the file's end (the part of the last entry's branch that the tail holds). The full view replaces it a
 * moment later.
 */
export function previewOf(tail: SessionTail, model: string, contextWindow: number, store: SessionStore): SessionView {
  return {
    header: tail.header,
    entries: branchInTail(tail.entries),
    firstEntryIndex: 0,
    versions: {},
    unreadableRecords: tail.unreadableRecords,
    parentTitle: tail.header.parentSession ? store.get(tail.header.parentSession)?.title : undefined,
    todos: [],
    isStreaming: false,
    model,
    contextTokens: 0,
    contextWindow,
    pinned: [],
  };
}

/** The last entry's branch, as far up as `entries` (the end of a file) reach. Parents precede children. */
function branchInTail(entries: readonly SessionEntry[]): SessionEntry[] {
  const positions = new Map(entries.map((entry, i) => [entry.id, i]));
  const path: SessionEntry[] = [];
  for (let at = entries.length - 1; at >= 0; ) {
    const entry = entries[at] as SessionEntry;
    path.push(entry);
    const parent = entry.parentId === null ? undefined : positions.get(entry.parentId);
    at = parent !== undefined && parent < at ? parent : -1;
  }
  return path.reverse();
}
