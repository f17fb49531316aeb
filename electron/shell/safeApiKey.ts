// The desktop API key store: Electron safeStorage (Keychain, DPAPI, libsecret/KWallet) encrypts the key,
// which lives in <userData>/api-key.bin. The file handling is in the core; this adapts safeStorage.
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { log as coreLog } from '../core/log';
import type { ApiKeyStore } from '../core/settings/apiKey';
import { API_KEY_FILE, EncryptedFileApiKeyStore } from '../core/settings/encryptedApiKey';

/** Call after app 'ready': before it, Linux cannot tell which keyring backend is in use. */
export function openSafeApiKeyStore(dataDir: string, log: (message: string) => void = coreLog.warn): ApiKeyStore {
  // Without a keyring Chromium falls back to a fixed, built-in password: obfuscation, not encryption.
  // The user is told (here in the log, in the UI through app.info's apiKeySource).
  const basicText = process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text';
  if (basicText) {
    log(
      'No system keyring was found, so a saved API key is only obfuscated on disk, not encrypted. ' +
        'Unlock or install a keyring (GNOME Keyring, KWallet), or set ANTHROPIC_API_KEY instead.',
    );
  }
  // The synchronous safeStorage calls match ApiKeyStore's synchronous get/set; the key is decrypted once.
  return new EncryptedFileApiKeyStore(
    join(dataDir, API_KEY_FILE),
    {
      kind: basicText ? 'basic_text' : 'safeStorage',
      isAvailable: () => safeStorage.isEncryptionAvailable(),
      encrypt: (plainText) => safeStorage.encryptString(plainText),
      decrypt: (encrypted) => safeStorage.decryptString(encrypted),
    },
    process.env,
    log,
  );
}
