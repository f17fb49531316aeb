// A whole session file as text: the header, then one entry per line, each line ending in `\n`.
import type { SessionEntry, SessionHeader } from '../../../shared/session';

export function sessionLines(header: SessionHeader, entries: readonly SessionEntry[]): string {
  return `${[header, ...entries].map((record) => JSON.stringify(record)).join('\n')}\n`;
}
