// Full load of a session file: header, every readable entry, and how many records could not be read.
// The open budget is 1.3× the JSON.parse of the lines alone, for English and for Thai or CJK text alike
// (SPEC §8), on the Node the desktop app embeds and on the one web mode runs on, so the file is streamed
// through reused 4 MB buffers: no file-sized buffer or string ever exists, which keeps the garbage
// collector (the real cost next to JSON.parse) out of the way. Decoding is the other cost: ASCII is
// copied as latin1; anything else is decoded by Node where its UTF-8 decoder is fast (Node 24 on), else
// by a faster decoder of our own (utf8.ts). For a big file a second thread reads the file two chunks ahead
// of the parse (chunkReader.ts) and decodes (or, for ASCII, checks and copies) a chunk ahead, each group
// into one JSON array (decodeThread.ts), so this thread does little beside JSON.parse: it copies each
// array out and parses it at once.
import { isAscii } from 'node:buffer';
import type { SessionEntry, SessionHeader } from '../../../shared/session';
import type { FsSeam } from '../storage/fsSeam';
import { DecodeThread, type DecodeJob } from '../storage/decodeThread';
import { ChunkReader } from './chunkReader';
import { jsonLinesText, NODE_DECODES_UTF8_FAST } from '../storage/utf8';
import { isSessionEntry } from './entryShape';
import { SessionFacts } from './sessionFacts';
import { runNow, type Steps } from '../storage/steps';
import { parseHeaderLine, readHeaderLine } from './headerLine';

export interface ParsedSession {
  header: SessionHeader;
  /** Readable entries in file order. */
  entries: SessionEntry[];
  /** What the entries say of the session (count, first message, title…), noted as each was parsed. */
  facts: SessionFacts;
  /** Interior lines that are not JSON or not an entry: skipped, counted, never rewritten. */
  unreadableRecords: number;
  /** Offset just past the last `\n`: the end of the last complete record. */
  completeLength: number;
  /** The file's size when read; anything past completeLength is a torn record. */
  fileLength: number;
  /** For a sync tool's copy of a session, the words its name adds (headerLine.ts). */
  copy?: string;
}

/** Files smaller than this are decoded on this thread: for them the hand-over costs more than it saves. */
const THREAD_MIN_BYTES = 8 * 1024 * 1024;

export function readSessionFile(fs: FsSeam, fd: number, path: string): ParsedSession {
  return runNow(readSessionSteps(fs, fd, path));
}

/** The same, a step per chunk (steps.ts). While it is paused between chunks, the decode thread stays its own. */
export function* readSessionSteps(fs: FsSeam, fd: number, path: string): Steps<ParsedSession> {
  const size = fs.fstatSync(fd).size;
  const { header, end, copy } = readHeaderLine(fs, fd, size, path);
  const thread = size - end >= THREAD_MIN_BYTES ? DecodeThread.claim() : undefined;
  const firstJob = thread?.nextJob ?? 0;
  try {
    const lines = new EntryLines(end, thread);
    const reader = new ChunkReader(fs, fd, end, size, thread);
    const planNext = (): PlannedChunk | undefined => {
      const got = reader.next();
      return got && lines.plan(got.bytes, got.region, got.inputOffset, got.ascii);
    };
    // With the helper, the next chunk is planned (its groups queued there) before this one is parsed.
    let chunk = planNext();
    while (chunk) {
      const next = reader.ahead ? planNext() : undefined;
      lines.consume(chunk, true);
      chunk = reader.ahead ? next : planNext();
      if (chunk) yield;
    }
    return { header, ...lines.result(), fileLength: size, ...(copy !== undefined && { copy }) };
  } finally {
    // Failed, abandoned between chunks, or ended early (the file shrank): the jobs still queued are
    // withdrawn, and one the helper is running is waited for, so none runs late.
    thread?.cancelFrom(firstJob);
    thread?.release();
  }
}

/** The same, from bytes already in memory. */
export function parseSessionBytes(bytes: Buffer, path: string): ParsedSession {
  const { header, end } = parseHeaderLine(bytes, bytes.length, path);
  const lines = new EntryLines(end);
  const rest = bytes.subarray(end);
  lines.consume(lines.plan(rest, 0, 0), false);
  return { header, ...lines.result(), fileLength: bytes.length };
}

/** ASCII (the common case) decodes as latin1, a plain copy; anything else as UTF-8. */
function lineText(bytes: Buffer, start: number, end: number): string {
  return isAscii(bytes.subarray(start, end)) ? bytes.toString('latin1', start, end) : bytes.toString('utf8', start, end);
}

/**
 * Text that is not ASCII is decoded this many bytes at a time: one string per group (with our decoder
 * parsed as one array), so there are a few thousand strings instead of 100,000, each small enough for
 * the decoder's output to stay in the CPU cache. Bigger groups of it are worse: Node makes their strings
 * outside the heap, and 60 MB of those per open of Thai text bring a full collection into it.
 */
const DECODE_GROUP_BYTES = 64 * 1024;

/** Whether ASCII text is read in strings as long as it runs (see EntryLines.plan): chosen by measurement per runtime. */
const LONG_ASCII_STRINGS = Number(process.versions.node.split('.')[0]) >= 24;

/** Complete lines [start, end) of a chunk (end is the last line's `\n`); `job` when the helper makes their array. */
interface Group {
  start: number;
  end: number;
  ascii: boolean;
  job?: DecodeJob;
}

/** A chunk read and split into groups, before any of it is parsed. */
interface PlannedChunk {
  chunk: Buffer;
  /** The `\n` that ends the line begun in an earlier chunk (-1: none, or no line was begun). */
  headEnd: number;
  groups: Group[];
  /** Just past the chunk's last `\n` (0 when it has none). */
  tailStart: number;
}

/** Turns a stream of bytes after the header into entries, one complete line at a time. */
class EntryLines {
  private readonly entries: SessionEntry[] = [];
  private readonly facts = new SessionFacts();
  private unreadable = 0;
  /** Start of a line that began in an earlier chunk and has not ended yet. */
  private carry: Buffer[] = [];
  /** Whether the last chunk planned ended inside a line (so the next one begins with the rest of it). */
  private midLine = false;

  constructor(
    private completeLength: number,
    private readonly thread?: DecodeThread,
  ) {}

  /**
   * Splits a chunk's complete lines into groups and queues them for the helper. On
   * Node 24 a chunk whose lines are all ASCII is one group, and so is each run of ASCII groups in another
   * chunk (English with a dash now and then): its string (over a megabyte, in any chunk but the file's
   * last) is made by Node outside the heap, so (its young generation holding the parsed entries of a
   * 100,000-message session) an open of English text needs no scavenge, where 64 KB strings of it
   * brought two, each copying every entry parsed so far. On Node 20 the 64 KB groups measured faster,
   * read line by line (1.2× the parse against 1.3×) and as arrays alike (1.06× against 1.11×, the
   * parsing alone). `knownAscii`: the helper found the chunk all ASCII.
   */
  plan(chunk: Buffer, region: number, inputOffset: number, knownAscii = false): PlannedChunk {
    const first = this.midLine ? chunk.indexOf(10) : -1;
    const last = chunk.lastIndexOf(10);
    this.thread?.beginChunk(region);
    const groups: Group[] = [];
    if (LONG_ASCII_STRINGS && last > first + 1 && (knownAscii || isAscii(chunk.subarray(first + 1, last)))) groups.push({ start: first + 1, end: last, ascii: true });
    else for (let at = first + 1; at <= last; ) {
      // The group ends at a line end; a line longer than a group is a group of its own.
      let stop = at + DECODE_GROUP_BYTES >= last ? last : chunk.lastIndexOf(10, at + DECODE_GROUP_BYTES);
      if (stop < at) stop = chunk.indexOf(10, at);
      const ascii = isAscii(chunk.subarray(at, stop));
      const previous = groups.at(-1);
      if (LONG_ASCII_STRINGS && ascii && previous?.ascii) previous.end = stop; // its lines, and the line break between
      else groups.push({ start: at, end: stop, ascii });
      at = stop + 1;
    }
    if (this.thread) {
      for (const group of groups) group.job = this.thread.post(region, inputOffset + group.start, inputOffset + group.end, group.ascii);
      this.thread.publish();
    }
    this.midLine = last < 0 ? this.midLine || chunk.length > 0 : last + 1 < chunk.length;
    return { chunk, headEnd: first, groups, tailStart: last + 1 };
  }

  /** Parses a planned chunk. `reused`: the caller will overwrite the chunk, so a partial line is copied out. */
  consume({ chunk, headEnd, groups, tailStart }: PlannedChunk, reused: boolean): void {
    if (this.carry.length) {
      if (headEnd < 0) {
        this.carry.push(reused ? Buffer.from(chunk) : chunk);
        return;
      }
      const line = Buffer.concat([...this.carry, chunk.subarray(0, headEnd)]);
      this.carry = [];
      this.parse(lineText(line, 0, line.length));
      this.completeLength += line.length + 1;
    }
    for (const group of groups) this.parseGroup(chunk, group);
    if (groups.length) this.completeLength += groups.at(-1)!.end + 1 - groups[0]!.start;
    if (tailStart < chunk.length) {
      const rest = chunk.subarray(tailStart);
      this.carry.push(reused ? Buffer.from(rest) : rest);
    }
  }

  private parseGroup(chunk: Buffer, { start, end, ascii, job }: Group): void {
    // On this thread, where Node's decoder is the fast one, cutting the lines and parsing each costs less than checking them for an array (for ASCII, no more).
    const array = job !== undefined ? this.thread!.take(job) : NODE_DECODES_UTF8_FAST || ascii ? undefined : jsonLinesText(chunk, start, end);
    const values = array === undefined ? undefined : parseArray(array);
    if (values) for (const value of values) this.add(value);
    // Bytes that are not UTF-8, or a line that is not one JSON value: line by line, as Node decodes them.
    else this.parseLines(chunk.toString(ascii ? 'latin1' : 'utf8', start, end));
  }

  /**
   * Parses each non-empty line of `text`. A loop over indexOf rather than split: no array of the lines,
   * and on two-byte (Thai, CJK) text V8's indexOf finds the line ends faster than split does.
   */
  private parseLines(text: string): void {
    for (let at = 0; at < text.length; ) {
      let stop = text.indexOf('\n', at);
      if (stop < 0) stop = text.length;
      if (stop > at) this.parse(text.slice(at, stop));
      at = stop + 1;
    }
  }

  result(): { entries: SessionEntry[]; facts: SessionFacts; unreadableRecords: number; completeLength: number } {
    // Whatever is still carried never got its `\n`: a torn record, dropped.
    return { entries: this.entries, facts: this.facts, unreadableRecords: this.unreadable, completeLength: this.completeLength };
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
    this.add(value);
  }

  private add(value: unknown): void {
    if (isSessionEntry(value)) {
      this.entries.push(value);
      this.facts.note(value); // now, while the entry is in the cache
    } else this.unreadable++;
  }
}

/** The values of a group's `[…]`, or undefined when it is not JSON or holds no value (blank lines only). */
function parseArray(text: string): unknown[] | undefined {
  try {
    const values = JSON.parse(text) as unknown[];
    return values.length ? values : undefined;
  } catch {
    return undefined;
  }
}
