// Import session (SPEC §5): which tool wrote a file, and its conversation as Baton entries. A file of
// another shape is refused with an error naming what is expected, before anything is written.
import type { ImportFormat } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import { BatonError } from '../errors';
import { entryLines, type EntryLines } from '../session/sessionLines';
import { importBaton, isBatonHeader } from './importBaton';
import { importClaudeCode, isClaudeCodeLine } from './importClaudeCode';
import type { ImportedSession } from './importedSession';
import { importPi } from './importPi';
import { isObject, jsonLines, type JsonLine } from './jsonLines';

export function importSessionText(fileName: string, text: string): ImportedSession {
  const lines = jsonLines(text);
  if (!isObject(lines[0]?.value)) throw new BatonError('invalid_input', texts.importNotJsonLines(fileName));
  const imported = importerOf(lines)?.(lines);
  if (!imported) throw new BatonError('invalid_input', texts.importUnknownFormat(fileName));
  if (!imported.entries.some((entry) => entry.type === 'message')) throw new BatonError('invalid_input', texts.importNoMessages(fileName));
  return imported;
}

/** A session file read for import, ready to be written: its entries as the new file's lines. */
export interface ImportedFile {
  format: ImportFormat;
  title?: string;
  lines: EntryLines;
  messageCount: number;
  skippedLines: number;
}

/**
 * importSessionText over a file's UTF-8 pieces (an upload's), and its entries as lines: what the core
 * writes, with no object graph to hand over.
 */
export function importSessionBytes(fileName: string, parts: readonly Uint8Array[]): ImportedFile {
  // A byte order mark stays, as it was in the text the pieces were made of.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const text = parts.map((part) => decoder.decode(part, { stream: true })).join('') + decoder.decode();
  const { format, title, entries, skippedLines } = importSessionText(fileName, text);
  const messageCount = entries.filter((entry) => entry.type === 'message').length;
  return { format, ...(title !== undefined && { title }), lines: entryLines(entries), messageCount, skippedLines };
}

function importerOf(lines: readonly JsonLine[]): ((lines: readonly JsonLine[]) => ImportedSession) | undefined {
  const first = lines[0]?.value;
  if (isObject(first) && first.type === 'session') {
    if (isBatonHeader(first)) return importBaton;
    if (typeof first.id === 'string' && typeof first.timestamp === 'string') return importPi;
    return undefined;
  }
  // Claude Code files may open with any number of summaries and snapshots before the first prompt.
  return lines.some(({ value }) => isClaudeCodeLine(value)) ? importClaudeCode : undefined;
}
