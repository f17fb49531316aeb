// Tools the model may call. A tool is its API definition plus a function from the call's input to a
// text result; a throw becomes an error result the model can read, never a crashed run.
import type { ContentBlock } from '../../../shared/session';

/** The shape the Messages API takes in `tools`. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };
}

export interface Tool {
  definition: ToolDefinition;
  execute(input: unknown): string;
}

export type ToolCall = Extract<ContentBlock, { type: 'tool_use' }>;
export type ToolResult = Extract<ContentBlock, { type: 'tool_result' }>;

export function toolCallsOf(content: readonly ContentBlock[]): ToolCall[] {
  return content.filter((block): block is ToolCall => block.type === 'tool_use');
}

export function executeToolCall(tools: readonly Tool[], call: ToolCall): ToolResult {
  const tool = tools.find((t) => t.definition.name === call.name);
  if (!tool) return errorResult(call, `Unknown tool: ${call.name}`);
  try {
    return { type: 'tool_result', tool_use_id: call.id, content: tool.execute(call.input) };
  } catch (err) {
    return errorResult(call, err instanceof Error ? err.message : String(err));
  }
}

function errorResult(call: ToolCall, message: string): ToolResult {
  return { type: 'tool_result', tool_use_id: call.id, content: message, is_error: true };
}
