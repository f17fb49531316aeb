// Approval of tool calls (SPEC §3 "Approval", §5 "Tools"): an MCP tool not marked Always allow waits for
// the user's answer. What a view shows of a waiting call, and the answers it may give.
import { z } from 'zod';

export const ApprovalDecision = z.enum(['once', 'always', 'deny']);
export type ApprovalDecision = z.infer<typeof ApprovalDecision>;

/** What the server says of the tool (MCP's annotations): hints, not guarantees. */
export const ToolHints = z.object({ readOnly: z.boolean().optional(), destructive: z.boolean().optional() });
export type ToolHints = z.infer<typeof ToolHints>;

/** A call waiting for the user's answer. */
export const PendingApproval = z.object({
  toolCallId: z.string(),
  /** The tool's own name on its server. */
  tool: z.string(),
  server: z.string(),
  input: z.unknown(),
  hints: ToolHints,
});
export type PendingApproval = z.infer<typeof PendingApproval>;

/** The error result a denied call returns to the model. */
export const DENIED_RESULT = 'The user denied this tool call.';
