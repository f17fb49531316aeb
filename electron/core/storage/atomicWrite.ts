// Whole-file rewrites (SPEC §2): temp file → fsync → rename → folder fsync, so a reader or a crash sees the
// old file or the new one, never a half-written mix, and the new name survives a crash.
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { StorageError } from './errors';
import type { FsSeam } from './fsSeam';
import { closeQuietly, fsyncDir, unlinkQuietly, writeAll } from './io';

export function writeFileAtomic(fs: FsSeam, path: string, data: string | Uint8Array): void {
  const dir = dirname(path);
  // Same directory, so rename never crosses a filesystem; the .tmp suffix keeps it out of session listings.
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let fd: number | undefined;
  try {
    fd = fs.openSync(tmp, 'wx', 0o600);
    writeAll(fs, fd, bytes, 0);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(tmp, path);
  } catch (err) {
    if (fd !== undefined) closeQuietly(fs, fd);
    unlinkQuietly(fs, tmp);
    throw StorageError.fromFsError('writing', path, err);
  }
  fsyncDir(fs, dir);
}


