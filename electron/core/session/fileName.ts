// Session file names (SPEC §2): `<ISO timestamp with : and . replaced by ->_<sessionId>.jsonl`, so a plain
// directory listing sorts by creation time and still tells which session a file holds.
import { createHash } from 'node:crypto';

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

/** A session as the store lists it: its own id, and for a sync tool's copy of another, what marks it. */
export interface ListedIdentity {
  id: string;
  /** The words the sync tool added to the file name, e.g. `Host's conflicted copy 2026-01-01`. */
  copy?: string;
}

/**
 * A sync tool that finds a file changed on two machines keeps both, the second under the first's name
 * with words added: Dropbox `… (Host's conflicted copy 2026-01-01).jsonl`, Syncthing
 * `….sync-conflict-20260101-120000-ABCDEFG.jsonl`, Nextcloud `… (conflicted copy 2026-01-01 120000).jsonl`,
 * OneDrive `…-HOST.jsonl`. Such a copy holds the original's header, session id included, so the id alone
 * cannot tell the two apart. Any file whose name holds `_<its header's id>` followed by more is taken
 * for a copy, and listed under an id of its own: the header's id, `~`, and a hash of what was added
 * (stable while the file keeps its name). The file itself is never rewritten.
 */
export function listedIdentity(fileName: string, headerId: string): ListedIdentity {
  if (!fileName.endsWith(SESSION_FILE_SUFFIX)) return { id: headerId };
  const stem = fileName.slice(0, -SESSION_FILE_SUFFIX.length);
  const at = stem.lastIndexOf(`_${headerId}`);
  const added = at < 0 ? '' : stem.slice(at + 1 + headerId.length);
  if (!added) return { id: headerId };
  const tag = createHash('sha256').update(added).digest('hex').slice(0, 10);
  const copy = added.trim().replace(/^[\s._-]+/, '').replace(/^\((.*)\)$/, '$1').trim();
  return { id: `${headerId}~${tag}`, copy: copy || added };
}
