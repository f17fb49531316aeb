// What a failed run tells the user: the error's code for the UI (401 → ask for the key), its message, and
// what had arrived of the reply before it struck. Typed structurally: the provider's ProviderError, the
// store's StorageError and BatonCore's CallError all reach here.
import { ErrorCode } from '../../../shared/contract';
import type { AgentMessage } from '../../../shared/session';
import { StorageError } from '../session/errors';

export function kindOf(err: unknown): string | undefined {
  const kind = (err as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : undefined;
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** What arrived before a provider error (ProviderError.partial), marked with the error. */
export function partialOf(err: unknown): AgentMessage | undefined {
  const partial = (err as { partial?: AgentMessage | null } | null)?.partial;
  if (!partial) return undefined;
  return partial.errorMessage === undefined ? { ...partial, errorMessage: messageOf(err) } : partial;
}

/** 401 asks for the key again; a failed write is a storage error; a CallError keeps its code. */
export function errorCodeOf(err: unknown): ErrorCode {
  if (kindOf(err) === 'auth') return 'no_api_key';
  if (err instanceof StorageError) return 'storage';
  const code = ErrorCode.safeParse((err as { code?: unknown } | null)?.code);
  return code.success ? code.data : 'internal';
}
