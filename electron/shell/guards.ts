// The shell's security policy for web content (SPEC §6), applied to every webContents and the session:
// no navigation away from the app, no new windows (safe links go to the OS browser), no <webview>,
// permissions denied by default, and a CSP response header.
import type { Session, WebContents } from 'electron';
import { log } from '../core/log';
import { contentSecurityPolicy } from '../core/security/csp';
import { safeExternalUrl } from '../core/security/externalUrl';
import { isAppUrl, type AppUrl } from './appUrl';
import { isPermissionAllowed } from './permissions';

export function guardWebContents(
  contents: WebContents,
  app: AppUrl,
  openExternal: (url: string) => Promise<void>,
): void {
  // A link clicked in the chat must not replace the app; open it in the user's browser if it is safe.
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url, app)) return;
    event.preventDefault();
    openIfSafe(event.url, openExternal);
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url, app)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openIfSafe(url, openExternal);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function hardenSession(session: Session, app: AppUrl): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl, details.isMainFrame, app));
  });
  session.setPermissionCheckHandler((contents, permission, _origin, details) =>
    isPermissionAllowed(permission, details.requestingUrl ?? contents?.getURL(), details.isMainFrame, app),
  );
  session.setDevicePermissionHandler(() => false);

  const csp = contentSecurityPolicy({ devServerOrigin: app.kind === 'dev' ? app.origin : undefined });
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
}

function openIfSafe(url: string, openExternal: (url: string) => Promise<void>): void {
  const safe = safeExternalUrl(url);
  if (safe) openExternal(safe).catch((err: unknown) => log.warn(`Could not open link: ${(err as Error).message}`));
}
