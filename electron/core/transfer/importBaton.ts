// Baton's own session files, as Export session (JSON) writes them: the entries are taken over as they
// are, tree and ids included, so an export imported again is the same conversation.
import { SESSION_FORMAT_VERSION } from '../session/SessionManager';
import { isSessionEntry, parseHeader } from '../session/entryShape';
import type { SessionEntry } from '../../../shared/session';
import type { ImportedSession } from './importedSession';
import { isObject, type JsonLine } from './jsonLines';

/** Baton's header; pi's looks alike but carries a working directory and other versions. */
export function isBatonHeader(value: unknown): boolean {
  return isObject(value) && value.version === SESSION_FORMAT_VERSION && !('cwd' in value) && parseHeader(value) !== undefined;
}

export function importBaton(lines: readonly JsonLine[]): ImportedSession {
  const header = parseHeader(lines[0]?.value);
  const entries: SessionEntry[] = [];
  let skippedLines = 0;
  for (const { value } of lines.slice(1)) {
    if (isSessionEntry(value)) entries.push(value);
    else skippedLines++;
  }
  return { format: 'baton', ...(header?.title !== undefined && { title: header.title }), entries, skippedLines };
}
