// A settings file that is not JSON (a crash mid-write by another tool, a hand edit gone wrong) must not
// stop Baton from starting. The bad file is moved aside, not deleted, so the user can still recover it.
import { existsSync, renameSync } from 'node:fs';
import type { KeyValueBackend } from './SettingsStore';
import { log as coreLog } from '../log';

/** Opens a backend with `open()`; whenever reading its file fails to parse, quarantines it and reopens. */
export function recoverCorrupt(
  open: () => KeyValueBackend,
  filePath: string,
  log: (message: string) => void = coreLog.warn,
): KeyValueBackend {
  const quarantine = (err: unknown): void => {
    if (!isCorruption(err) || !existsSync(filePath)) throw err;
    const aside = `${filePath}.corrupt-${timestamp()}`;
    renameSync(filePath, aside);
    log(`Settings file was unreadable (${(err as Error).message}); moved it to ${aside} and started from defaults.`);
  };
  const attempt = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      quarantine(err);
      return fn();
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
      attempt(() => backend.set(object));
    },
  };
}

/** Only a parse failure means "corrupt"; permission or disk errors must surface, not destroy the file. */
function isCorruption(err: unknown): boolean {
  return err instanceof SyntaxError || (err as Error | undefined)?.name === 'SyntaxError';
}

/** Sortable and valid in file names on every platform (no colons). */
function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}
