// A session file's bytes after the header come in chunks, read ahead on the decode thread where it
// reads: whoever reads them, the chunks are the file's bytes, whole and in order.
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ChunkReader } from '../../../electron/core/session/chunkReader';
import { DecodeThread, SLOT_BYTES, SLOTS } from '../../../electron/core/storage/decodeThread';
import { realFs } from '../../../electron/core/storage/fsSeam';
import { useTempDir } from './helpers';

const dir = useTempDir();

/** A file of random bytes, more chunks than there are slots, so every slot is read into again. */
function bigFile(bytes = randomBytes(SLOTS * SLOT_BYTES + 1_234_567)): { path: string; bytes: Buffer } {
  const path = join(dir(), 'big.jsonl');
  writeFileSync(path, bytes);
  return { path, bytes };
}

/** Every chunk, each copied as soon as it is taken, joined. */
function readAll(reader: ChunkReader): Buffer {
  const chunks: Buffer[] = [];
  for (let chunk = reader.next(); chunk; chunk = reader.next()) chunks.push(Buffer.from(chunk.bytes));
  return Buffer.concat(chunks);
}

/** Runs `body` with the decode thread held, as an open holds it. */
function withThread<T>(body: (thread: DecodeThread) => T): T {
  const thread = DecodeThread.claim();
  expect(thread).toBeDefined();
  const first = thread!.nextJob;
  try {
    return body(thread!);
  } finally {
    thread!.cancelFrom(first);
    thread!.release();
  }
}

describe('reading a session file in chunks', () => {
  it('gives the bytes after the header whole and in order, the helper reading them', () => {
    const { path, bytes } = bigFile();
    const fd = openSync(path, 'r');
    const read = withThread((thread) => {
      const before = thread.nextJob;
      const reader = new ChunkReader(realFs, fd, 100, bytes.length, thread);
      const all = readAll(reader);
      // One job per chunk: the helper was asked to read each of them.
      expect(thread.nextJob - before).toBe(Math.ceil((bytes.length - 100) / SLOT_BYTES));
      return all;
    });
    closeSync(fd);
    expect(read.equals(bytes.subarray(100))).toBe(true);
  });

  it('says a chunk is all ASCII only when it is', () => {
    const bytes = Buffer.alloc(SLOTS * SLOT_BYTES + 1_234_567, 'a');
    Buffer.from('ก').copy(bytes, SLOT_BYTES + 10); // in the second chunk only
    const { path } = bigFile(bytes);
    const fd = openSync(path, 'r');
    const said = withThread((thread) => {
      const reader = new ChunkReader(realFs, fd, 0, bytes.length, thread);
      const ascii: boolean[] = [];
      for (let chunk = reader.next(); chunk; chunk = reader.next()) ascii.push(chunk.ascii);
      return ascii;
    });
    closeSync(fd);
    // A chunk this thread read itself (the helper had not begun it) is not known to be ASCII: false.
    expect(said).toHaveLength(4);
    expect(said[1]).toBe(false);
  });

  it('reads through a test’s fs seam on this thread, every read of it', () => {
    const { path, bytes } = bigFile();
    const fd = openSync(path, 'r');
    let reads = 0;
    const seam = { ...realFs, readSync: (...args: Parameters<typeof realFs.readSync>) => (reads++, realFs.readSync(...args)) };
    const read = withThread((thread) => {
      const before = thread.nextJob;
      const all = readAll(new ChunkReader(seam, fd, 0, bytes.length, thread));
      expect(thread.nextJob).toBe(before);
      return all;
    });
    closeSync(fd);
    expect(read.equals(bytes)).toBe(true);
    expect(reads).toBe(Math.ceil(bytes.length / SLOT_BYTES));
  });

  it('ends where a file that shrank after its size was taken now ends', () => {
    const { path, bytes } = bigFile(randomBytes(SLOT_BYTES + 5_000));
    const fd = openSync(path, 'r');
    const read = withThread((thread) => readAll(new ChunkReader(realFs, fd, 0, 3 * SLOT_BYTES, thread)));
    closeSync(fd);
    expect(read.equals(bytes)).toBe(true);
  });

  it('throws the read’s own error when the helper cannot read either (a descriptor closed under it)', () => {
    const { path, bytes } = bigFile();
    const fd = openSync(path, 'r');
    closeSync(fd);
    withThread((thread) => {
      const reader = new ChunkReader(realFs, fd, 0, bytes.length, thread);
      expect(() => reader.next()).toThrow(expect.objectContaining({ code: 'EBADF' }));
    });
  });

  it('after a helper stalled, reads into memory of its own, where nothing the helper writes late can reach', () => {
    const { path, bytes } = bigFile();
    const fd = openSync(path, 'r');
    // A helper that took a read and never came back: its slots may still be written to.
    const shared = Buffer.from(new SharedArrayBuffer(SLOTS * SLOT_BYTES));
    const stalled = { input: shared, isStalled: true, postRead: () => 0, takeRead: () => undefined } as unknown as DecodeThread;
    const reader = new ChunkReader(realFs, fd, 0, bytes.length, stalled);
    const chunks: Buffer[] = [];
    for (let chunk = reader.next(); chunk; chunk = reader.next()) {
      expect(chunk.bytes.buffer).not.toBe(shared.buffer);
      shared.fill(0x21); // what the stalled helper might write meanwhile
      chunks.push(Buffer.from(chunk.bytes));
    }
    closeSync(fd);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
