// Turns a streamable scenario and the request it answers into a concrete reply plan: which blocks, in
// which pieces, how it ends, with what usage. Keeping this pure makes the SSE writer a dumb loop.
import type { CacheUsage } from './promptCache';
import type { FakeBlock, RecordedRequest, Scenario } from './scenarios';

export type Ending =
  | { type: 'done'; stopReason: string; stopDetails?: Record<string, unknown> | undefined }
  | { type: 'error'; errorType: string; message: string }
  | { type: 'stall' }
  | { type: 'disconnect' };

export interface PlannedBlock {
  block: FakeBlock & { id?: string };
  /** The deltas' payloads: text or thinking pieces, or partial_json pieces for tool_use. */
  pieces: string[];
}

/** What a thinking block is signed with when the scenario names no signature. */
export const FAKE_SIGNATURE = 'fake-signature';

export interface ReplyPlan {
  messageId: string;
  model: string;
  blocks: PlannedBlock[];
  /** When the ending is not `done`, the last block is left open (no content_block_stop), as a cut-off stream is. */
  ending: Ending;
  usage: CacheUsage & { output_tokens: number };
  delayMs: number;
  pingEveryMs: number | undefined;
}

type Streamable = Exclude<Scenario, { kind: 'error' | 'replay' }>;

const DEFAULT_CHUNK = 8;

/** The crude estimate the whole project uses: a token is about four characters. */
export function estimateTokensOfChars(chars: number): number {
  return Math.ceil(chars / 4);
}

/**
 * An image or a PDF counts as the API counts it, by what the model sees, not by its base64: a flat
 * 1,600 tokens (a picture near the size the API scales down to), as the app's own estimate assumes.
 */
const FILE_TOKENS = 1_600;

/** A prompt part's JSON length as billing sees it: each image or PDF as FILE_TOKENS, not as its base64. */
export function promptChars(value: unknown): number {
  let files = 0;
  const json = JSON.stringify(value, function (this: unknown, key, part: unknown) {
    const type = (part as { type?: unknown } | null)?.type;
    if (type === 'image' || type === 'document') files++;
    // A base64 source's data: the file itself.
    return key === 'data' && (this as { type?: unknown }).type === 'base64' ? '' : part;
  });
  return json.length + files * FILE_TOKENS * 4;
}

export function requestInputTokens(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const { system, messages, tools } = body as Record<string, unknown>;
  return estimateTokensOfChars(promptChars([system ?? '', messages ?? [], tools ?? []]));
}

/** Splits by code points, so a piece never ends inside a surrogate pair. */
export function splitPieces(text: string, size: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(''));
  return pieces;
}

function blocksOf(s: Streamable): FakeBlock[] {
  switch (s.kind) {
    case 'text':
      return [{ type: 'text', text: s.text, chunks: s.chunks }];
    case 'tool_use': {
      const tool: FakeBlock = { type: 'tool_use', name: s.name, input: s.input, id: s.id };
      return s.text ? [{ type: 'text', text: s.text }, tool] : [tool];
    }
    case 'reply':
      return s.content;
    case 'empty':
      return s.emptyTextBlock ? [{ type: 'text', text: '' }] : [];
    case 'stream_error':
    case 'stall':
    case 'disconnect':
      return s.text ? [{ type: 'text', text: s.text }] : [];
  }
}

function endingOf(s: Streamable, blocks: FakeBlock[]): Ending {
  switch (s.kind) {
    case 'stream_error':
      return { type: 'error', errorType: s.errorType ?? 'overloaded_error', message: s.message ?? 'Overloaded' };
    case 'stall':
      return { type: 'stall' };
    case 'disconnect':
      return { type: 'disconnect' };
    case 'text':
    case 'reply':
      if (s.stopReason) return { type: 'done', stopReason: s.stopReason, stopDetails: s.stopDetails };
  }
  return { type: 'done', stopReason: blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn' };
}

/** The input side of usage: the scenario's figures where it gives them, else what the fake measured. */
function inputUsage(s: Streamable, measured: CacheUsage): CacheUsage {
  const given = s.usage ?? {};
  const base = given.input_tokens === undefined ? measured : { input_tokens: given.input_tokens, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 };
  return {
    input_tokens: base.input_tokens,
    cache_read_input_tokens: given.cache_read_input_tokens ?? base.cache_read_input_tokens,
    cache_creation_input_tokens: given.cache_creation_input_tokens ?? base.cache_creation_input_tokens,
  };
}

/** `cached`: how the prompt cache billed the request's input (null: no breakpoints, all of it is input). */
export function planReply(
  s: Streamable,
  request: RecordedRequest,
  ids: { message: string; tool: () => string },
  cached: CacheUsage | null = null,
): ReplyPlan {
  const size = s.chunkSize ?? DEFAULT_CHUNK;
  const blocks = blocksOf(s).map((block): PlannedBlock => {
    if (block.type === 'text') return { block, pieces: block.chunks ?? splitPieces(block.text, size) };
    if (block.type === 'thinking') return { block, pieces: splitPieces(block.thinking, size) };
    const withId = { ...block, id: block.id ?? ids.tool() };
    return { block: withId, pieces: splitPieces(JSON.stringify(block.input), size) };
  });
  const outputChars = blocks.reduce((n, b) => n + b.pieces.join('').length, 0);
  const body = request.body as { model?: unknown } | null;
  return {
    messageId: ids.message,
    model: s.model ?? (typeof body?.model === 'string' ? body.model : 'claude-fake'),
    blocks,
    ending: endingOf(s, blocks.map((b) => b.block)),
    usage: {
      ...inputUsage(s, cached ?? { input_tokens: requestInputTokens(request.body), cache_read_input_tokens: 0, cache_creation_input_tokens: 0 }),
      output_tokens: s.usage?.output_tokens ?? estimateTokensOfChars(outputChars),
    },
    delayMs: s.delayMs ?? 0,
    pingEveryMs: s.pingEveryMs,
  };
}

/** The whole message as a non-streaming request gets it. */
export function messageJson(plan: ReplyPlan): Record<string, unknown> {
  const content = plan.blocks.map(({ block }) => {
    switch (block.type) {
      case 'text':
        return { type: 'text', text: block.chunks ? block.chunks.join('') : block.text };
      case 'thinking':
        return { type: 'thinking', thinking: block.thinking, signature: block.signature ?? FAKE_SIGNATURE };
      case 'tool_use':
        return { type: 'tool_use', id: block.id, name: block.name, input: block.input };
    }
  });
  return {
    id: plan.messageId,
    type: 'message',
    role: 'assistant',
    model: plan.model,
    content,
    stop_reason: plan.ending.type === 'done' ? plan.ending.stopReason : 'end_turn',
    stop_sequence: null,
    usage: plan.usage,
  };
}
