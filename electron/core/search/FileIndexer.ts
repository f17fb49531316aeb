// Reads a session file from where its index left off and indexes the complete lines it finds, a bounded
// number of bytes at a time, so a 40 MB session never holds the main process for long. Session files only
// grow, so indexing what was appended since is enough; a torn last line waits until it is complete.
import { isAscii } from 'node:buffer';
import type { FsSeam } from '../storage/fsSeam';
import { readAt } from '../storage/io';
import { isSessionEntry } from '../session/entryShape';
import { searchableText } from './searchableText';
import type { TermDictionary } from './TermDictionary';
import type { TextDoc } from './TextDoc';
import { forEachToken } from './tokenize';

const TYPED = Buffer.from('{"type":"');
const MESSAGE = Buffer.from('{"type":"message",');
const CUSTOM = Buffer.from('{"type":"custom_message",');

/**
 * Indexes up to about `maxBytes` more of the file into `doc` (a single longer line is read whole).
 * Returns true once everything complete in the file is indexed. Throws the fs error of a file that cannot
 * be read (gone, permissions).
 */
export function indexMore(fs: FsSeam, path: string, doc: TextDoc, dict: TermDictionary, maxBytes: number): boolean {
  const fd = fs.openSync(path, 'r');
  try {
    const { size, mtimeMs } = fs.fstatSync(fd);
    doc.mtimeMs = mtimeMs;
    let want = Math.min(maxBytes, size - doc.size);
    while (want > 0) {
      const chunk = readAt(fs, fd, doc.size, want);
      const lastNewline = chunk.lastIndexOf(10);
      if (lastNewline < 0) {
        if (doc.size + chunk.length >= size) return true; // only a torn line is left
        want = Math.min(want * 2, size - doc.size); // one line longer than the chunk: read it whole
        continue;
      }
      indexLines(chunk, lastNewline, doc, dict);
      return doc.size >= size;
    }
    return true;
  } finally {
    fs.closeSync(fd);
  }
}

/** Indexes the complete lines of chunk[0, end] (`end` is a `\n`), which starts at doc.size in the file. */
function indexLines(chunk: Buffer, end: number, doc: TextDoc, dict: TermDictionary): void {
  const base = doc.size;
  const latin1 = isAscii(chunk.subarray(0, end));
  let start = 0;
  while (start <= end) {
    const newline = chunk.indexOf(10, start);
    let stop = newline;
    if (stop > start && chunk[stop - 1] === 13) stop--; // CRLF
    // Line 1 is the header: nothing to search there.
    if (base + start > 0) indexLine(chunk, start, stop, base + start, latin1, doc, dict);
    start = newline + 1;
  }
  doc.size = base + end + 1;
}

function indexLine(chunk: Buffer, start: number, end: number, at: number, latin1: boolean, doc: TextDoc, dict: TermDictionary): void {
  if (end <= start) return;
  // What this store writes says its type in its first bytes; other kinds of entries have no text to find.
  if (startsWith(chunk, start, end, TYPED) && !startsWith(chunk, start, end, MESSAGE) && !startsWith(chunk, start, end, CUSTOM)) return;
  let value: unknown;
  try {
    value = JSON.parse(chunk.toString(latin1 ? 'latin1' : 'utf8', start, end));
  } catch {
    return; // an unreadable record: the session reports it when opened
  }
  if (!isSessionEntry(value)) return;
  const text = searchableText(value);
  if (text === undefined) return;
  const ids: number[] = [];
  forEachToken(text, (source, from, to) => ids.push(dict.internRange(source, from, to)));
  doc.addMessage(value.id, at, end - start, ids);
}

function startsWith(buf: Buffer, start: number, end: number, prefix: Buffer): boolean {
  return end - start >= prefix.length && buf.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0;
}
