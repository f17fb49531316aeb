// Web mode's doors: the token and the Origin on every WebSocket, the static files, and the CLI's URL line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { startWebServer, type WebServer } from '../../electron/web/WebServer';

const root = join(import.meta.dirname, '..', '..');
let server: WebServer;
let staticDir: string;
let origin: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'baton-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Baton</title>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(staticDir, '..', 'secret.txt'), 'secret');
  // Only app.info answers; the doors are what is under test here.
  const handlers = { 'app.info': () => ({ name: 'Baton' }) } as unknown as Handlers;
  server = await startWebServer({
    connect: () => ({ dispatch: createDispatcher(handlers), subscribe: () => () => {}, close: () => {} }),
    staticDir,
    token: 'sekrit',
  });
  origin = new URL(server.url).origin;
});
afterAll(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function connect(url: string, headers: { origin?: string }): Promise<{ opened: boolean; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { origin: headers.origin });
    ws.on('open', () => {
      ws.close();
      resolve({ opened: true });
    });
    ws.on('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode }));
    ws.on('error', () => resolve({ opened: false }));
  });
}

function get(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    request(new URL(path, origin), (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('web server', () => {
  const ws = () => `ws://${new URL(server.url).host}/ws`;

  it('accepts a WebSocket with the token and its own Origin', async () => {
    expect(await connect(`${ws()}?token=sekrit`, { origin })).toEqual({ opened: true });
  });

  it('refuses a WebSocket without the token or with a wrong one', async () => {
    expect(await connect(ws(), { origin })).toMatchObject({ opened: false, status: 401 });
    expect(await connect(`${ws()}?token=sekriT`, { origin })).toMatchObject({ opened: false, status: 401 });
  });

  it('refuses a WebSocket from a foreign Origin, or with none', async () => {
    expect(await connect(`${ws()}?token=sekrit`, { origin: 'http://evil.example' })).toMatchObject({ opened: false, status: 403 });
    expect(await connect(`${ws()}?token=sekrit`, {})).toMatchObject({ opened: false, status: 403 });
  });

  it('answers calls over the socket with result objects', async () => {
    const socket = new WebSocket(`${ws()}?token=sekrit`, { origin });
    await new Promise((r) => socket.on('open', r));
    const replies: unknown[] = [];
    socket.on('message', (data) => replies.push(JSON.parse((data as Buffer).toString()))); // binaryType 'nodebuffer'
    socket.send(JSON.stringify({ id: 1, channel: 'app.info', input: {} }));
    socket.send('not json at all');
    socket.send(JSON.stringify({ id: 2, channel: 'no.such.channel', input: {} }));
    socket.send(JSON.stringify({ id: 3, channel: 42 }));
    await expect.poll(() => replies.length).toBe(3);
    // Answers may overtake each other; they are matched by id.
    expect(replies.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id)).toEqual([
      { id: 1, result: { ok: true, data: { name: 'Baton' } } },
      { id: 2, result: { ok: false, error: { code: 'invalid_input', message: 'Unknown channel' } } },
      { id: 3, result: { ok: false, error: { code: 'invalid_input', message: 'Malformed request frame' } } },
    ]);
    socket.close();
  });

  it('serves the app with a strict CSP and nothing outside its folder', async () => {
    const index = await get('/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('<title>Baton</title>');
    expect(String(index.headers['content-security-policy'])).toContain("script-src 'self'");
    expect((await get('/assets/app.js')).status).toBe(200);
    expect((await get('/../secret.txt')).status).toBe(404);
    expect((await get('/%2e%2e/secret.txt')).status).toBe(404);
    // A malformed escape is a bad request, not a crash: the server still answers afterwards.
    expect((await get('/%zz')).status).toBe(400);
    expect((await get('/')).status).toBe(200);
  });
});

describe('npm run web', () => {
  it('prints the URL line, with the fixed token, and serves the app there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baton-cli-'));
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'electron/web/cli.ts'), '--port', '0', '--data-dir', dataDir], {
      cwd: root,
      env: { ...process.env, BATON_WEB_TOKEN: 'fixed-token', ANTHROPIC_API_KEY: '' },
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
          const match = out.match(/^Baton web UI: (\S+)$/m);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const url = new URL(line);
      expect(url.hostname).toBe('127.0.0.1');
      expect(url.searchParams.get('token')).toBe('fixed-token');
      const page = await fetch(url);
      expect(await page.text()).toContain('<div id="root">');
      // Its log is in the data folder too: with no key, the model list could not be fetched.
      const logFile = join(dataDir, 'logs', 'baton.log');
      await expect.poll(() => existsSync(logFile) && readFileSync(logFile, 'utf8')).toMatch(/\[warn\] Could not fetch the model list \(No API key is configured\)/);
    } finally {
      // The child saves its index as it stops: wait for that before removing its folder.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
