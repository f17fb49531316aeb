// The one error model of the core. Code that fails on purpose throws BatonError with the API code the
// renderer acts on; the domain errors of the store (StorageError) and of the model (ProviderError) keep
// their own detail and are mapped here. toApiError is the only mapping: the dispatcher answers calls with
// it and runs report their errors with it, so the same failure always reaches the user the same way.
import type { ApiError, ErrorCode } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { ProviderError, type ProviderErrorKind } from './agent/providerErrors';
import { StorageError } from './storage/errors';

export class BatonError extends Error {
  override readonly name = 'BatonError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const PROVIDER_CODES: Partial<Record<ProviderErrorKind, ErrorCode>> = {
  auth: 'no_api_key', // 401: ask for the key again
  rate_limit: 'rate_limited',
  overloaded: 'overloaded',
  server: 'server',
  network: 'network',
  timeout: 'timeout',
  too_long: 'context_too_long', // offer a handoff
  too_large: 'invalid_input', // the same request would be refused again: no Retry
};

/**
 * A session another Baton writes is busy, not broken; an id the store does not know is not found; every
 * other store failure is a storage error.
 */
const STORAGE_CODES: Partial<Record<string, ErrorCode>> = { LOCKED: 'busy', NOT_FOUND: 'not_found' };

export function toApiError(err: unknown): ApiError {
  if (err instanceof BatonError) return { code: err.code, message: err.message };
  if (err instanceof StorageError) return { code: STORAGE_CODES[err.code] ?? 'storage', message: err.message };
  if (err instanceof ProviderError) return { code: PROVIDER_CODES[err.kind] ?? 'internal', message: err.message };
  // A failed fs call outside the store (the settings file, say) is a storage error too.
  const errno = (err as { code?: unknown } | null)?.code;
  if (typeof errno === 'string' && /^E[A-Z]+$/.test(errno)) return { code: 'storage', message: (err as Error).message };
  return { code: 'internal', message: (err instanceof Error && err.message) || texts.somethingWentWrong };
}

/** True when the error is one the core raised on purpose (the log needs no stack for it). */
export function isExpected(err: unknown): boolean {
  return err instanceof BatonError || err instanceof StorageError || err instanceof ProviderError;
}
