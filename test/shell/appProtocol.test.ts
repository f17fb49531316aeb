// The desktop app's pages come from app://baton/ (SPEC §6): a URL maps to a file of the built renderer,
// never to one outside it, and every page carries the strict CSP.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../electron/core/security/csp';
import { appFileFor, appResponse, APP_SCHEME_PRIVILEGES } from '../../electron/shell/appProtocol';
import { BUNDLED_APP } from '../../electron/shell/appUrl';

let root: string;
let renderer: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'baton-app-protocol-'));
  renderer = join(root, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Baton</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'secret');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('appFileFor', () => {
  it('maps the app’s page and its assets to files of the built renderer', () => {
    expect(appFileFor(BUNDLED_APP.entry, renderer)).toBe(join(renderer, 'index.html'));
    expect(appFileFor('app://baton/', renderer)).toBe(join(renderer, 'index.html'));
    expect(appFileFor('app://baton/assets/app.js?v=1#x', renderer)).toBe(join(renderer, 'assets', 'app.js'));
  });

  it('refuses paths out of the folder, however written, other hosts and schemes, folders and garbage', () => {
    for (const url of [
      'app://baton/../secret.txt',
      'app://baton/%2e%2e/secret.txt',
      'app://baton/assets/..%2f..%2fsecret.txt',
      'app://baton/%2e%2e%5csecret.txt',
      'app://baton/index.html%00.js',
      'app://baton/%zz',
      'app://baton/assets',
      'app://baton/missing.js',
      'app://other/index.html',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(appFileFor(url, renderer), url).toBeUndefined();
    }
  });
});

describe('appResponse', () => {
  it('answers with the file, its type and the app’s CSP (connect-src self, frame-src none, worker-src self)', async () => {
    const page = await appResponse(BUNDLED_APP.entry, renderer);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<!doctype html><title>Baton</title>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 404 for anything else', async () => {
    expect((await appResponse('app://baton/../secret.txt', renderer)).status).toBe(404);
  });

  it('is registered as a standard, secure scheme', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true });
  });
});
