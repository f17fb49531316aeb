// The one helper every call goes through, whatever the transport: check the sender, validate the
// input against the contract, run the handler, and answer with a result object. Nothing thrown
// inside a handler escapes as a crash.
import { calls, type ApiError, type CallInput, type CallOutput, type Channel, type Result } from '../../../shared/contract';
import { isExpected, toApiError } from '../errors';
import { log as coreLog } from '../log';

export type Handlers = {
  [C in Channel]: (input: CallInput<C>) => Promise<CallOutput<C>> | CallOutput<C>;
};

export type Dispatch = (channel: unknown, input: unknown, trustedSender: boolean) => Promise<Result<unknown>>;

export function createDispatcher(handlers: Handlers, log: (message: string) => void = coreLog.error): Dispatch {
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
      // An unexpected error: keep the details in the main-process log, give the user the message.
      if (!isExpected(err)) log(`${channel} failed: ${(err as Error)?.stack ?? String(err)}`);
      return { ok: false, error: toApiError(err) };
    }
  };
}

function fail(code: ApiError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}
