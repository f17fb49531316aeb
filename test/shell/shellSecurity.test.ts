// A static guard on the desktop shell's security settings (SPEC §6). Electron cannot be launched here,
// so this reads the source: every flag that matters must be set explicitly, to the safe value, and the
// guards must stay wired. A failing test here means a security regression, not a style nit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const shellDir = join(import.meta.dirname, '..', '..', 'electron', 'shell');
/** Source without comments, so a comment cannot satisfy (or trip) a check. */
const source = (file: string) =>
  readFileSync(join(shellDir, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
const shellFiles = readdirSync(shellDir).filter((name) => name.endsWith('.ts'));
const allShell = shellFiles.map((file) => source(file)).join('\n');

function webPreferences(): Map<string, string> {
  const window = source('window.ts');
  const start = window.indexOf('webPreferences: {');
  expect(start, 'window.ts sets webPreferences inline').toBeGreaterThan(-1);
  const body = window.slice(start, window.indexOf('}', start));
  return new Map([...body.matchAll(/^\s*(\w+):\s*([^,\n]+),?\s*$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe('BrowserWindow webPreferences (window.ts)', () => {
  const required: Record<string, string> = {
    contextIsolation: 'true',
    sandbox: 'true',
    webSecurity: 'true',
    nodeIntegration: 'false',
    nodeIntegrationInWorker: 'false',
    nodeIntegrationInSubFrames: 'false',
    webviewTag: 'false',
    allowRunningInsecureContent: 'false',
    experimentalFeatures: 'false',
  };

  it.each(Object.entries(required))('sets %s: %s explicitly', (flag, value) => {
    expect(webPreferences().get(flag)).toBe(value);
  });

  it('loads a preload script and enables no extra Blink features', () => {
    const prefs = webPreferences();
    expect(prefs.get('preload')).toBeDefined();
    expect(prefs.has('enableBlinkFeatures')).toBe(false);
  });

  it('is the only window the shell creates, and no unsafe value appears anywhere in the shell', () => {
    expect(allShell.match(/new BrowserWindow\(/g)).toHaveLength(1);
    expect(allShell).not.toMatch(/new BrowserView\(|WebContentsView/);
    expect(allShell).not.toMatch(/(contextIsolation|sandbox|webSecurity):\s*false/);
    expect(allShell).not.toMatch(/(nodeIntegration\w*|webviewTag|allowRunningInsecureContent|experimentalFeatures):\s*true/);
    expect(allShell).not.toMatch(/enableRemoteModule|--no-sandbox|disable-web-security|ignore-certificate-errors/);
  });
});

describe('navigation, windows and permissions (guards.ts, main.ts)', () => {
  const guards = source('guards.ts');

  it('blocks navigation and redirects away from the app', () => {
    expect(guards).toMatch(/on\('will-navigate'[\s\S]*?isAppUrl\(event\.url, app\)[\s\S]*?preventDefault\(\)/);
    expect(guards).toMatch(/on\('will-redirect'[\s\S]*?!isAppUrl\(event\.url, app\)\) event\.preventDefault\(\)/);
  });

  it('denies every new window and never allows one', () => {
    expect(guards).toMatch(/setWindowOpenHandler\([\s\S]*?return \{ action: 'deny' \}/);
    expect(allShell).not.toMatch(/action:\s*'allow'/);
  });

  it('prevents <webview> attachment', () => {
    expect(guards).toMatch(/on\('will-attach-webview', \(event\) => event\.preventDefault\(\)\)/);
  });

  it('answers permission requests and checks through the deny-by-default policy', () => {
    expect(guards).toMatch(/setPermissionRequestHandler\([\s\S]*?callback\(isPermissionAllowed\(/);
    expect(guards).toMatch(/setPermissionCheckHandler\([\s\S]*?isPermissionAllowed\(/);
    expect(guards).toMatch(/setDevicePermissionHandler\(\(\) => false\)/);
  });

  it('sends a CSP response header', () => {
    expect(guards).toMatch(/onHeadersReceived\([\s\S]*?'Content-Security-Policy': \[csp\]/);
  });

  it('guards every webContents and hardens the session before any window exists', () => {
    const main = source('main.ts');
    expect(main).toMatch(/app\.on\('web-contents-created', \(_event, contents\) => guardWebContents\(/);
    const start = main.indexOf('function start(');
    expect(start).toBeGreaterThan(-1);
    const hardened = main.indexOf('hardenSession(', start);
    expect(hardened).toBeGreaterThan(start);
    // The first windows open when the last run's are restored, after the session is hardened.
    expect(hardened).toBeLessThan(main.indexOf('appWindows.restore();', start));
    expect(source('appWindows.ts').match(/createMainWindow\(/g)).toHaveLength(1);
  });

  it('opens links externally only through the allow-list', () => {
    const callers = shellFiles.filter((file) => /shell\.openExternal\(/.test(source(file)));
    expect(callers).toEqual(['openExternal.ts']);
    expect(source('openExternal.ts')).toMatch(/const safe = safeExternalUrl\(url\);[\s\S]*?shell\.openExternal\(safe\)/);
  });
});

describe('IPC (ipcBridge.ts, preload.ts, main.ts, appWindows.ts)', () => {
  it("sends every call through its window's dispatcher with the sender check, and refuses a sender that is no window", () => {
    expect(source('ipcBridge.ts')).toMatch(
      /ipcMain\.handle\(channel, \(event, input\) => \{\s*const dispatch = dispatchFor\(event\);\s*return dispatch \? dispatch\(channel, input, isTrustedSender\(event\)\) : Promise\.resolve\(refused\);/,
    );
    expect(source('main.ts')).toMatch(/registerIpcHandlers\(ipcMain, \(event\) => appWindows\.viewFor\(event\)\?\.dispatch, \(event\) => appWindows\.isTrusted\(event\)\)/);
    // The sender is the top frame of the window that sent the call, on the app's page.
    const windows = source('appWindows.ts');
    expect(windows).toMatch(/isTrustedSender\(event\.senderFrame, open\.win\.webContents\.mainFrame, this\.options\.app\)/);
    expect(windows.match(/event\.sender \? this\.open\.get\(event\.sender\.id\) : undefined/g)).toHaveLength(2);
    expect(allShell).not.toMatch(/ipcMain\.(on|once|handleOnce)\(/);
  });

  it('exposes exactly one object, the one built from the contract', () => {
    const preload = source('preload.ts');
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    expect(preload).toMatch(/exposeInMainWorld\('baton', createPreloadApi\(ipcRenderer\)\)/);
    expect(source('preloadApi.ts')).toMatch(/return buildApi\(/);
  });

  it("removes electron-store's unchecked IPC listener", () => {
    expect(source('electronSettings.ts')).toMatch(/ipcMain\.removeAllListeners\('electron-store-get-data'\)/);
  });

  it('allows one instance per data dir', () => {
    expect(source('main.ts')).toMatch(/if \(!app\.requestSingleInstanceLock\(\)\)/);
  });
});
