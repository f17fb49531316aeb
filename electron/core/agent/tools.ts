// Tools the model may call (SPEC §3 "Tools"). A tool is its API definition plus an asynchronous function
// from the call's input to content blocks; a throw becomes an error result the model can read, never a
// crashed run. Tools come from sources (the built-in ones, each MCP server) that are read afresh at each
// request, so the set can change while a session lives.
import { base64Bytes, formatSize, MB } from '../../../shared/attachments';
import type { ContentBlock, ToolResultContent } from '../../../shared/session';
import { DENIED_RESULT, type ToolHints } from '../../../shared/toolApproval';
import { estimateBlockTokens } from './tokens';

/** The shape the Messages API takes in `tools`. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };
}

export interface ToolContext {
  /** Aborted when the run stops: the tool should give up (its result is then ignored anyway). */
  signal: AbortSignal;
  onProgress: (message: string, progress?: number, total?: number) => void;
}

export interface ToolOutput {
  content: ToolResultContent;
  /** The tool ran and reports a failure the model should read (MCP's `isError`). */
  isError?: boolean;
}

export interface Tool {
  definition: ToolDefinition;
  /**
   * Where the tool comes from, for the UI: an MCP server's name, the tool's own name there and what the
   * server says of it. A tool with an origin asks the user before each call (SPEC §3 "Approval").
   */
  origin?: { server: string; name: string; hints?: ToolHints };
  execute(input: unknown, context: ToolContext): Promise<ToolOutput>;
}

/** Tools that may change at any time: read at each request, never kept. */
export interface ToolSource {
  tools(): readonly Tool[];
}

/** A fixed list as a source. */
export function fixedTools(tools: readonly Tool[]): ToolSource {
  return { tools: () => tools };
}

/** The tools of one session: its sources in order; where two give the same name, the first one wins. */
export class ToolSet implements ToolSource {
  constructor(private readonly sources: readonly ToolSource[]) {}

  tools(): Tool[] {
    const byName = new Map<string, Tool>();
    for (const source of this.sources) {
      for (const tool of source.tools()) if (!byName.has(tool.definition.name)) byName.set(tool.definition.name, tool);
    }
    return [...byName.values()];
  }
}

export type ToolCall = Extract<ContentBlock, { type: 'tool_use' }>;
export type ToolResult = Extract<ContentBlock, { type: 'tool_result' }>;

export const CANCELLED_RESULT = 'The tool call was cancelled.';
/** SPEC §3: a bigger result is cut before it enters the context. */
export const MAX_RESULT_TOKENS = 25_000;
/**
 * The images of one result together. Each is sent again with every later request, which the API takes
 * up to 32 MB in all: a tool that returns a dozen screenshots must not make the session unusable.
 */
export const MAX_RESULT_IMAGE_BYTES = 5 * MB;

/** The tool a call names, as the source has it now. */
export function toolOf(source: ToolSource, call: ToolCall): Tool | undefined {
  return source.tools().find((t) => t.definition.name === call.name);
}

/** What a call the user denied returns to the model. */
export function deniedResult(call: ToolCall): ToolResult {
  return errorResult(call, DENIED_RESULT);
}

export function toolCallsOf(content: readonly ContentBlock[]): ToolCall[] {
  return content.filter((block): block is ToolCall => block.type === 'tool_use');
}

/**
 * Runs one call with the tool of that name as the source has it now. Resolves as soon as the signal
 * aborts, with the cancelled result, whether or not the tool heeds the signal.
 */
export async function executeToolCall(source: ToolSource, call: ToolCall, context: ToolContext): Promise<ToolResult> {
  const tool = toolOf(source, call);
  if (!tool) return errorResult(call, `Unknown tool: ${call.name}`);
  if (context.signal.aborted) return errorResult(call, CANCELLED_RESULT);
  try {
    const output = await untilAborted(tool.execute(call.input, context), context.signal);
    if (output === ABORTED) return errorResult(call, CANCELLED_RESULT);
    const content = capToolResult(limitImages(withoutEmptyText(output.content)));
    return { type: 'tool_result', tool_use_id: call.id, content, ...(output.isError === true && { is_error: true }) };
  } catch (err) {
    if (context.signal.aborted) return errorResult(call, CANCELLED_RESULT);
    return errorResult(call, err instanceof Error ? err.message : String(err));
  }
}

const ABORTED = Symbol('aborted');

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function errorResult(call: ToolCall, message: string): ToolResult {
  return { type: 'tool_result', tool_use_id: call.id, content: capToolResult(message), is_error: true };
}

/** The API refuses empty text blocks. */
function withoutEmptyText(content: ToolResultContent): ToolResultContent {
  if (typeof content === 'string') return content;
  const parts = content.filter((part) => part.type !== 'text' || part.text.trim() !== '');
  return parts.length > 0 ? parts : '';
}

type ResultPart = Exclude<ToolResultContent, string>[number];

/** An image that would take the result's images past the limit becomes a line saying it was left out. */
export function limitImages(content: ToolResultContent, maxBytes = MAX_RESULT_IMAGE_BYTES): ToolResultContent {
  if (typeof content === 'string') return content;
  let bytes = 0;
  return content.map((part): ResultPart => {
    if (part.type !== 'image') return part;
    const size = base64Bytes(part.source.data);
    if (bytes + size <= maxBytes) {
      bytes += size;
      return part;
    }
    return { type: 'text', text: `[image ${part.name} left out: the result's images are over ${formatSize(maxBytes)} together]` };
  });
}

/**
 * A result over the limit keeps its beginning, up to the limit, and ends with a note that says it was
 * cut (by the same estimate as the context meter). Images that no longer fit are left out.
 */
export function capToolResult(content: ToolResultContent, maxTokens = MAX_RESULT_TOKENS): ToolResultContent {
  const parts: ResultPart[] = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  const total = parts.reduce((n, part) => n + estimateBlockTokens(part), 0);
  if (total <= maxTokens) return content;
  const note = `[Result cut: the tool returned about ${total.toLocaleString('en-US')} tokens, more than the ${maxTokens.toLocaleString('en-US')} a result may have; only its beginning is kept.]`;
  let room = maxTokens - estimateBlockTokens({ type: 'text', text: note }) - 1;
  const kept: ResultPart[] = [];
  for (const part of parts) {
    const tokens = estimateBlockTokens(part);
    if (tokens <= room) {
      kept.push(part);
      room -= tokens;
    } else if (part.type === 'text' && room > 0) {
      kept.push({ type: 'text', text: cutText(part.text, room * 4) });
      room = 0;
    }
  }
  if (typeof content === 'string') return `${kept.map((p) => (p.type === 'text' ? p.text : '')).join('')}\n${note}`;
  return [...kept, { type: 'text', text: note }];
}

/** At most `chars` UTF-16 units, never half a surrogate pair. */
function cutText(text: string, chars: number): string {
  const end = /[\uD800-\uDBFF]/.test(text.charAt(chars - 1)) ? chars - 1 : chars;
  return text.slice(0, end);
}

/**
 * A tool's progress as at most one report per `everyMs` (the latest wins), so a tool that reports in a
 * tight loop cannot flood the UI. `stop` drops what is still waiting.
 */
export function throttledProgress(
  report: (message: string, progress?: number, total?: number) => void,
  everyMs = 100,
): { onProgress: ToolContext['onProgress']; stop(): void } {
  let last = -Infinity;
  let waiting: Parameters<ToolContext['onProgress']> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!waiting) return;
    last = Date.now();
    const args = waiting;
    waiting = undefined;
    report(...args);
  };
  return {
    onProgress(...args) {
      waiting = args;
      const wait = last + everyMs - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    stop() {
      waiting = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
