// Who may open the WebSocket (SPEC §6): whoever holds the per-launch token, from a page this server
// served. The page's Origin must name the very address the browser sent the request to (its Host), so
// `--host 0.0.0.0` works from whichever address the user opened; bound to loopback, that address must
// also be a loopback one, so a page on a DNS-rebound name never passes.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isLoopbackHost } from '../../shared/loopback';
import { TOKEN_PARAM, WS_PATH } from '../../shared/wire';

/** The HTTP status a refused handshake gets. */
export type Refusal = 401 | 403 | 404;

export interface HandshakePolicy {
  token: string;
  /** The server listens on a loopback address only. */
  boundToLoopback: boolean;
}

/** Why an upgrade request is refused, or null when it may become a WebSocket. */
export function refuseUpgrade(req: IncomingMessage, policy: HandshakePolicy): Refusal | null {
  const url = requestUrl(req);
  if (url?.pathname !== WS_PATH) return 404;
  if (!sameSecret(url.searchParams.get(TOKEN_PARAM) ?? '', policy.token)) return 401;
  if (!originMatchesHost(req.headers.origin, req.headers.host, policy.boundToLoopback)) return 403;
  return null;
}

/**
 * A plain GET of the WebSocket path says whether the token in it is valid, which a browser cannot learn
 * from a failed WebSocket: the page asks it to tell a wrong link from a server that is down.
 */
export function isTokenCheck(req: IncomingMessage): boolean {
  return req.method === 'GET' && requestUrl(req)?.pathname === WS_PATH;
}

export function tokenIsValid(req: IncomingMessage, token: string): boolean {
  return sameSecret(requestUrl(req)?.searchParams.get(TOKEN_PARAM) ?? '', token);
}

export function originMatchesHost(origin: string | undefined, host: string | undefined, boundToLoopback: boolean): boolean {
  if (!origin || !host) return false;
  const page = parseUrl(origin);
  const served = parseUrl(`http://${host}`);
  if (!page || !served || (page.protocol !== 'http:' && page.protocol !== 'https:')) return false;
  if (page.host !== served.host) return false;
  return !boundToLoopback || isLoopbackHost(served.hostname);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function requestUrl(req: IncomingMessage): URL | undefined {
  return parseUrl(req.url ?? '/', 'http://x');
}

function parseUrl(raw: string, base?: string): URL | undefined {
  try {
    return new URL(raw, base);
  } catch {
    return undefined;
  }
}
