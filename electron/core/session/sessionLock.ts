// A session file's one-writer lock: the generic lock, refusing with a message that names the session.
import type { FsSeam } from '../storage/fsSeam';
import { acquireLock, type FileLock } from '../storage/lock';
import { SessionLockedError } from './errors';

export function lockSession(fs: FsSeam, sessionFile: string): FileLock {
  return acquireLock(fs, sessionFile, (holder) => new SessionLockedError(sessionFile, holder));
}
