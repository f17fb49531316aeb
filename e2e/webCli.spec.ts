// The README's own words, end to end: `npm run web -- --port P --data-dir D` prints the URL line, and
// that URL opened in Chromium is the app, talking to the model named by ANTHROPIC_BASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { WebSocket } from 'ws';
import { MAX_FAILED_HANDSHAKES } from '../electron/web/WebServer';
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
  // The whole group: npm, and the server it started, which would otherwise outlive the test. The data dir
  // goes only once every process of the group has exited: the server still writes on its way out.
  if (child?.pid !== undefined) await stopGroup(child.pid);
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends SIGTERM to a process group and waits until none of it is left (SIGKILL after 10 s). */
async function stopGroup(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false; // ESRCH: the group is gone
    }
  };
  if (!alive()) return;
  process.kill(-pid, 'SIGTERM');
  for (const end = Date.now() + 10_000; alive(); await new Promise((resolve) => setTimeout(resolve, 25))) {
    if (Date.now() > end) process.kill(-pid, 'SIGKILL');
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts web mode as the README says (`npm run web`), or the server itself (`direct`), whose pid is its own. */
function startWeb(port: number, direct = false): Promise<string> {
  const args = ['--port', String(port), '--data-dir', dataDir];
  child = spawn(direct ? process.execPath : 'npm', direct ? ['--import', 'tsx', 'electron/web/cli.ts', ...args] : ['run', 'web', '--', ...args], {
    cwd: root,
    env: { ...process.env, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, BATON_WEB_TOKEN: '' },
    detached: true, // a group of its own, so afterEach stops all of it
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

/** CPU seconds the process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

test('a server whose terminal has gone keeps serving, idle, when it has something to log', async () => {
  test.skip(process.platform !== 'linux', 'reads /proc');
  const url = await startWeb(await freePort(), true);
  // The terminal goes: nothing reads the server's output any more.
  child!.stdout!.destroy();
  child!.stderr!.destroy();
  // Wrong tokens until the server logs that it refuses the address: a line for the closed stderr.
  const page = new URL(url);
  for (let i = 0; i <= MAX_FAILED_HANDSHAKES; i++) {
    await new Promise<void>((resolve) => {
      const ws = new WebSocket(`ws://${page.host}/ws?token=wrong`, { origin: page.origin });
      ws.on('error', () => resolve());
      ws.on('close', () => resolve());
    });
  }
  const before = cpuSeconds(child!.pid!);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  // A server writing its failure to write, again and again, would use the whole two seconds.
  expect(cpuSeconds(child!.pid!) - before).toBeLessThan(0.5);
  expect((await fetch(url)).status).toBe(200);
});
