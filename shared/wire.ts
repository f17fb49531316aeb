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
