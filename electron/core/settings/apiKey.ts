// The Anthropic API key lives only in the main process (SPEC §5, §6): it is read here, handed to the
// provider, and never sent to the renderer or written to a log.
import { BatonError } from '../errors';

/** Where the key comes from and how safely it is kept; shown to the user through app.info. */
export type ApiKeySource = 'safeStorage' | 'basic_text' | 'environment' | 'none';

export interface ApiKeyStore {
  get(): string | undefined;
  set(key: string): void;
  readonly source: ApiKeySource;
}

export const API_KEY_ENV = 'ANTHROPIC_API_KEY';

/** Reads the key from the environment, treating blank as absent (an exported-but-empty variable is common). */
export function apiKeyFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const key = env[API_KEY_ENV]?.trim();
  return key ? key : undefined;
}

/**
 * Web mode: the key comes from ANTHROPIC_API_KEY. A key set through the UI is kept in memory for this
 * process only, because web mode has no OS keychain to protect it on disk.
 */
export class EnvApiKeyStore implements ApiKeyStore {
  #key: string | undefined;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.#key = apiKeyFromEnv(env);
  }

  get(): string | undefined {
    return this.#key;
  }

  set(key: string): void {
    const trimmed = key.trim();
    if (!trimmed) throw new BatonError('invalid_input', 'The API key is empty');
    this.#key = trimmed;
  }

  get source(): ApiKeySource {
    return this.#key ? 'environment' : 'none';
  }

  /** Keeps the key out of accidental console.log / JSON.stringify of this object. */
  toJSON(): object {
    return { source: this.source };
  }
}
