// A whole session file as text: the header, then one entry per line, each line ending in `\n`.
import type { SessionEntry, SessionHeader } from '../../../shared/session';
import { isSessionEntry } from './entryShape';

export function sessionLines(header: SessionHeader, entries: readonly SessionEntry[]): string {
  return `${[header, ...entries].map((record) => JSON.stringify(record)).join('\n')}\n`;
}

/**
 * Entries as the lines of a session file after its header (no last `\n`), each checked to be an entry:
 * what an import hands over, made on the thread that read the file, so the core only writes it.
 */
export type EntryLines = string & { readonly entryLines: unique symbol };

export function entryLines(entries: readonly SessionEntry[]): EntryLines {
  for (const entry of entries) {
    if (!isSessionEntry(entry)) throw new TypeError(`Refusing to save a malformed ${(entry as SessionEntry).type} entry`);
  }
  return entries.map((entry) => JSON.stringify(entry)).join('\n') as EntryLines;
}

/** A new session file: `header`, then `lines`. */
export function newSessionText(header: SessionHeader, lines: EntryLines): string {
  return lines ? `${JSON.stringify(header)}\n${lines}\n` : `${JSON.stringify(header)}\n`;
}
