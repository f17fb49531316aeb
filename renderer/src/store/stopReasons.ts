// What a reply's stop_reason means for the user (SPEC §3 "`stop_reason` is honoured"). Normal endings say
// nothing; every other one, known or not, is told on the message.
import type { AgentMessage } from '../../../shared/session';

export type StopNotice =
  /** max_tokens: the reply is incomplete; Continue asks for the rest. */
  | { kind: 'cutOff' }
  /** refusal: with the API's own explanation (`stop_details.explanation`) when it gave one. */
  | { kind: 'refusal'; explanation?: string | undefined }
  /** model_context_window_exceeded: the conversation no longer fits; a handoff continues it. */
  | { kind: 'windowFull' }
  /** pause_turn that the run stopped following: Continue resumes the turn. */
  | { kind: 'paused' }
  | { kind: 'unknown'; reason: string };

const NORMAL_STOPS: ReadonlySet<string> = new Set(['end_turn', 'stop_sequence', 'tool_use']);

export function stopNoticeOf(message: AgentMessage): StopNotice | null {
  const reason = message.stopReason;
  if (message.role !== 'assistant' || reason == null || NORMAL_STOPS.has(reason)) return null;
  switch (reason) {
    case 'max_tokens':
      return { kind: 'cutOff' };
    case 'refusal':
      return { kind: 'refusal', explanation: message.stopExplanation };
    case 'model_context_window_exceeded':
      return { kind: 'windowFull' };
    // The core continues a paused turn by itself; only the last reply, once the run has stopped, says so.
    case 'pause_turn':
      return { kind: 'paused' };
    default:
      return { kind: 'unknown', reason };
  }
}
