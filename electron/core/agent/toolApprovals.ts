// The calls of one session that wait for the user's answer (SPEC §3 "Approval"). A call of a tool from
// an MCP server runs only once the user allowed it (once, or always for that tool); the first answer
// wins, whichever view gave it, and every view hears that it is settled. Stopping the run denies what
// waits. Built-in tools (no origin) never ask.
import type { BatonEvent } from '../../../shared/contract';
import type { ApprovalDecision, PendingApproval } from '../../../shared/toolApproval';
import type { Tool, ToolCall } from './tools';

/** Where Always allow is remembered: per tool, by the name the model calls it. */
export interface AlwaysAllow {
  has(toolName: string): boolean;
  add(toolName: string): void;
}

interface Waiting {
  request: PendingApproval;
  toolName: string;
  settle: (allowed: boolean) => void;
}

export class ToolApprovals {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly sessionId: () => string,
    private readonly alwaysAllow: AlwaysAllow | undefined,
    private readonly emit: (event: BatonEvent) => void,
  ) {}

  /** Resolves true when the call may run: at once for a built-in or always-allowed tool, else at the user's answer. */
  ask(call: ToolCall, tool: Tool | undefined, signal: AbortSignal): Promise<boolean> {
    if (!tool?.origin || this.alwaysAllow?.has(call.name)) return Promise.resolve(true);
    if (signal.aborted) return Promise.resolve(false);
    const request: PendingApproval = {
      toolCallId: call.id,
      tool: tool.origin.name,
      server: tool.origin.server,
      input: call.input,
      hints: tool.origin.hints ?? {},
    };
    return new Promise((resolve) => {
      const onAbort = () => this.settle(call.id, 'deny');
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(call.id, {
        request,
        toolName: call.name,
        settle: (allowed) => {
          signal.removeEventListener('abort', onAbort);
          resolve(allowed);
        },
      });
      this.emit({ type: 'tool_approval', sessionId: this.sessionId(), ...request });
    });
  }

  /** The user's answer; false when the call no longer waits (another view answered first, or the run stopped). */
  answer(toolCallId: string, decision: ApprovalDecision): boolean {
    return this.settle(toolCallId, decision);
  }

  /** What waits now, for a view that opens the session. */
  pending(): PendingApproval[] {
    return [...this.waiting.values()].map((w) => w.request);
  }

  private settle(toolCallId: string, decision: ApprovalDecision): boolean {
    const waiting = this.waiting.get(toolCallId);
    if (!waiting) return false;
    this.waiting.delete(toolCallId);
    if (decision === 'always') this.alwaysAllow?.add(waiting.toolName);
    this.emit({ type: 'tool_approval_settled', sessionId: this.sessionId(), toolCallId, decision });
    waiting.settle(decision !== 'deny');
    return true;
  }
}
