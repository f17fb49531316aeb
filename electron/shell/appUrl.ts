// The app's own URL: the built renderer (file://…/out/renderer/index.html) or, in development only, the
// Vite dev server. Navigation, IPC and permissions are allowed for this URL and nothing else.
// Pure (no `electron` import) so the checks are unit-tested.
import { pathToFileURL } from 'node:url';
import { LOOPBACK_HOSTNAMES } from '../../shared/loopback';

export type AppUrl =
  | { readonly kind: 'file'; readonly entry: string }
  | { readonly kind: 'dev'; readonly entry: string; readonly origin: string };

export function fileAppUrl(indexHtmlPath: string): AppUrl {
  return { kind: 'file', entry: pathToFileURL(indexHtmlPath).href };
}

/** The dev server URL electron-vite passes in; accepted only on loopback, so no env var can point the app at the web. */
export function devAppUrl(raw: string): AppUrl | undefined {
  const url = parse(raw);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !LOOPBACK_HOSTNAMES.has(url.hostname)) {
    return undefined;
  }
  return { kind: 'dev', entry: url.href, origin: url.origin };
}

/** True when `candidate` is the app's page (any query or fragment); false for anything else or garbage. */
export function isAppUrl(candidate: string, app: AppUrl): boolean {
  const url = parse(candidate);
  if (!url) return false;
  if (app.kind === 'dev') return url.origin === app.origin;
  const entry = new URL(app.entry);
  return url.protocol === 'file:' && url.host === entry.host && samePath(url.pathname, entry.pathname);
}

function samePath(a: string, b: string): boolean {
  const da = decode(a);
  const db = decode(b);
  if (da === undefined || db === undefined) return false;
  // Windows paths ("/C:/…") are case-insensitive, and Chromium may change the drive letter's case.
  return /^\/[A-Za-z]:\//.test(db) ? da.toLowerCase() === db.toLowerCase() : da === db;
}

function decode(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
