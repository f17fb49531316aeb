// The web-mode wire format: the contract's calls and events as WebSocket frames.
import { z } from 'zod';

export const ClientFrame = z.object({
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  input: z.unknown().optional(),
});
export type ClientFrame = z.infer<typeof ClientFrame>;

/** Server frames: a call's result (`id` + `result`) or an event (`event`). */
export type ServerFrame = { id: number; result: unknown } | { event: unknown };

export const WS_PATH = '/ws';
export const TOKEN_PARAM = 'token';

/**
 * The largest frame the server reads: room for the largest call the contract allows (1,000,000
 * characters of text, UTF-8 and JSON-escaped). A bigger one closes the connection with
 * CLOSE_TOO_BIG, so the page checks its frames against it before sending.
 */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;
/** The WebSocket close code for a message too big to process (RFC 6455). */
export const CLOSE_TOO_BIG = 1009;
