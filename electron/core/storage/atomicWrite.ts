// Whole-file rewrites (SPEC §2): temp file → fsync → rename → folder fsync, so a reader or a crash sees the
// old file or the new one, never a half-written mix, and the new name survives a crash.
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { StorageError } from './errors';
import type { FsSeam } from './fsSeam';
import { closeQuietly, fsyncDir, unlinkQuietly, writeAll } from './io';
import { runNow, type Steps } from './steps';

export function writeFileAtomic(fs: FsSeam, path: string, data: string | Uint8Array): void {
  runNow(writeFileAtomicSteps(fs, path, data));
}

/** The same, a step per piece (steps.ts): a long text is written some 4 MB at a time. */
export function* writeFileAtomicSteps(fs: FsSeam, path: string, data: string | Uint8Array): Steps<void> {
  const dir = dirname(path);
  // Same directory, so rename never crosses a filesystem; the .tmp suffix keeps it out of session listings.
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  let renamed = false;
  try {
    fd = fs.openSync(tmp, 'wx', 0o600);
    let at = 0;
    for (const bytes of pieces(data)) {
      writeAll(fs, fd, bytes, at);
      at += bytes.length;
      yield;
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(tmp, path);
    renamed = true;
  } catch (err) {
    throw StorageError.fromFsError('writing', path, err);
  } finally {
    // Failed, or abandoned between pieces: no temp file is left behind.
    if (!renamed) {
      if (fd !== undefined) closeQuietly(fs, fd);
      unlinkQuietly(fs, tmp);
    }
  }
  fsyncDir(fs, dir);
}

/** Characters of a text encoded and written at once. */
const PIECE_CHARS = 4 * 1024 * 1024;

/** The bytes to write, a long text in pieces cut after a line break (so no character is ever split). */
function* pieces(data: string | Uint8Array): Generator<Uint8Array> {
  if (typeof data !== 'string') return yield data;
  let at = 0;
  do {
    let end = at + PIECE_CHARS >= data.length ? data.length : data.lastIndexOf('\n', at + PIECE_CHARS) + 1;
    if (end <= at) end = data.indexOf('\n', at + PIECE_CHARS) + 1 || data.length;
    yield Buffer.from(data.slice(at, end), 'utf8');
    at = end;
  } while (at < data.length);
}
