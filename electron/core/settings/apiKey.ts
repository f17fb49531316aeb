// The Anthropic API key lives only in the main process (SPEC §5, §6): it is read here, handed to the
// provider, and never sent to the renderer or written to a log.
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';

/** Where the key comes from and how safely it is kept; shown to the user through app.info. */
export type ApiKeySource = 'safeStorage' | 'basic_text' | 'environment' | 'memory' | 'none';

export interface ApiKeyStore {
  get(): string | undefined;
  set(key: string): void;
  readonly source: ApiKeySource;
}

export const API_KEY_ENV = 'ANTHROPIC_API_KEY';

/**
 * The key as it will be sent, or a BatonError. A key travels in an HTTP header, so anything but visible
 * ASCII would fail there, and the header error would quote the key: it is refused here, without echoing it.
 */
export function checkedApiKey(key: string): string {
  const trimmed = key.trim();
  if (!trimmed) throw new BatonError('invalid_input', texts.apiKeyEmpty);
  if (!/^[\x21-\x7e]+$/.test(trimmed)) throw new BatonError('invalid_input', texts.apiKeyInvalidCharacters);
  return trimmed;
}

/** Reads the key from the environment, treating blank as absent (an exported-but-empty variable is common). */
export function apiKeyFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const key = env[API_KEY_ENV]?.trim();
  return key ? key : undefined;
}

/**
 * Web mode: the key comes from ANTHROPIC_API_KEY (SPEC §5, §7). A key set through the UI is kept in
 * memory for this process only, because web mode has no OS keychain to protect it on disk; its source,
 * `memory`, lets the UI say so.
 */
export class EnvApiKeyStore implements ApiKeyStore {
  #key: string | undefined;
  #source: ApiKeySource;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.#key = apiKeyFromEnv(env);
    this.#source = this.#key ? 'environment' : 'none';
  }

  get(): string | undefined {
    return this.#key;
  }

  set(key: string): void {
    this.#key = checkedApiKey(key);
    this.#source = 'memory';
  }

  get source(): ApiKeySource {
    return this.#source;
  }

  /** Keeps the key out of accidental console.log / JSON.stringify of this object. */
  toJSON(): object {
    return { source: this.source };
  }
}
