// Every API call goes through here: a failed result (or a broken transport) becomes an alert, so no
// error is silently dropped, and callers get the data or `undefined`. An action passes `retry`, which
// the alert offers as Retry.
import type { CallInput, CallOutput, Channel, Result } from '../../../shared/contract';
import type { Deps, GetState } from './types';

export async function callApi<C extends Channel>(
  deps: Deps,
  get: GetState,
  channel: C,
  input: CallInput<C>,
  retry?: () => unknown,
): Promise<CallOutput<C> | undefined> {
  const result = await tryCall(deps, channel, input);
  if (result.ok) return result.data;
  get().reportError(result.error, retry);
  return undefined;
}

/** The raw result, for callers that word the failure themselves (e.g. "Handoff failed: …"). */
export async function tryCall<C extends Channel>(deps: Deps, channel: C, input: CallInput<C>): Promise<Result<CallOutput<C>>> {
  const fn = deps.api[channel] as (input: CallInput<C>) => Promise<Result<CallOutput<C>>>;
  try {
    return await fn(input);
  } catch (err) {
    return { ok: false, error: { code: 'internal', message: (err as Error)?.message || String(err) } };
  }
}
