// The page's address names the session it shows (SPEC §5): `#session=<id>`, so a reload, a second tab
// or window, and a reconnect stay on it.
const KEY = 'session';

/** The fragment that names a session. */
export function sessionAddress(sessionId: string): string {
  return `#${KEY}=${encodeURIComponent(sessionId)}`;
}

/** The session a fragment (`location.hash`) names, if any. */
export function sessionFromAddress(hash: string): string | undefined {
  const prefix = `#${KEY}=`;
  if (!hash.startsWith(prefix)) return undefined;
  try {
    const id = decodeURIComponent(hash.slice(prefix.length));
    return id && id.length <= 200 ? id : undefined;
  } catch {
    return undefined; // not a valid escape: no session named
  }
}
