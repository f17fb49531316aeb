// One sidebar row from one session file, without parsing the file: the header from the head, then a byte
// scan that counts message records by their first bytes and JSON-parses only the lines it needs (the first
// user message, title changes). The last record's timestamp comes from its first bytes.
import { basename } from 'node:path';
import type { SessionSummary } from '../../../shared/session';
import { errnoCode, StorageError } from '../storage/errors';
import type { FsSeam } from '../storage/fsSeam';
import { readAt } from '../storage/io';
import { LINE_HEAD_BYTES, LineSplitter } from '../storage/lineSplitter';
import { isSessionEntry } from './entryShape';
import { UnreadableSessionError } from './errors';
import { sessionIdFromFileName } from './fileName';
import { parseHeaderLine, readHeaderLine, type HeaderLine } from './headerLine';
import { shortenTitle, UNTITLED, userText } from './title';

export interface FileSummary {
  summary: SessionSummary;
  /** The first user message, whitespace collapsed and cut, for search. */
  firstMessage: string;
  size: number;
  mtimeMs: number;
}

/** Search needs the start of the first message, not all of a pasted 8 MB document. */
export const FIRST_MESSAGE_SEARCH_CHARS = 200;
const CHUNK = 1024 * 1024;

const PREFIX_MESSAGE = Buffer.from('{"type":"message",');
const PREFIX_INFO = Buffer.from('{"type":"session_info",');
const PREFIX_TYPED = Buffer.from('{"type":"');

export function summarizeSessionFile(fs: FsSeam, path: string): FileSummary {
  let fd: number;
  try {
    fd = fs.openSync(path, 'r');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') throw StorageError.fromFsError('reading', path, err);
    return unreadableSummary(path, { size: 0, mtimeMs: Date.now() }, `The file could not be opened (${errnoCode(err) ?? 'error'})`);
  }
  try {
    const stat = fs.fstatSync(fd);
    const first = readAt(fs, fd, 0, Math.min(stat.size, CHUNK));
    let headerLine: HeaderLine;
    try {
      headerLine =
        first.indexOf(10) >= 0 || first.length === stat.size
          ? parseHeaderLine(first, stat.size, path)
          : readHeaderLine(fs, fd, stat.size, path);
    } catch (err) {
      if (err instanceof UnreadableSessionError) return unreadableSummary(path, stat, err.reason);
      throw err;
    }
    const scan = new SummaryScan();
    const splitter = new LineSplitter(scan);
    if (headerLine.end < first.length) splitter.push(first.subarray(headerLine.end));
    for (let pos = Math.max(first.length, headerLine.end); pos < stat.size; pos += CHUNK) {
      splitter.push(readAt(fs, fd, pos, Math.min(CHUNK, stat.size - pos)));
    }
    return { ...scan.result(headerLine), size: stat.size, mtimeMs: stat.mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

class SummaryScan {
  private messageCount = 0;
  private firstMessage: string | undefined;
  private explicitTitle: string | undefined;
  /** The last complete line, or its first bytes: its timestamp is the session's last activity. */
  private last: { buf: Buffer; start: number; end: number } | undefined;
  private lastTimestamp: string | undefined;

  wantWhole(head: Buffer): boolean {
    return this.needsParse(kindOf(head, 0, head.length));
  }

  line(buf: Buffer, start: number, end: number, whole: boolean): void {
    if (end === start || (end === start + 1 && buf[start] === 13)) return;
    this.last = { buf, start, end };
    this.lastTimestamp = undefined;
    const kind = kindOf(buf, start, end);
    if (!whole || !this.needsParse(kind)) {
      if (kind === 'message') this.messageCount++;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(buf.toString('utf8', start, end));
    } catch {
      return;
    }
    if (!isSessionEntry(value)) return;
    this.lastTimestamp = value.timestamp;
    if (value.type === 'message') {
      this.messageCount++;
      const text = this.firstMessage === undefined ? userText(value.message) : undefined;
      if (text !== undefined) this.firstMessage = text.replace(/\s+/g, ' ').trim().slice(0, FIRST_MESSAGE_SEARCH_CHARS);
    } else if (value.type === 'session_info' && value.title?.trim()) {
      this.explicitTitle = value.title.trim(); // last one wins
    }
  }

  private needsParse(kind: LineKind): boolean {
    if (kind === 'message') return this.firstMessage === undefined;
    return kind === 'session_info' || kind === 'foreign';
  }

  result({ header, copy }: HeaderLine): { summary: SessionSummary; firstMessage: string } {
    const firstMessage = this.firstMessage ?? '';
    const explicit = this.explicitTitle ?? header.title?.trim();
    const summary: SessionSummary = {
      id: header.id,
      title: explicit || (firstMessage ? shortenTitle(firstMessage) : UNTITLED),
      createdAt: header.timestamp,
      updatedAt: this.lastTimestamp ?? timestampIn(this.last) ?? header.timestamp,
      messageCount: this.messageCount,
    };
    if (header.parentSession !== undefined) summary.parentSession = header.parentSession;
    if (header.origin !== undefined) summary.origin = header.origin;
    if (copy !== undefined) summary.copy = copy;
    return { summary, firstMessage };
  }
}

/** A listing row for a file that is not a readable session: shown with its reason, never hidden. */
export function unreadableSummary(path: string, stat: { size: number; mtimeMs: number }, reason: string): FileSummary {
  const name = basename(path);
  const at = new Date(stat.mtimeMs).toISOString();
  return {
    summary: {
      id: sessionIdFromFileName(name) ?? name,
      title: name,
      createdAt: at,
      updatedAt: at,
      messageCount: 0,
      unreadable: reason,
    },
    firstMessage: '',
    size: stat.size,
    mtimeMs: stat.mtimeMs,
  };
}

type LineKind = 'message' | 'session_info' | 'other' | 'foreign';

/** From a line's first bytes, as this store writes them; 'foreign' lines need a full parse to tell. */
function kindOf(buf: Buffer, start: number, end: number): LineKind {
  if (startsWith(buf, start, end, PREFIX_MESSAGE)) return 'message';
  if (startsWith(buf, start, end, PREFIX_INFO)) return 'session_info';
  return startsWith(buf, start, end, PREFIX_TYPED) ? 'other' : 'foreign';
}

function startsWith(buf: Buffer, start: number, end: number, prefix: Buffer): boolean {
  return end - start >= prefix.length && buf.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0;
}

function timestampIn(line: { buf: Buffer; start: number; end: number } | undefined): string | undefined {
  if (!line) return undefined;
  const head = line.buf.toString('utf8', line.start, Math.min(line.end, line.start + LINE_HEAD_BYTES));
  return /"timestamp":"([^"\\]+)"/.exec(head)?.[1];
}
