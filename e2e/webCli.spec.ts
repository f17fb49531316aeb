// The README's own words, end to end: `npm run web -- --port P --data-dir D` prints the URL line, and
// that URL opened in Chromium is the app, talking to the model named by ANTHROPIC_BASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { startFakeAnthropic, type FakeAnthropic } from '../test/fakeAnthropic';

const root = join(import.meta.dirname, '..');
let fake: FakeAnthropic;
let child: ChildProcess | undefined;
let dataDir: string;

test.beforeEach(async () => {
  fake = await startFakeAnthropic();
  dataDir = mkdtempSync(join(tmpdir(), 'baton-web-cli-'));
});
test.afterEach(async () => {
  child?.kill('SIGTERM');
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

function startWeb(port: number): Promise<string> {
  child = spawn('npm', ['run', 'web', '--', '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, BATON_WEB_TOKEN: '' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child!.stdout!.on('data', (chunk) => {
      out += chunk;
      const line = out.match(/^Baton web UI: (\S+)$/m);
      if (line) resolve(line[1]!);
    });
    child!.on('exit', (code) => reject(new Error(`npm run web exited ${code}: ${out}`)));
  });
}

test('npm run web prints its URL; the page there is the app, and it chats and saves', async ({ page }) => {
  const port = await freePort();
  const url = await startWeb(port);
  expect(new URL(url).port).toBe(String(port));
  await page.goto(url);
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hand off' })).toBeVisible();
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Hello over the real CLI');
  await message.press('Enter');
  await expect(page.getByText('OK: Hello over the real CLI')).toBeVisible();
  expect(readdirSync(join(dataDir, 'sessions')).filter((f) => f.endsWith('.jsonl'))).toHaveLength(1);
});
