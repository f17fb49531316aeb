// Auto-handoff (SPEC §4.2, an option, off by default): when a reply ends with the context at or above the
// level the user set, the handoff starts by itself; with review first it stops at the review, as one the
// user started would. It never starts while a reply streams or another handoff runs, at most once per
// session, and not in a session where a handoff was already tried or made: after that the user decides.
import type { HandoffResult } from '../../../shared/contract';
import type { SessionEntry } from '../../../shared/session';
import { handoffExchangeTracker } from '../../../shared/sessionFormat';
import type { AgentSession } from '../agent/AgentSession';
import type { LoopResult } from '../agent/agentLoop';
import { toApiError } from '../errors';
import type { HandoffPipeline } from './HandoffPipeline';

/** A reply that ended by itself: not stopped, not failed, not cut off (the user may want to Continue it). */
const FINISHED = new Set(['end_turn', 'stop_sequence', 'model_context_window_exceeded']);

/** Whether the run's last reply finished by itself (then a handoff may follow it). */
export function finishedByItself({ reply, error }: LoopResult): boolean {
  return reply !== undefined && !reply.aborted && error === undefined && FINISHED.has(reply.stopReason ?? 'end_turn');
}

export class AutoHandoff {
  /** Sessions it started in since the app started (the exchange it leaves on disk covers the rest). */
  private readonly started = new Set<string>();

  constructor(
    private readonly agent: AgentSession,
    private readonly handoff: Pick<HandoffPipeline, 'isGenerating'>,
    /** Starts a handoff exactly as handoff.start does, and answers as it does. */
    private readonly start: (review: boolean) => Promise<HandoffResult>,
  ) {}

  /** After a conversation run (never a handoff's own): starts the handoff when its reply ended above the level. */
  afterRun(run: LoopResult): void {
    if (!this.isDue(run)) return;
    const agent = this.agent;
    const sessionId = agent.sessionId;
    const review = agent.settings.reviewFirst;
    this.started.add(sessionId);
    agent.emit({ type: 'handoff_auto', sessionId, review });
    // Its result reaches the views as handoff_result, as every handoff's does. One the user cancelled
    // does not switch auto-handoff off for the session: the next reply above the level starts it again.
    this.start(review).then(
      (result) => {
        if (result.status === 'cancelled') this.started.delete(sessionId);
      },
      (err: unknown) => agent.emit({ type: 'handoff_result', sessionId, result: { status: 'failed', ...toApiError(err) } }),
    );
  }

  private isDue(run: LoopResult): boolean {
    const agent = this.agent;
    const { autoHandoff, autoHandoffAt } = agent.settings;
    if (!autoHandoff || !finishedByItself(run)) return false;
    if (agent.isStreaming || this.handoff.isGenerating || this.started.has(agent.sessionId)) return false;
    const { tokens, window } = agent.getContextUsage();
    if (window <= 0 || tokens / window < autoHandoffAt) return false;
    return !hasHandoffExchange(agent.sessionManager.getBranch());
  }
}

/**
 * Whether a handoff was tried (or made) in the branch: its exchange stays on disk whatever came of it.
 * One the user cancelled does not count; one with no outcome (a discarded review, a crash) does.
 */
export function hasHandoffExchange(branch: readonly SessionEntry[]): boolean {
  const inHandoff = handoffExchangeTracker();
  let open = false;
  for (const entry of branch) {
    if (entry.type === 'handoff_outcome') {
      if (entry.outcome !== 'cancelled') return true;
      open = false;
    } else if (entry.type === 'message') {
      if (inHandoff(entry.message)) open = true;
      else if (open) return true;
    }
  }
  return open;
}
