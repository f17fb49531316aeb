// Web mode's door as a browser meets it (SPEC §6): with `--host 0.0.0.0` the page works from whichever
// address the user opened (the Origin must match that Host), a page at another address is refused,
// and a link whose token is not valid says so instead of waiting for a server. The servers listen on
// every interface but are only ever reached on loopback addresses (127.0.0.2 stands in for a LAN address).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { uiTexts } from '../renderer/src/texts';
import { startFakeAnthropic, type FakeAnthropic } from '../test/fakeAnthropic';
import { startWebProcess, type WebProcess } from '../test/support/webProcess';

// Each test starts `npm run web` itself (as a user would), which takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

let fake: FakeAnthropic;
let web: WebProcess | undefined;
let dataDir: string;

test.beforeEach(async () => {
  fake = await startFakeAnthropic();
  dataDir = mkdtempSync(join(tmpdir(), 'baton-web-host-'));
});
test.afterEach(async () => {
  await web?.stop();
  web = undefined;
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const startWeb = (options: { host: string; port: number; token: string }) =>
  startWebProcess({ ...options, dataDir, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url } });

async function expectApp(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByRole('alert')).not.toContainText('Cannot reach');
}

test('with --host 0.0.0.0 the app works from 127.0.0.1, localhost and another address of the machine', async ({ page }) => {
  const port = await freePort();
  const token = 'a-fixed-token-long-enough-for-tests';
  web = await startWeb({ host: '0.0.0.0', port, token });
  expect(web.url.hostname).toBe('0.0.0.0');
  for (const host of ['127.0.0.1', 'localhost', '127.0.0.2']) {
    await page.goto(`http://${host}:${port}/?token=${token}`);
    await expectApp(page);
  }
  fake.enqueue({ kind: 'text', text: 'Answered over 127.0.0.2' });
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Hello from another address');
  await message.press('Enter');
  await expect(page.getByText('Answered over 127.0.0.2')).toBeVisible();

  // A page of another origin on this machine (no CSP of the app's to stop it trying) holding the token
  // still cannot open the WebSocket: its Origin is not the Host it connects to.
  const other = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<title>other</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    const result = await page.evaluate(
      (wsUrl) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(wsUrl);
          ws.onopen = () => (ws.close(), resolve('opened'));
          ws.onclose = () => resolve('refused');
        }),
      `ws://127.0.0.1:${port}/ws?token=${token}`,
    );
    expect(result).toBe('refused');
  } finally {
    other.close();
  }
});
test('a link with a wrong token, or none, says the token is not valid instead of "Connecting…"', async ({ browser }) => {
  const port = await freePort();
  web = await startWeb({ host: '127.0.0.1', port, token: 'the-right-token-long-enough' });
  for (const url of [`http://127.0.0.1:${port}/?token=wrong`, `http://127.0.0.1:${port}/`]) {
    const context = await browser.newContext(); // no token kept from an earlier page
    const page = await context.newPage();
    await page.goto(url);
    await expect(page.getByRole('heading', { name: uiTexts.tokenInvalid })).toBeVisible();
    await expect(page.getByText('Connecting to Baton')).toBeHidden();
    await context.close();
  }
});

test('after npm run web restarts with a new token, the open page says its token is no longer valid', async ({ page }) => {
  const port = await freePort();
  web = await startWeb({ host: '127.0.0.1', port, token: 'the-first-token-long-enough' });
  await page.goto(web.url.href);
  await expectApp(page);
  await web.stop();
  await expect(page.getByRole('status')).toContainText('Lost the connection to Baton');
  web = await startWeb({ host: '127.0.0.1', port, token: 'the-second-token-long-enough' });
  await expect(page.getByRole('heading', { name: uiTexts.tokenInvalid })).toBeVisible({ timeout: 15_000 });
  await page.goto(web.url.href);
  await expectApp(page);
});
