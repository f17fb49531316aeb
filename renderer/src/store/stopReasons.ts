// What a reply's stop_reason means for the user (SPEC §3 "`stop_reason` is honoured"). Normal endings say
// nothing; every other one, known or not, is told on the message.
import type { AgentMessage } from '../../../shared/session';

export type StopNotice =
  /** max_tokens: the reply is incomplete; Continue asks for the rest. */
  | { kind: 'cutOff' }
  | { kind: 'refusal' }
  /** model_context_window_exceeded: the conversation no longer fits; a handoff continues it. */
  | { kind: 'windowFull' }
  | { kind: 'unknown'; reason: string };

/** pause_turn is normal too: the core continues the turn by itself. */
const NORMAL_STOPS: ReadonlySet<string> = new Set(['end_turn', 'stop_sequence', 'tool_use', 'pause_turn']);

export function stopNoticeOf(message: AgentMessage): StopNotice | null {
  const reason = message.stopReason;
  if (message.role !== 'assistant' || reason == null || NORMAL_STOPS.has(reason)) return null;
  switch (reason) {
    case 'max_tokens':
      return { kind: 'cutOff' };
    case 'refusal':
      return { kind: 'refusal' };
    case 'model_context_window_exceeded':
      return { kind: 'windowFull' };
    default:
      return { kind: 'unknown', reason };
  }
}
