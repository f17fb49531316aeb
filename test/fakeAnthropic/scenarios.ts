// What the fake Anthropic server answers to one POST /v1/messages. Scenarios are plain JSON, so the
// same descriptions work in-process (fake.enqueue) and over the control endpoint (POST /__fake/enqueue).
import { z } from 'zod';

/** Knobs shared by every scenario that streams. */
const StreamOptions = {
  /** Characters per text_delta / input_json_delta (default 8). Ignored for text when `chunks` is given. */
  chunkSize: z.number().int().min(1).optional(),
  /** Wait this long before each delta: a "slow stream". */
  delayMs: z.number().min(0).optional(),
  /** While waiting (delayMs, or a stall), send `event: ping` this often, as the real API does. */
  pingEveryMs: z.number().min(1).optional(),
  /**
   * Overrides the measured usage (input: request chars / 4, split by the prompt cache when the request has
   * breakpoints; output: reply chars / 4). Giving input_tokens replaces the whole input side: the cache
   * figures are then 0 unless given too.
   */
  usage: z
    .object({
      input_tokens: z.number().int().min(0).optional(),
      output_tokens: z.number().int().min(0).optional(),
      cache_read_input_tokens: z.number().int().min(0).optional(),
      cache_creation_input_tokens: z.number().int().min(0).optional(),
    })
    .optional(),
  /** Model reported in message_start (default: the request's model). */
  model: z.string().optional(),
};

export const FakeBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), chunks: z.array(z.string()).optional() }),
  z.object({
    type: z.literal('tool_use'),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
    /** Default: toolu_fake_<n>. */
    id: z.string().optional(),
  }),
  /** Extended thinking: the reasoning as thinking_delta pieces, then its signature in one signature_delta. */
  z.object({ type: z.literal('thinking'), thinking: z.string(), signature: z.string().optional() }),
]);
export type FakeBlock = z.infer<typeof FakeBlock>;

export const Scenario = z.discriminatedUnion('kind', [
  /** Streamed text. `chunks` fixes the exact text_delta pieces (their concatenation is the text). */
  z.object({
    kind: z.literal('text'),
    text: z.string(),
    chunks: z.array(z.string()).optional(),
    stopReason: z.string().optional(),
    /** Sent as message_delta's `stop_details` (a refusal's `{type, category, explanation}`). */
    stopDetails: z.record(z.string(), z.unknown()).optional(),
    ...StreamOptions,
  }),
  /** One tool_use block (input streamed as input_json_delta), optionally after a text block. stop_reason tool_use. */
  z.object({
    kind: z.literal('tool_use'),
    name: z.string(),
    input: z.record(z.string(), z.unknown()),
    id: z.string().optional(),
    text: z.string().optional(),
    ...StreamOptions,
  }),
  /** Any sequence of blocks (text, tool_use, thinking); stop_reason defaults to tool_use when a tool_use block is present, else end_turn. */
  z.object({
    kind: z.literal('reply'),
    content: z.array(FakeBlock),
    stopReason: z.string().optional(),
    /** Sent as message_delta's `stop_details` (a refusal's `{type, category, explanation}`). */
    stopDetails: z.record(z.string(), z.unknown()).optional(),
    ...StreamOptions,
  }),
  /** A reply with no content blocks, or (emptyTextBlock) one text block that never gets a delta. */
  z.object({ kind: z.literal('empty'), emptyTextBlock: z.boolean().optional(), ...StreamOptions }),
  /**
   * An HTTP error before any streaming: `{type:"error", error:{type, message}}` with this status.
   * errorType defaults from the status (429 rate_limit_error, 529 overloaded_error, 401 authentication_error…).
   * retryAfterMs (default 10) becomes `retry-after-ms`; shouldRetry (default: 408/409/429/5xx) becomes `x-should-retry`.
   */
  z.object({
    kind: z.literal('error'),
    status: z.number().int().min(400).max(599),
    errorType: z.string().optional(),
    message: z.string().optional(),
    retryAfterMs: z.number().min(0).optional(),
    /** A `retry-after` header as the API sends it (seconds, or an HTTP date), sent instead of retry-after-ms. */
    retryAfter: z.string().optional(),
    shouldRetry: z.boolean().optional(),
  }),
  /** Streams `text` (may be empty), then an SSE `event: error` (default overloaded_error) and ends the response. */
  z.object({
    kind: z.literal('stream_error'),
    text: z.string().optional(),
    errorType: z.string().optional(),
    message: z.string().optional(),
    ...StreamOptions,
  }),
  /** Streams `text` (may be empty), then drops the connection without a message_stop: a network failure. */
  z.object({ kind: z.literal('disconnect'), text: z.string().optional(), ...StreamOptions }),
  /**
   * Streams `text` (may be empty), then goes silent until the client disconnects or the fake closes.
   * beforeHeaders: do not even send the response headers.
   */
  z.object({ kind: z.literal('stall'), text: z.string().optional(), beforeHeaders: z.boolean().optional(), ...StreamOptions }),
  /**
   * A recorded SSE body, written byte for byte (content-type text/event-stream) whatever the request
   * asked, so the client meets the real API's own output. `chunkBytes` splits it into writes of that many
   * bytes (default: one write), cutting lines and multi-byte characters as the network may;
   * `delayMs` waits before each write.
   */
  z.object({
    kind: z.literal('replay'),
    sse: z.string(),
    chunkBytes: z.number().int().min(1).optional(),
    delayMs: z.number().min(0).optional(),
  }),
]);
export type Scenario = z.infer<typeof Scenario>;

/** A request as the fake saw it. */
export interface RecordedRequest {
  /** 1-based, in arrival order. */
  seq: number;
  method: string;
  /** Path without the query string, e.g. /v1/messages. */
  path: string;
  /** Lowercased names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Parsed JSON body; the raw text when it was not JSON; null when empty. */
  body: unknown;
  /** The scenario kind that answered (messages requests only). */
  scenario?: Scenario['kind'];
  /** The connection closed before the reply was complete: the client left (abort, timeout), or a disconnect scenario. */
  aborted: boolean;
  /** The fake wrote the whole reply. */
  completed: boolean;
}

/** Computes the scenario from the request; in-process only (functions do not cross the control endpoint). */
export type ScenarioFn = (request: RecordedRequest) => Scenario | Promise<Scenario>;
