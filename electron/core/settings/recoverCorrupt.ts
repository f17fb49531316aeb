// A settings file that is not JSON (a crash mid-write by another tool, a hand edit gone wrong) must not
// stop Baton from starting. The bad file is moved aside, not deleted, so the user can still recover it.
// Any other failure (a folder where the file should be, a full disk) is told plainly, naming the file.
import { t } from '../../../shared/i18n';
import { existsSync, renameSync } from 'node:fs';
import { errnoCode, loggableMessage, StorageError } from '../storage/errors';
import type { KeyValueBackend } from './SettingsStore';
import { log as coreLog } from '../log';

/** Opens a backend with `open()`; whenever reading its file fails to parse, quarantines it and reopens. */
export function recoverCorrupt(
  open: () => KeyValueBackend,
  filePath: string,
  log: (message: string) => void = coreLog.warn,
): KeyValueBackend {
  const quarantine = (err: unknown, writing: boolean): void => {
    if (!isCorruption(err) || !existsSync(filePath)) throw settingsFileError(err, filePath, writing);
    const aside = `${filePath}.corrupt-${timestamp()}`;
    renameSync(filePath, aside);
    log(`Settings file was unreadable (${loggableMessage(err)}); moved it to ${aside} and started from defaults.`);
  };
  const attempt = <T>(fn: () => T, writing = false): T => {
    try {
      return fn();
    } catch (err) {
      quarantine(err, writing);
      try {
        return fn();
      } catch (again) {
        throw settingsFileError(again, filePath, writing);
      }
    }
  };

  const backend = attempt(open);
  return {
    get store() {
      return attempt(() => backend.store);
    },
    set(object) {
      // conf re-reads the file before writing, so a file corrupted after start-up fails here too; the
      // failure is in that read, before anything is written, so retrying is safe.
      attempt(() => backend.set(object), true);
    },
  };
}

/** A failure of the settings file as the user reads it: which file, what happened, what to do. */
function settingsFileError(err: unknown, filePath: string, writing: boolean): unknown {
  const code = errnoCode(err);
  if (err instanceof StorageError || code === undefined) return err;
  if (code === 'EISDIR') {
    return new StorageError(code, t('texts.settingsIsFolder', { path: filePath }), { cause: err });
  }
  if (writing) return StorageError.fromFsError('savingSettings', filePath, err);
  return new StorageError(code, t('texts.settingsUnreadable', { path: filePath, code }), { cause: err });
}

/** Only a parse failure means "corrupt"; permission or disk errors must surface, not destroy the file. */
function isCorruption(err: unknown): boolean {
  return err instanceof SyntaxError || (err as Error | undefined)?.name === 'SyntaxError';
}

/** Sortable and valid in file names on every platform (no colons). */
function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}
