// One agent run (SPEC §3) as a function: stream the model's reply, execute its tool calls, deliver what
// the user queued meanwhile, and continue until the model stops. It owns no state; everything it reads
// or changes goes through the hooks, so the same loop serves a chat prompt and a handoff's request.
import type { BatonEvent } from '../../../shared/contract';
import type { AgentMessage, SessionEntry } from '../../../shared/session';
import { toolResultText } from '../../../shared/toolResult';
import type { StreamHandlers, StreamRequest } from './AnthropicProvider';
import type { ServerToolDefinition } from './serverTools';
import type { ThinkingParam } from './thinkingConfig';
import { partialOf } from './providerErrors';
import { deniedResult, executeToolCall, throttledProgress, toolCallsOf, toolOf, type Tool, type ToolCall, type ToolSource } from './tools';

/** Only `stream` is used; the core wraps the real provider, tests may pass their own. */
export interface AgentProvider {
  stream(request: StreamRequest, handlers: StreamHandlers): Promise<AgentMessage>;
}

/** What one run sends: fixed for its whole length. */
export interface LoopConfig {
  sessionId: string;
  model: string;
  maxTokens: number;
  thinking?: ThinkingParam | undefined;
  system: string;
  /** Read at each request and each call: the set may change during the run. */
  tools: ToolSource;
  /** Claude's server tools (web search, web fetch) for the next request, after the tools Baton runs. */
  serverTools?: () => readonly ServerToolDefinition[];
  signal: AbortSignal;
}

/**
 * A server that pauses a long turn more often than this is not followed further: the reply shows that
 * it paused, with Continue.
 */
const MAX_PAUSE_CONTINUATIONS = 8;

export interface LoopHooks {
  provider: AgentProvider;
  /** The messages the next request sends (the session's context, or a cut of it). */
  context(): readonly AgentMessage[];
  /** Marks every message the run writes, before it is shown or saved (a handoff's exchange). */
  mark(message: AgentMessage): AgentMessage;
  /** Saves a settled message and adds it to the context. Throws when it cannot be saved. */
  persist(message: AgentMessage): SessionEntry;
  /** Saves a user prompt delivered at a turn boundary (with any context queued for it). */
  persistPrompt(text: string): SessionEntry;
  emit: (event: BatonEvent) => void;
  /** Tells the user of an error that ended the run (it is also the run's result). */
  reportError(err: unknown): void;
  /** A streamed text delta. */
  text(delta: string): void;
  /** Context size after the last saved message, for the `usage` event. */
  contextTokens(): number;
  /** Bookkeeping at each turn's end (the todo reminder counter). */
  endTurn(): void;
  /** Steering messages, delivered at the next turn boundary. */
  takeSteering(): string[];
  /** The next follow-up, delivered when the run would otherwise end. */
  takeFollowUp(): string | undefined;
  /** Whether a failed request (nothing streamed) is sent again, e.g. with a shorter transcript. */
  retryRequest?(error: unknown, attempt: number): boolean;
  /** Whether the call may run (the user's approval); resolves false when denied or the run stops. Absent: every call runs. */
  approve?(call: ToolCall, tool: Tool | undefined, signal: AbortSignal): Promise<boolean>;
}

export interface LoopResult {
  /** The last assistant message of the run (complete, stopped or cut short), if one came. */
  reply: AgentMessage | undefined;
  /** The first error of the run; it was also given to reportError. */
  error: unknown;
}

export async function runAgentLoop(config: LoopConfig, hooks: LoopHooks): Promise<LoopResult> {
  const result: LoopResult = { reply: undefined, error: undefined };
  const fail = (err: unknown) => {
    result.error ??= err;
    hooks.reportError(err);
  };
  try {
    let inputs: string[] = [];
    let pauses = 0;
    for (let turn = 0; ; turn++) {
      if (turn > 0) beginTurn(config, hooks, inputs);
      const reply = await streamReply(config, hooks, fail);
      if (reply) result.reply = reply;
      const settled = reply !== undefined && !reply.aborted && reply.errorMessage === undefined;
      const calls = settled && runsTools(reply) ? toolCallsOf(reply.content) : [];
      if (calls.length > 0) await runTools(config, hooks, calls);
      hooks.endTurn();
      hooks.emit({ type: 'turn_end', sessionId: config.sessionId });
      if (!settled || config.signal.aborted) break;
      // pause_turn: the API stopped a long turn; sending it back as it is lets the model go on.
      if (reply.stopReason === 'pause_turn' && ++pauses <= MAX_PAUSE_CONTINUATIONS) {
        inputs = [];
        continue;
      }
      if (!STOPS_NORMALLY.has(reply.stopReason ?? null)) break; // cut off, refused, window full, unknown: the user decides
      inputs = nextInputs(hooks, calls.length > 0);
      if (calls.length === 0 && inputs.length === 0) break;
    }
  } catch (err) {
    fail(err); // a message that could not be saved ends the run
  }
  return result;
}

/** Stop reasons after which the run may go on (tool results, queued messages). */
const STOPS_NORMALLY: ReadonlySet<string | null> = new Set(['end_turn', 'stop_sequence', 'tool_use', null]);

/** Tool calls run only from a reply that ended to have them run: never from a cut-off or refused one. */
function runsTools(reply: AgentMessage): boolean {
  return reply.stopReason === 'tool_use' || reply.stopReason == null;
}

function beginTurn(config: LoopConfig, hooks: LoopHooks, inputs: readonly string[]): void {
  hooks.emit({ type: 'turn_start', sessionId: config.sessionId });
  for (const text of inputs) emitSaved(hooks.emit, config.sessionId, hooks.persistPrompt(text));
}

/** The steering messages; or, when the model has stopped and nothing steers, the next follow-up. */
function nextInputs(hooks: LoopHooks, toolsRan: boolean): string[] {
  const steering = hooks.takeSteering();
  if (steering.length > 0 || toolsRan) return steering;
  const followUp = hooks.takeFollowUp();
  return followUp === undefined ? [] : [followUp];
}

/** One model request: the reply (complete, stopped or cut short) is saved; undefined when none came. */
async function streamReply(config: LoopConfig, hooks: LoopHooks, fail: (err: unknown) => void): Promise<AgentMessage | undefined> {
  const { sessionId, model } = config;
  let started = false;
  const begin = () => {
    if (started) return;
    started = true;
    hooks.emit({ type: 'message_start', sessionId, message: hooks.mark({ role: 'assistant', content: [], model }) });
  };
  const handlers: StreamHandlers = {
    onText: (delta) => {
      begin();
      hooks.text(delta);
    },
    onRetry: (attempt, message) => hooks.emit({ type: 'retry', sessionId, attempt, message }),
  };
  let reply: AgentMessage | undefined;
  let failure: unknown;
  try {
    reply = await requestReply(config, hooks, handlers);
  } catch (err) {
    failure = err;
    reply = partialOf(err);
  }
  try {
    if (reply) {
      begin();
      settle(config, hooks, reply);
    }
  } finally {
    if (failure !== undefined) fail(failure);
  }
  return reply;
}

/**
 * One request of a run, sent again while `retryRequest` says so and nothing streamed: the reply (or the
 * error, with what streamed). A handoff prepared in advance sends it without a run around it.
 */
export async function requestReply(
  config: LoopConfig,
  hooks: Pick<LoopHooks, 'provider' | 'context' | 'retryRequest'>,
  handlers: StreamHandlers,
): Promise<AgentMessage> {
  for (let attempt = 0; ; attempt++) {
    const body: StreamRequest = {
      model: config.model,
      system: config.system,
      messages: hooks.context(),
      tools: [...config.tools.tools().map((tool) => tool.definition), ...(config.serverTools?.() ?? [])],
      maxTokens: config.maxTokens,
      thinking: config.thinking,
      signal: config.signal,
    };
    try {
      return await hooks.provider.stream(body, handlers);
    } catch (err) {
      const nothingStreamed = !partialOf(err)?.content.length;
      if (!nothingStreamed || !hooks.retryRequest?.(err, attempt)) throw err;
    }
  }
}

/** Saves the reply (message_end); when it cannot be saved the UI still gets it, without an entry. */
function settle(config: LoopConfig, hooks: LoopHooks, received: AgentMessage): void {
  const { sessionId } = config;
  const reply = hooks.mark(received);
  let entry: SessionEntry;
  try {
    entry = hooks.persist(reply);
  } catch (err) {
    hooks.emit({ type: 'message_end', sessionId, message: reply });
    throw err;
  }
  hooks.emit({ type: 'message_end', sessionId, message: reply, entry });
  if (reply.usage) hooks.emit({ type: 'usage', sessionId, usage: reply.usage, contextTokens: hooks.contextTokens() });
}

/** One call at a time, in the reply's order; once the run stops, each call left gets the cancelled result. */
async function runTools(config: LoopConfig, hooks: LoopHooks, calls: readonly ToolCall[]): Promise<void> {
  const { sessionId, signal } = config;
  const results = [];
  // From start to end as the row shows it live (an approval's wait included), so a reopened session shows the same.
  const toolDurations: Record<string, number> = {};
  for (const call of calls) {
    const started = Date.now();
    hooks.emit({ type: 'tool_execution_start', sessionId, toolCallId: call.id, name: call.name, input: call.input });
    const progress = throttledProgress((message, progress, total) =>
      hooks.emit({ type: 'tool_execution_update', sessionId, toolCallId: call.id, message, progress, total }),
    );
    const allowed = (await hooks.approve?.(call, toolOf(config.tools, call), signal)) ?? true;
    const result = allowed ? await executeToolCall(config.tools, call, { signal, onProgress: progress.onProgress }) : deniedResult(call);
    progress.stop();
    hooks.emit({ type: 'tool_execution_end', sessionId, toolCallId: call.id, isError: result.is_error === true, output: toolResultText(result.content) });
    toolDurations[call.id] = Math.max(0, Date.now() - started);
    results.push(result);
  }
  emitSaved(hooks.emit, sessionId, hooks.persist(hooks.mark({ role: 'user', content: results, toolDurations })));
}

/** A saved user-side message, as the UI sees it. */
export function emitSaved(emit: (event: BatonEvent) => void, sessionId: string, entry: SessionEntry): void {
  if (entry.type !== 'message') return;
  emit({ type: 'message_start', sessionId, message: entry.message });
  emit({ type: 'message_end', sessionId, message: entry.message, entry });
}
