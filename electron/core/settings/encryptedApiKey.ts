// The desktop key store: the key encrypted by the OS (Electron safeStorage, passed in as a cipher so
// this file stays free of `electron` and testable) in one small file, with ANTHROPIC_API_KEY as fallback.
import { texts } from '../../../shared/texts';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BatonError } from '../errors';
import { writeFileAtomic } from '../storage/atomicWrite';
import { realFs } from '../storage/fsSeam';
import { apiKeyFromEnv, checkedApiKey, type ApiKeySource, type ApiKeyStore } from './apiKey';
import { log as coreLog } from '../log';

export const API_KEY_FILE = 'api-key.bin';

export interface KeyCipher {
  /** 'basic_text' when the OS offers no keyring and the "encryption" is only obfuscation (Linux). */
  readonly kind: 'safeStorage' | 'basic_text';
  isAvailable(): boolean;
  encrypt(plainText: string): Buffer;
  decrypt(encrypted: Buffer): string;
}

export class EncryptedFileApiKeyStore implements ApiKeyStore {
  /** Decrypted once, because each decrypt may prompt the user for the keychain (macOS). */
  #stored: string | undefined;
  #loaded = false;

  constructor(
    private readonly filePath: string,
    private readonly cipher: KeyCipher,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly log: (message: string) => void = coreLog.warn,
  ) {}

  /** A key the user saved in Baton wins over the environment: it is the more deliberate choice. */
  get(): string | undefined {
    return this.#load() ?? apiKeyFromEnv(this.env);
  }

  get source(): ApiKeySource {
    if (this.#load()) return this.cipher.kind;
    return apiKeyFromEnv(this.env) ? 'environment' : 'none';
  }

  set(key: string): void {
    const trimmed = checkedApiKey(key);
    if (!this.cipher.isAvailable()) {
      throw new BatonError('storage', texts.noSafeKeyStore);
    }
    realFs.mkdirSync(dirname(this.filePath));
    // A crash leaves the old key or the new one, never half a file.
    writeFileAtomic(realFs, this.filePath, this.cipher.encrypt(trimmed));
    this.#stored = trimmed;
    this.#loaded = true;
  }

  toJSON(): object {
    return { source: this.source };
  }

  #load(): string | undefined {
    if (this.#loaded) return this.#stored;
    let encrypted: Buffer;
    try {
      encrypted = readFileSync(this.filePath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log(`Could not read the stored API key: ${(err as Error).message}`);
      }
      this.#loaded = true;
      return undefined;
    }
    // Not yet available (called before app ready, keychain locked): try again on the next call.
    if (!this.cipher.isAvailable()) return undefined;
    try {
      this.#stored = this.cipher.decrypt(encrypted).trim() || undefined;
    } catch (err) {
      // Keychain changed or the file came from another machine: ask for the key again; keep the file
      // so a transient keychain failure does not lose it.
      this.log(`The stored API key could not be decrypted; Baton will ask for it again. (${(err as Error).message})`);
    }
    this.#loaded = true;
    return this.#stored;
  }
}
