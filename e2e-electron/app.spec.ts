// The desktop app starts, shows the UI, and exposes only the frozen, contract-shaped API to the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { findUsableElectron } from '../scripts/electronBinary.mjs';

const root = join(import.meta.dirname, '..');
let app: ElectronApplication;
let page: Page;
let dataDir: string;

test.beforeAll(async () => {
  const executablePath = findUsableElectron();
  test.skip(!executablePath, 'needs the Electron binary');
  dataDir = mkdtempSync(join(tmpdir(), 'baton-electron-e2e-'));
  // A data dir of its own (and so its own single-instance lock); a key so the chat UI shows, not first run.
  const env: Record<string, string> = { BATON_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'sk-ant-e2e-not-a-real-key' };
  for (const [name, value] of Object.entries(process.env)) {
    // ELECTRON_RUN_AS_NODE would start Electron as plain Node instead of the app.
    if (value !== undefined && name !== 'ELECTRON_RUN_AS_NODE' && !(name in env)) env[name] = value;
  }
  app = await electron.launch({ executablePath, args: [root], env });
  page = await app.firstWindow();
});

test.afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('shows the Sessions navigation and the Message textbox', async () => {
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
});

test('exposes one frozen API object and no raw IPC', async () => {
  const api = await page.evaluate(() => {
    const baton = (window as unknown as { baton?: Record<string, unknown> }).baton;
    return {
      present: typeof baton === 'object' && baton !== null,
      frozen: Object.isFrozen(baton),
      keys: baton ? Object.keys(baton) : [],
      hasInvoke: !!baton && 'invoke' in baton,
      hasIpcRenderer: !!baton && 'ipcRenderer' in baton,
      nodeGlobals: ['require', 'process', 'module', 'Buffer'].filter((name) => name in window),
    };
  });
  expect(api.present).toBe(true);
  expect(api.frozen).toBe(true);
  expect(api.keys).toContain('subscribe');
  expect(api.keys).toContain('app.info');
  expect(api.hasInvoke).toBe(false);
  expect(api.hasIpcRenderer).toBe(false);
  expect(api.nodeGlobals).toEqual([]);
});

test('answers app.info over IPC without revealing the key', async () => {
  const info = await page.evaluate(async () => {
    const baton = (window as unknown as { baton: { 'app.info': (input: object) => Promise<unknown> } }).baton;
    return JSON.stringify(await baton['app.info']({}));
  });
  expect(info).toContain('"transport":"electron"');
  expect(info).not.toContain('sk-ant-e2e-not-a-real-key');
});

test('does not navigate away from the app', async () => {
  const before = page.url();
  // A file URL: blocked like any other, and (unlike an https link) not then opened in the user's browser.
  await page.evaluate(() => {
    window.location.href = new URL('../../package.json', window.location.href).href;
  });
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
});
