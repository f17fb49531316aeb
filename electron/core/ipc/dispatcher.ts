// The one helper every call goes through, whatever the transport: check the sender, validate the
// input against the contract, run the handler, and answer with a result object. Nothing thrown
// inside a handler escapes as a crash.
import {
  calls,
  type ApiError,
  type CallInput,
  type CallOutput,
  type Channel,
  type Result,
} from '../../../shared/contract';

export type Handlers = {
  [C in Channel]: (input: CallInput<C>) => Promise<CallOutput<C>> | CallOutput<C>;
};

/** An error a handler throws on purpose, with a code the renderer can act on. */
export class CallError extends Error {
  constructor(
    readonly code: ApiError['code'],
    message: string,
  ) {
    super(message);
  }
}

export type Dispatch = (channel: unknown, input: unknown, trustedSender: boolean) => Promise<Result<unknown>>;

export function createDispatcher(handlers: Handlers, log: (message: string) => void = console.error): Dispatch {
  return async (channel, input, trustedSender) => {
    if (!trustedSender) return fail('forbidden', 'This sender may not call Baton');
    if (typeof channel !== 'string' || !Object.hasOwn(calls, channel)) {
      return fail('invalid_input', 'Unknown channel');
    }
    const contract = calls[channel as Channel];
    const parsed = contract.input.safeParse(input ?? {});
    if (!parsed.success) {
      return fail('invalid_input', parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
    }
    try {
      const handler = handlers[channel as Channel] as (input: unknown) => unknown;
      return { ok: true, data: await handler(parsed.data) };
    } catch (err) {
      if (err instanceof CallError) return fail(err.code, err.message);
      // An unexpected error: keep the details in the main-process log, give the user the message.
      log(`[baton] ${channel} failed: ${(err as Error)?.stack ?? String(err)}`);
      return fail(errorCodeOf(err), (err as Error)?.message || 'Something went wrong');
    }
  };
}

/** Store errors carry an errno-like code (ENOSPC, EIO …, or LOCKED for a session open elsewhere). */
function errorCodeOf(err: unknown): ApiError['code'] {
  const code = (err as { code?: unknown })?.code;
  if (code === 'LOCKED') return 'busy';
  if (typeof code === 'string' && (/^E[A-Z]+$/.test(code) || ['UNREADABLE', 'READ_ONLY', 'CLOSED'].includes(code))) {
    return 'storage';
  }
  return 'internal';
}

function fail(code: ApiError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}
