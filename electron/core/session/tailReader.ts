// Tail-first open (SPEC §8: the last 50 messages in ≤ 50 ms whatever the file size): read the header from
// the head and the last records backwards from the end, never the middle.
import type { SessionEntry, SessionHeader } from '../../../shared/session';
import type { FsSeam } from '../storage/fsSeam';
import { openFd, readAt } from '../storage/io';
import { isSessionEntry } from './entryShape';
import { readHeaderLine } from './headerLine';

export interface SessionTail {
  header: SessionHeader;
  /** File order, from the n-th last message entry (or the first entry) to the last complete record. */
  entries: SessionEntry[];
  /** True when `entries` is the whole session. */
  complete: boolean;
  /** Byte offset where `entries` begin: read backwards from here to page further up. */
  startOffset: number;
  /** End of the last complete record; anything after it is a torn write. */
  completeLength: number;
  /** Unreadable records met within the part read. */
  unreadableRecords: number;
}

const FIRST_CHUNK = 64 * 1024;
/** Chunks double up to this, so an 8 MB record costs a few reads, not hundreds. */
const MAX_CHUNK = 16 * 1024 * 1024;

/** The header and the last `n` message entries (with the entries among them) of a session file. */
export function readTail(fs: FsSeam, path: string, n: number): SessionTail {
  const fd = openFd(fs, path, 'r');
  try {
    return readTailFrom(fs, fd, path, n);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads backwards until it holds `n` message entries (and at least one entry, so the leaf is known), or
 * reaches the header.
 */
export function readTailFrom(fs: FsSeam, fd: number, path: string, n: number): SessionTail {
  const size = fs.fstatSync(fd).size;
  const { header, end: headerEnd } = readHeaderLine(fs, fd, size, path);
  const completeLength = lastNewline(fs, fd, headerEnd - 1, size) + 1;

  const newestFirst: SessionEntry[] = [];
  let messages = 0;
  let unreadableRecords = 0;
  let startOffset = completeLength;
  const enough = (): boolean => messages >= n && newestFirst.length > 0;

  // `carry` is the start of a line whose beginning lies before the chunk just read; it ends with its `\n`.
  let carry: Buffer = Buffer.alloc(0);
  let end = completeLength;
  let chunk = FIRST_CHUNK;
  while (end > headerEnd && !enough()) {
    const start = Math.max(headerEnd, end - chunk);
    const read = readAt(fs, fd, start, end - start);
    const data = carry.length ? Buffer.concat([read, carry]) : read;
    let lineEnd = data.length - 1; // always a `\n`
    for (;;) {
      const nl = lineEnd > 0 ? data.lastIndexOf(10, lineEnd - 1) : -1;
      if (nl < 0 && start > headerEnd) {
        carry = data.subarray(0, lineEnd + 1);
        break;
      }
      const lineStart = nl + 1;
      const value = parseLine(data, lineStart, lineEnd);
      if (value === undefined) {
        // blank line: not a record
      } else if (isSessionEntry(value)) {
        newestFirst.push(value);
        if (value.type === 'message') messages++;
      } else {
        unreadableRecords++;
      }
      startOffset = start + lineStart;
      if (nl < 0 || enough()) break;
      lineEnd = nl;
    }
    end = start;
    chunk = Math.min(chunk * 2, MAX_CHUNK);
  }
  return {
    header,
    entries: newestFirst.reverse(),
    complete: startOffset <= headerEnd,
    startOffset,
    completeLength,
    unreadableRecords,
  };
}

/** undefined for a blank line; NOT_JSON (which no entry check accepts) for text that does not parse. */
function parseLine(data: Buffer, start: number, end: number): unknown {
  if (end <= start || (end === start + 1 && data[start] === 13)) return undefined;
  try {
    return JSON.parse(data.toString('utf8', start, end));
  } catch {
    return NOT_JSON;
  }
}

const NOT_JSON = Symbol('not JSON');

/** Offset of the last `\n` in [from, size), scanning backwards; `from` is known to hold one. */
function lastNewline(fs: FsSeam, fd: number, from: number, size: number): number {
  let end = size;
  let chunk = FIRST_CHUNK;
  while (end > from) {
    const start = Math.max(from, end - chunk);
    const nl = readAt(fs, fd, start, end - start).lastIndexOf(10);
    if (nl >= 0) return start + nl;
    end = start;
    chunk = Math.min(chunk * 2, MAX_CHUNK);
  }
  return from;
}
