// The session store's own errors; the generic ones (StorageError, LockedError) live in storage/.
import { texts } from '../../../shared/texts';
import { LockedError, lockHolder, StorageError, type LockHolder } from '../storage/errors';

/** A session file another writer holds; the message says what the user can do about it. */
export class SessionLockedError extends LockedError {
  override name = 'SessionLockedError';
  constructor(file: string, holder: LockHolder) {
    super(
      file,
      holder,
      holder.host !== undefined
        ? texts.sessionOpenOn(holder.host)
        : texts.sessionLocked(file, lockHolder(holder)),
    );
  }
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

/** No session with this id is in the store (deleted meanwhile, or never there). */
export class SessionNotFoundError extends StorageError {
  override name = 'SessionNotFoundError';
  constructor(readonly id: string) {
    super('NOT_FOUND', texts.sessionGone);
  }
}
