// Loops and helpers over the fs seam: the syscalls may do less than asked, these do all of it or throw.
import { StorageError } from './errors';
import type { FsSeam } from './fsSeam';

/** Opens a file; a failure becomes a StorageError that keeps the errno code (ENOENT, EACCES …). */
export function openFd(fs: FsSeam, path: string, flags: string, mode?: number): number {
  try {
    return fs.openSync(path, flags, mode);
  } catch (err) {
    throw StorageError.fromFsError('opening', path, err);
  }
}

export function writeAll(fs: FsSeam, fd: number, data: Uint8Array, position: number): void {
  let done = 0;
  while (done < data.length) {
    const n = fs.writeSync(fd, data, done, data.length - done, position + done);
    // A zero-byte write would loop forever; treat it as the device refusing more data.
    if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
    done += n;
  }
}

/** Reads up to `length` bytes at `position`; fewer only at end of file. */
export function readAt(fs: FsSeam, fd: number, position: number, length: number): Buffer {
  const buf = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buf, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done === length ? buf : buf.subarray(0, done);
}

/** Makes a created, renamed or removed directory entry durable. Windows cannot open directories: skip there. */
export function fsyncDir(fs: FsSeam, dir: string): void {
  let fd: number;
  try {
    fd = fs.openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fs.fsyncSync(fd);
  } catch {
    // Some filesystems refuse fsync on directories (EINVAL); the file data itself is already synced.
  } finally {
    fs.closeSync(fd);
  }
}

/** Cleanup on a path that is already failing: the first error is the one worth reporting. */
export function closeQuietly(fs: FsSeam, fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    // keep the original error
  }
}

/** Removes a file that may never have been created. */
export function unlinkQuietly(fs: FsSeam, path: string): void {
  try {
    fs.unlinkSync(path);
  } catch {
    // nothing to remove
  }
}
