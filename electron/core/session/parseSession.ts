// Full load of a session file: header, every readable entry, and how many records could not be read.
// The open budget is 1.3× the JSON.parse of the lines alone, for English and for Thai or CJK text alike
// (SPEC §8), so the file is streamed through one reused 4 MB buffer: no file-sized buffer or string ever
// exists, which keeps the garbage collector (the real cost next to JSON.parse) out of the way. Decoding
// is the other cost: ASCII is copied as latin1, anything else goes through a faster decoder (utf8.ts).
import { isAscii } from 'node:buffer';
import type { SessionEntry, SessionHeader } from '../../../shared/session';
import type { FsSeam } from '../storage/fsSeam';
import { decodeUtf8 } from '../storage/utf8';
import { isSessionEntry } from './entryShape';
import { parseHeaderLine, readHeaderLine } from './headerLine';

export interface ParsedSession {
  header: SessionHeader;
  /** Readable entries in file order. */
  entries: SessionEntry[];
  /** Interior lines that are not JSON or not an entry: skipped, counted, never rewritten. */
  unreadableRecords: number;
  /** Offset just past the last `\n`: the end of the last complete record. */
  completeLength: number;
  /** The file's size when read; anything past completeLength is a torn record. */
  fileLength: number;
}

const CHUNK = 4 * 1024 * 1024;

export function readSessionFile(fs: FsSeam, fd: number, path: string): ParsedSession {
  const size = fs.fstatSync(fd).size;
  const { header, end } = readHeaderLine(fs, fd, size, path);
  const lines = new EntryLines(end);
  const buf = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, size - end)));
  for (let pos = end; pos < size; ) {
    const n = fs.readSync(fd, buf, 0, Math.min(buf.length, size - pos), pos);
    if (n === 0) break; // the file shrank while we read it
    lines.feed(n === buf.length ? buf : buf.subarray(0, n), true);
    pos += n;
  }
  return { header, ...lines.result(), fileLength: size };
}

/** The same, from bytes already in memory. */
export function parseSessionBytes(bytes: Buffer, path: string): ParsedSession {
  const { header, end } = parseHeaderLine(bytes, bytes.length, path);
  const lines = new EntryLines(end);
  lines.feed(bytes.subarray(end), false);
  return { header, ...lines.result(), fileLength: bytes.length };
}

/** ASCII (the common case) decodes as latin1, a plain copy; anything else through the fast decoder. */
function lineText(bytes: Buffer, start: number, end: number): string {
  return isAscii(bytes.subarray(start, end)) ? bytes.toString('latin1', start, end) : decodeUtf8(bytes, start, end);
}

/**
 * Lines are decoded this many bytes at a time: one string per group, split into slices of it, so there
 * are a few thousand strings instead of 100,000 (which keeps the young generation, and so the scavenger,
 * quiet), each small enough for the decoder's output to stay in the CPU cache.
 */
const DECODE_GROUP_BYTES = 64 * 1024;

/** Turns a stream of bytes after the header into entries, one complete line at a time. */
class EntryLines {
  private readonly entries: SessionEntry[] = [];
  private unreadable = 0;
  /** Start of a line that began in an earlier chunk and has not ended yet. */
  private carry: Buffer[] = [];

  constructor(private completeLength: number) {}

  /** `reused`: the caller will overwrite `chunk`, so a partial line must be copied out of it. */
  feed(chunk: Buffer, reused: boolean): void {
    let start = 0;
    if (this.carry.length) {
      const nl = chunk.indexOf(10);
      if (nl < 0) {
        this.carry.push(reused ? Buffer.from(chunk) : chunk);
        return;
      }
      const line = Buffer.concat([...this.carry, chunk.subarray(0, nl)]);
      this.carry = [];
      this.parse(lineText(line, 0, line.length));
      this.completeLength += line.length + 1;
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(10);
    if (last >= start) {
      this.parseLines(chunk, start, last);
      this.completeLength += last + 1 - start;
      start = last + 1;
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      this.carry.push(reused ? Buffer.from(rest) : rest);
    }
  }

  /** Parses the complete lines in [start, end) of `chunk` (`end` is the last line's `\n`). */
  private parseLines(chunk: Buffer, start: number, end: number): void {
    for (let at = start; at < end; ) {
      // The group ends at a line end; a line longer than a group is a group of its own.
      let stop = at + DECODE_GROUP_BYTES >= end ? end : chunk.lastIndexOf(10, at + DECODE_GROUP_BYTES);
      if (stop < at) stop = chunk.indexOf(10, at);
      for (const line of lineText(chunk, at, stop).split('\n')) if (line.length) this.parse(line);
      at = stop + 1;
    }
  }

  result(): { entries: SessionEntry[]; unreadableRecords: number; completeLength: number } {
    // Whatever is still carried never got its `\n`: a torn record, dropped.
    return { entries: this.entries, unreadableRecords: this.unreadable, completeLength: this.completeLength };
  }

  private parse(line: string): void {
    if (line === '\r') return; // a blank CRLF line is not a record
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.unreadable++;
      return;
    }
    if (isSessionEntry(value)) this.entries.push(value);
    else this.unreadable++;
  }
}
