// Line 1 of a session file. Without a valid header a file is not a session at all, and the reason is
// kept in words the sidebar can show. A sync tool's copy of a session reads with an id of its own
// (fileName.ts: listedIdentity), so everything above this sees two sessions.
import { basename } from 'node:path';
import { texts } from '../../../shared/texts';
import type { SessionHeader } from '../../../shared/session';
import type { FsSeam } from '../storage/fsSeam';
import { readAt } from '../storage/io';
import { parseHeader } from './entryShape';
import { UnreadableSessionError } from './errors';
import { listedIdentity } from './fileName';

const unreadableReasons = () => texts.unreadableSession;

/** A header is a few hundred bytes; a first line longer than this is not one. */
const MAX_HEADER_BYTES = 1 << 20;

export interface HeaderLine {
  /** As the store lists the session: for a sync tool's copy, `id` is the copy's own. */
  header: SessionHeader;
  /** Offset just past the header's `\n`: where the entries begin. */
  end: number;
  /** For a sync tool's copy, the words its name adds to the original's. */
  copy?: string;
}

/** Parses line 1 from the first bytes of a file, or throws an UnreadableSessionError saying why. */
export function parseHeaderLine(head: Uint8Array, fileSize: number, path: string): HeaderLine {
  if (fileSize === 0) throw unreadable(path, unreadableReasons().empty);
  const nl = head.indexOf(10);
  if (nl < 0) throw unreadable(path, unreadableReasons().headerIncomplete);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(head.buffer, head.byteOffset, nl).toString('utf8'));
  } catch {
    throw unreadable(path, unreadableReasons().notJson);
  }
  const header = parseHeader(value);
  if (!header) throw unreadable(path, unreadableReasons().badHeader);
  const { id, copy } = listedIdentity(basename(path), header.id);
  return copy === undefined ? { header, end: nl + 1 } : { header: { ...header, id }, end: nl + 1, copy };
}

/** Reads just enough of the file's head to parse line 1. */
export function readHeaderLine(fs: FsSeam, fd: number, fileSize: number, path: string): HeaderLine {
  let want = Math.min(fileSize, 64 * 1024);
  for (;;) {
    const head = readAt(fs, fd, 0, want);
    if (head.indexOf(10) >= 0 || want >= fileSize || want >= MAX_HEADER_BYTES) {
      return parseHeaderLine(head, fileSize, path);
    }
    want = Math.min(fileSize, want * 4, MAX_HEADER_BYTES);
  }
}

function unreadable(path: string, reason: string): UnreadableSessionError {
  return new UnreadableSessionError(path, reason);
}
