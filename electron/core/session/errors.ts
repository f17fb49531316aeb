// Errors the session store throws. Callers map them to the `storage` API error; `code` says what happened.

export type StorageErrorCode =
  /** Disk full, I/O error, permission … the errno code of the failed call (ENOSPC, EIO, EACCES …). */
  | (string & {})
  /** The file is not a readable session (empty, no header, bad header, not JSON). */
  | 'UNREADABLE'
  /** Another live process holds the session's lock file. */
  | 'LOCKED'
  /** The manager was opened read-only or has been closed. */
  | 'READ_ONLY'
  | 'CLOSED';

export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Wraps a failed fs call: keeps its errno code so the UI can say "disk full" rather than "error". */
  static fromFsError(what: string, path: string, err: unknown): StorageError {
    if (err instanceof StorageError) return err;
    const code = errnoCode(err) ?? 'EIO';
    const detail = err instanceof Error ? err.message : String(err);
    const reason = REASONS[code];
    const message = reason ? `${reason} ${what} ${path} did not complete (${code}).` : `${what} failed for ${path}: ${detail}`;
    return new StorageError(code, message, { cause: err });
  }
}

/** What the common failures mean to the user; the errno code stays in the message for support. */
const REASONS: Record<string, string> = {
  ENOSPC: 'The disk is full, so this was not saved.',
  EDQUOT: 'The disk quota is used up, so this was not saved.',
  EROFS: 'The disk is read-only, so this was not saved.',
  EACCES: 'Baton may not write to its data folder, so this was not saved.',
  EPERM: 'Baton may not write to its data folder, so this was not saved.',
  EIO: 'The disk reported an error, so this was not saved.',
};

export class SessionLockedError extends StorageError {
  override name = 'SessionLockedError';
  constructor(
    readonly file: string,
    readonly holderPid: number,
  ) {
    const holder = holderPid === process.pid ? 'this process' : holderPid > 0 ? `process ${holderPid}` : 'another process';
    super(
      'LOCKED',
      `Session file ${file} is already open for writing by ${holder} (another Baton window?). Close it there first.`,
    );
  }
}

export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}

/** The file is not a readable session; `reason` is a sentence the sidebar can show. */
export class UnreadableSessionError extends StorageError {
  override name = 'UnreadableSessionError';
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super('UNREADABLE', `${reason}: ${file}`);
  }
}
