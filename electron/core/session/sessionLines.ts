// A whole session file as text: the header, then one entry per line, each line ending in `\n`.
import type { SessionEntry, SessionHeader } from '../../../shared/session';
import { isSessionEntry } from './entryShape';

export function sessionLines(header: SessionHeader, entries: readonly SessionEntry[]): string {
  return `${[header, ...entries].map((record) => JSON.stringify(record)).join('\n')}\n`;
}

/**
 * Entries as the lines of a session file after its header (no last `\n`), each checked to be an entry,
 * in UTF-8: what an import hands over, made on the thread that read the file, so the core only writes
 * the bytes (they are moved between threads, not copied).
 */
export type EntryLines = Uint8Array & { readonly entryLines: unique symbol };

export function entryLines(entries: readonly SessionEntry[]): EntryLines {
  for (const entry of entries) {
    if (!isSessionEntry(entry)) throw new TypeError(`Refusing to save a malformed ${(entry as SessionEntry).type} entry`);
  }
  // TextEncoder's array has a buffer of its own, which can be moved to another thread.
  return new TextEncoder().encode(entries.map((entry) => JSON.stringify(entry)).join('\n')) as EntryLines;
}

/** A new session file, `header` then `lines`, as the parts to write one after the other. */
export function newSessionParts(header: SessionHeader, lines: EntryLines): Array<string | Uint8Array> {
  const first = `${JSON.stringify(header)}\n`;
  return lines.length ? [first, lines, '\n'] : [first];
}
