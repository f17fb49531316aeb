// The app's own URL: the built renderer, served on the app's own scheme (app://baton/index.html, see
// appProtocol.ts) or, in development only, the Vite dev server. Navigation, IPC and permissions are
// allowed for this URL and nothing else. Pure (no `electron` import) so the checks are unit-tested.
import { LOOPBACK_HOSTNAMES } from '../../shared/loopback';

/** The scheme and host the built renderer is served on: one origin of its own, not the whole disk. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'baton';
const ENTRY_PATH = '/index.html';

export type AppUrl =
  | { readonly kind: 'bundled'; readonly entry: string }
  | { readonly kind: 'dev'; readonly entry: string; readonly origin: string };

export const BUNDLED_APP: AppUrl = { kind: 'bundled', entry: `${APP_SCHEME}://${APP_HOST}${ENTRY_PATH}` };

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
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.pathname === ENTRY_PATH;
}

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}
