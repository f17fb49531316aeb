// Errors of the file helpers and the stores built on them. Callers map them to the API's `storage` (or
// `busy`) error; `code` says what happened.
import { t } from '../../../shared/i18n';
import { en } from '../../../shared/i18n/en';

export type StorageErrorCode =
  /** Disk full, I/O error, permission … the errno code of the failed call (ENOSPC, EIO, EACCES …). */
  | (string & {})
  /** The file is not readable as what it should be (empty, no header, bad header, not JSON). */
  | 'UNREADABLE'
  /** Another live process holds the file's lock. */
  | 'LOCKED'
  /** The file was opened read-only or has been closed. */
  | 'READ_ONLY'
  | 'CLOSED'
  /** The store holds no such item. */
  | 'NOT_FOUND';

export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /**
   * Wraps a failed fs call: keeps its errno code so the UI can say "disk full" rather than "error". The
   * message is in the UI language; the errno code stays in it for support.
   */
  static fromFsError(action: StorageAction, path: string, err: unknown): StorageError {
    if (err instanceof StorageError) return err;
    const code = errnoCode(err) ?? 'EIO';
    const reason = reasonFor(code);
    const what = t(`texts.storage.actions.${action}`);
    const message = reason
      ? t('texts.storage.notCompleted', { reason, action: what, path, code })
      : t('texts.storage.failed', { action: what, path, detail: err instanceof Error ? err.message : String(err) });
    return new StorageError(code, message, { cause: err });
  }
}

/** What was being done when a file operation failed, as its message says. */
export type StorageAction = keyof typeof en.texts.storage.actions;

/** What the common failures mean to the user, in the UI language. */
function reasonFor(code: string): string | undefined {
  return code in en.texts.storage.reasons ? t(`texts.storage.reasons.${code as keyof typeof en.texts.storage.reasons}`) : undefined;
}

/**
 * When `err` says the data folder cannot be written (read-only, full, no permission), what the user is
 * told while sessions can still be read; undefined for any other failure.
 */
export function cannotWriteReason(err: unknown): string | undefined {
  if (!(err instanceof StorageError) || err instanceof LockedError) return undefined;
  const reason = reasonFor(err.code);
  return reason && t('texts.storage.readOnly', { reason, code: err.code });
}

/** Who holds a lock: a process id (0: unknown), and the machine when it is another one. */
export interface LockHolder {
  pid: number;
  /** Set only when the lock was written on another machine (a synced data folder). */
  host?: string;
}

/** Another live process (or this one), or a process on another machine, holds the file's lock. */
export class LockedError extends StorageError {
  override name = 'LockedError';
  readonly holderPid: number;
  /** The other machine that holds the lock, when it is not this one. */
  readonly holderHost: string | undefined;
  constructor(
    readonly file: string,
    holder: LockHolder,
    message = t('texts.fileLocked', { file, holder: lockHolder(holder) }),
  ) {
    super('LOCKED', message);
    this.holderPid = holder.pid;
    this.holderHost = holder.host;
  }
}

/** The lock holder as a user reads it. */
export function lockHolder({ pid, host }: LockHolder): string {
  if (host !== undefined) return pid > 0 ? t('texts.lockHolder.processOn', { pid, host }) : host;
  if (pid === process.pid) return t('texts.lockHolder.thisProcess');
  return pid > 0 ? t('texts.lockHolder.process', { pid }) : t('texts.lockHolder.anotherProcess');
}

/**
 * A failure as the log may quote it. A parse error's message quotes the text it failed on, which may be
 * any file's content (a settings file can be a link to anything), so it is named instead.
 */
export function loggableMessage(err: unknown): string {
  if (err instanceof SyntaxError || (err as Error | undefined)?.name === 'SyntaxError') return 'not valid JSON';
  return err instanceof Error ? err.message : String(err);
}

export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}
