// Who may call Baton over IPC, navigate the window, or get a permission: only the main window's top
// frame showing the app's own page.
import { describe, expect, it } from 'vitest';
import { BUNDLED_APP, devAppUrl, isAppUrl } from '../../electron/shell/appUrl';
import { isTrustedSender, type FrameLike } from '../../electron/shell/ipcSender';
import { isPermissionAllowed } from '../../electron/shell/permissions';

const app = BUNDLED_APP;
const appHref = 'app://baton/index.html';
const dev = devAppUrl('http://localhost:5173/')!;

function frame(url: string, overrides: Partial<FrameLike> = {}): FrameLike {
  return { url, parent: null, processId: 4, frameToken: 'top-token', ...overrides };
}

describe('isAppUrl', () => {
  it("accepts the app's page, with any query or fragment", () => {
    expect(isAppUrl(appHref, app)).toBe(true);
    expect(isAppUrl(`${appHref}#/session/1`, app)).toBe(true);
    expect(isAppUrl(`${appHref}?x=1`, app)).toBe(true);
  });

  it('refuses other files, other schemes and garbage', () => {
    expect(isAppUrl('app://baton/other.html', app)).toBe(false);
    expect(isAppUrl('file:///etc/passwd', app)).toBe(false);
    expect(isAppUrl('file:///index.html', app)).toBe(false);
    expect(isAppUrl('app://evil-host/index.html', app)).toBe(false);
    expect(isAppUrl('https://example.com/index.html', app)).toBe(false);
    expect(isAppUrl('about:blank', app)).toBe(false);
    expect(isAppUrl('not a url', app)).toBe(false);
    expect(isAppUrl('', app)).toBe(false);
  });

  it('matches the dev server by origin only', () => {
    expect(isAppUrl('http://localhost:5173/', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isAppUrl('https://localhost:5173/', dev)).toBe(false);
    expect(isAppUrl('http://localhost.evil.example:5173/', dev)).toBe(false);
  });

  it('accepts a dev server on loopback only', () => {
    expect(devAppUrl('http://127.0.0.1:5173')).toMatchObject({ origin: 'http://127.0.0.1:5173' });
    expect(devAppUrl('http://[::1]:5173/')).toBeDefined();
    expect(devAppUrl('http://example.com:5173/')).toBeUndefined();
    expect(devAppUrl('http://192.168.1.10:5173/')).toBeUndefined();
    expect(devAppUrl('file:///tmp/index.html')).toBeUndefined();
    expect(devAppUrl('nonsense')).toBeUndefined();
  });
});

describe('isTrustedSender', () => {
  const main = frame(appHref);

  it("trusts the main window's top frame on the app's page", () => {
    expect(isTrustedSender(main, main, app)).toBe(true);
    // A different WebFrameMain object for the same frame.
    expect(isTrustedSender(frame(`${appHref}#x`), main, app)).toBe(true);
  });

  it('refuses a missing sender frame (navigated away or destroyed) or a missing window', () => {
    expect(isTrustedSender(null, main, app)).toBe(false);
    expect(isTrustedSender(undefined, main, app)).toBe(false);
    expect(isTrustedSender(main, null, app)).toBe(false);
  });

  it('refuses a subframe, even one showing the app page', () => {
    expect(isTrustedSender(frame(appHref, { parent: main, frameToken: 'child' }), main, app)).toBe(false);
  });

  it('refuses another frame or process', () => {
    expect(isTrustedSender(frame(appHref, { frameToken: 'other' }), main, app)).toBe(false);
    expect(isTrustedSender(frame(appHref, { processId: 5 }), main, app)).toBe(false);
  });

  it('refuses the main frame once it shows another page', () => {
    expect(isTrustedSender(frame('https://evil.example/'), frame('https://evil.example/'), app)).toBe(false);
    expect(isTrustedSender(frame('file:///tmp/evil.html'), main, app)).toBe(false);
  });

  it('trusts the dev server page in development', () => {
    const devMain = frame('http://localhost:5173/');
    expect(isTrustedSender(devMain, devMain, dev)).toBe(true);
    expect(isTrustedSender(devMain, devMain, app)).toBe(false);
  });
});

describe('isPermissionAllowed', () => {
  it('denies by default, whoever asks', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen', 'unknown']) {
      expect(isPermissionAllowed(permission, appHref, true, app)).toBe(false);
    }
  });

  it("allows clipboard writes from the app's own top frame only", () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', appHref, true, app)).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', appHref, false, app)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/', true, app)).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', undefined, true, app)).toBe(false);
  });
});
