// `npm run e2e:electron`: the desktop app itself, driven through Playwright's Electron support. Needs
// the Electron binary (and a display), so it is not part of `npm test`; the browser suite in e2e/
// covers the same UI in web mode.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e-electron',
  globalSetup: './e2e-electron/globalSetup.ts',
  // One Electron app at a time: each launch is a whole browser.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: { trace: 'retain-on-failure' },
});
