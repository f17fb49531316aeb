// API key stores: web mode's environment store, and the desktop's encrypted file store (with a fake
// cipher standing in for Electron safeStorage). The key must never show up in logs or serializations.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EnvApiKeyStore } from '../../../electron/core/settings/apiKey';
import { API_KEY_FILE, EncryptedFileApiKeyStore, type KeyCipher } from '../../../electron/core/settings/encryptedApiKey';

const KEY = 'sk-ant-test-0123456789abcdef';

describe('EnvApiKeyStore (web mode)', () => {
  it('reads ANTHROPIC_API_KEY', () => {
    const store = new EnvApiKeyStore({ ANTHROPIC_API_KEY: KEY });
    expect(store.get()).toBe(KEY);
    expect(store.source).toBe('environment');
  });

  it('treats a missing or blank variable as no key', () => {
    for (const env of [{}, { ANTHROPIC_API_KEY: '' }, { ANTHROPIC_API_KEY: '   ' }]) {
      const store = new EnvApiKeyStore(env);
      expect(store.get()).toBeUndefined();
      expect(store.source).toBe('none');
    }
  });

  it('keeps a key set through the UI in memory only', () => {
    const env: NodeJS.ProcessEnv = {};
    const store = new EnvApiKeyStore(env);
    store.set(`  ${KEY}\n`);
    expect(store.get()).toBe(KEY);
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(new EnvApiKeyStore(env).get()).toBeUndefined();
  });

  it('says a key set through the UI lasts only as long as the process', () => {
    const store = new EnvApiKeyStore({ ANTHROPIC_API_KEY: KEY });
    store.set('sk-ant-replacement');
    expect(store.source).toBe('memory');
  });

  it('refuses an empty key', () => {
    expect(() => new EnvApiKeyStore({}).set('   ')).toThrow(/empty/);
  });

  it('never serializes the key', () => {
    const store = new EnvApiKeyStore({ ANTHROPIC_API_KEY: KEY });
    expect(JSON.stringify(store)).not.toContain(KEY);
  });
});

/** Reversible and clearly not plain text, like safeStorage's output. */
function fakeCipher(overrides: Partial<KeyCipher> = {}): KeyCipher & { decrypts: number } {
  const cipher = {
    kind: 'safeStorage' as const,
    decrypts: 0,
    isAvailable: () => true,
    encrypt: (plain: string) => Buffer.from(`v10${Buffer.from(plain).toString('base64').split('').reverse().join('')}`),
    decrypt(data: Buffer) {
      cipher.decrypts++;
      const text = data.toString();
      if (!text.startsWith('v10')) throw new Error('Error while decrypting the ciphertext provided');
      return Buffer.from(text.slice(3).split('').reverse().join(''), 'base64').toString();
    },
    ...overrides,
  };
  return cipher;
}

describe('EncryptedFileApiKeyStore (desktop)', () => {
  let dir: string;
  let file: string;
  const logs: string[] = [];
  const log = (message: string) => logs.push(message);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'baton-key-'));
    file = join(dir, API_KEY_FILE);
    logs.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stores the key encrypted, owner-only, with no temp file left behind', () => {
    new EncryptedFileApiKeyStore(file, fakeCipher(), {}, log).set(KEY);
    expect(readFileSync(file).toString()).not.toContain(KEY);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);
    expect(readdirSync(dir)).toEqual([API_KEY_FILE]);
  });

  it('reads it back in a new process, decrypting only once', () => {
    new EncryptedFileApiKeyStore(file, fakeCipher(), {}, log).set(KEY);
    const cipher = fakeCipher();
    const store = new EncryptedFileApiKeyStore(file, cipher, {}, log);
    expect(store.get()).toBe(KEY);
    expect(store.get()).toBe(KEY);
    expect(store.source).toBe('safeStorage');
    expect(cipher.decrypts).toBe(1);
  });

  it("reports 'basic_text' when the OS has no keyring", () => {
    const store = new EncryptedFileApiKeyStore(file, fakeCipher({ kind: 'basic_text' }), {}, log);
    store.set(KEY);
    expect(store.source).toBe('basic_text');
  });

  it('falls back to ANTHROPIC_API_KEY, and a saved key wins over it', () => {
    const store = new EncryptedFileApiKeyStore(file, fakeCipher(), { ANTHROPIC_API_KEY: 'sk-from-env' }, log);
    expect(store.get()).toBe('sk-from-env');
    expect(store.source).toBe('environment');
    store.set(KEY);
    expect(store.get()).toBe(KEY);
    expect(store.source).toBe('safeStorage');
  });

  it("says 'none' with no key anywhere", () => {
    const store = new EncryptedFileApiKeyStore(file, fakeCipher(), {}, log);
    expect(store.get()).toBeUndefined();
    expect(store.source).toBe('none');
    expect(logs).toEqual([]);
  });

  it('asks again (and keeps the file) when the stored key cannot be decrypted', () => {
    writeFileSync(file, 'garbage from another machine');
    const store = new EncryptedFileApiKeyStore(file, fakeCipher(), {}, log);
    expect(store.get()).toBeUndefined();
    expect(store.source).toBe('none');
    expect(existsSync(file)).toBe(true);
    expect(logs.join('\n')).toMatch(/could not be decrypted/);
  });

  it('refuses to save when the OS cannot encrypt, and says what to do instead', () => {
    const store = new EncryptedFileApiKeyStore(file, fakeCipher({ isAvailable: () => false }), {}, log);
    expect(() => store.set(KEY)).toThrow(/ANTHROPIC_API_KEY/);
    expect(existsSync(file)).toBe(false);
  });

  it('never logs or serializes the key', () => {
    const store = new EncryptedFileApiKeyStore(file, fakeCipher(), {}, log);
    store.set(KEY);
    writeFileSync(file, 'corrupt');
    new EncryptedFileApiKeyStore(file, fakeCipher(), {}, log).get();
    expect(JSON.stringify(store)).not.toContain(KEY);
    expect(logs.join('\n')).not.toContain(KEY);
  });
});
