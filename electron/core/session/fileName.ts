// Session file names (SPEC §2): `<ISO timestamp with : and . replaced by ->_<sessionId>.jsonl`, so a plain
// directory listing sorts by creation time and still tells which session a file holds.

export const SESSION_FILE_SUFFIX = '.jsonl';

export function sessionFileName(timestamp: string, sessionId: string): string {
  return `${timestamp.replace(/[:.]/g, '-')}_${sessionId}${SESSION_FILE_SUFFIX}`;
}

/** Temp files and locks live beside the sessions; only visible `.jsonl` files are sessions. */
export function isSessionFileName(name: string): boolean {
  return name.endsWith(SESSION_FILE_SUFFIX) && !name.startsWith('.');
}

/** The id part of a session file name, for files whose header cannot be read. */
export function sessionIdFromFileName(name: string): string | undefined {
  if (!isSessionFileName(name)) return undefined;
  const stem = name.slice(0, -SESSION_FILE_SUFFIX.length);
  const sep = stem.lastIndexOf('_');
  return sep >= 0 && sep < stem.length - 1 ? stem.slice(sep + 1) : undefined;
}
