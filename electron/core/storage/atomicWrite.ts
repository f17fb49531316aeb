// Whole-file rewrites (SPEC §2): temp file → fsync → rename → folder fsync, so a reader or a crash sees the
// old file or the new one, never a half-written mix, and the new name survives a crash.
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { StorageError } from './errors';
import type { FsSeam } from './fsSeam';
import { closeQuietly, fsyncDir, unlinkQuietly, writeAll } from './io';
import { runNow, type Steps } from './steps';

export function writeFileAtomic(fs: FsSeam, path: string, data: FileData): void {
  runNow(writeFileAtomicSteps(fs, path, data));
}

/** What a file is written from: a text, bytes, or parts of either written one after the other. */
export type FileData = string | Uint8Array | ReadonlyArray<string | Uint8Array>;

/** The same, a step per piece (steps.ts): a long text or long bytes are written some 4 MB at a time. */
export function* writeFileAtomicSteps(fs: FsSeam, path: string, data: FileData): Steps<void> {
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

/** Characters of a text encoded, or bytes, written at once. */
const PIECE_SIZE = 4 * 1024 * 1024;

/** The bytes to write: a long text in pieces cut after a line break (so no character is ever split), long bytes in plain pieces. */
function* pieces(data: FileData): Generator<Uint8Array> {
  if (typeof data === 'string') return yield* textPieces(data);
  if (data instanceof Uint8Array) {
    for (let at = 0; at < data.length; at += PIECE_SIZE) yield data.subarray(at, at + PIECE_SIZE);
    return;
  }
  for (const part of data) yield* pieces(part);
}

function* textPieces(data: string): Generator<Uint8Array> {
  let at = 0;
  do {
    let end = at + PIECE_SIZE >= data.length ? data.length : data.lastIndexOf('\n', at + PIECE_SIZE) + 1;
    if (end <= at) end = data.indexOf('\n', at + PIECE_SIZE) + 1 || data.length;
    yield Buffer.from(data.slice(at, end), 'utf8');
    at = end;
  } while (at < data.length);
}
