// The desktop app as electron-vite builds it (out/main/index.js, out/preload/index.cjs, from the current
// sources), run under a recording stand-in for `electron` and nothing else faked: the real core, real
// files in a temp data dir, the fake Anthropic server on 127.0.0.1. Driven through the API the preload
// exposes, as the renderer drives it. The Electron binary is not needed (test/shell/desktopHost).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, type BatonEvent } from '../../shared/contract';
import { apiKeyOf, useFakeAnthropic } from '../fakeAnthropic';
import { buildDesktopBundles, startDesktopHost, type DesktopHost } from './desktopHost/desktopHost';

const root = join(import.meta.dirname, '..', '..');
const API_KEY = 'sk-ant-built-bundles-test';
const fake = useFakeAnthropic();
let outDir: string;
let dataDir: string;
/** Where the stand-in's save dialog puts an export. */
let saveDir: string;
let bundles: { main: string; preload: string };
let desktop: DesktopHost;

beforeAll(async () => {
  // Inside the repo, so the main bundle's external imports (zod, the SDK, electron-store) resolve.
  mkdirSync(join(root, 'out'), { recursive: true });
  outDir = mkdtempSync(join(root, 'out', 'bundles-test-'));
  dataDir = mkdtempSync(join(tmpdir(), 'baton-desktop-'));
  saveDir = mkdtempSync(join(tmpdir(), 'baton-saved-'));
  bundles = buildDesktopBundles(outDir);
  desktop = await startDesktopHost({
    mainBundle: bundles.main,
    env: { BATON_DATA_DIR: dataDir, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: API_KEY, BATON_TEST_SAVE_DIR: saveDir },
  });
}, 90_000);

afterAll(() => {
  desktop?.kill();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(saveDir, { recursive: true, force: true });
});

const eventsOf = <T extends BatonEvent['type']>(type: T) =>
  desktop.events.filter((e): e is Extract<BatonEvent, { type: T }> => e.type === type);

/** Sends a message and waits until the agent has answered it. */
async function chat(text: string): Promise<void> {
  const before = eventsOf('agent_end').length;
  expect(await desktop.call('chat.send', { text })).toEqual({ ok: true, data: { queued: false } });
  await expect.poll(() => eventsOf('agent_end').length).toBe(before + 1);
}

function sessionLines(id: string): Record<string, unknown>[] {
  const sessions = join(dataDir, 'sessions');
  const file = readdirSync(sessions).find((name) => name.includes(id) && name.endsWith('.jsonl'));
  expect(file, `a session file for ${id}`).toBeDefined();
  return readFileSync(join(sessions, file!), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the built main bundle', () => {
  it('starts without an error box and registers one handler per contract channel, and no other IPC listener', () => {
    expect(desktop.facts.errorBoxes).toEqual([]);
    expect([...desktop.facts.handled].sort()).toEqual([...channels].sort());
    // electron-store's own synchronous listener answers without a sender check; the shell removes it.
    expect(desktop.facts.listened).toEqual([]);
  });

  it('opens one window on the built page, with the preload and the security settings of SPEC §6', () => {
    expect(desktop.facts.windows).toBe(1);
    expect(desktop.facts.appUrl).toBe('app://baton/index.html');
    expect(desktop.facts.webPreferences).toMatchObject({
      preload: bundles.preload,
      contextIsolation: true,
      sandbox: true,
      webSecurity: true,
      nodeIntegration: false,
    });
  });
});

describe('the app:// protocol of the built main bundle', () => {
  it('is declared a standard, secure scheme before the app is ready, and handled once it is', () => {
    expect(desktop.facts.privilegedSchemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    expect(desktop.facts.handledSchemes).toEqual(['app']);
  });

  it('serves the built page and its assets with the strict CSP', async () => {
    const page = await desktop.load('app://baton/index.html');
    expect(page.status).toBe(200);
    expect(page.body).toBe(readFileSync(join(outDir, 'renderer', 'index.html'), 'utf8'));
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = page.headers['content-security-policy'];
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("worker-src 'self'");
    const script = /src="\.?\/?(assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script, 'the page loads a script from assets/').toBeDefined();
    const asset = await desktop.load(`app://baton/${script}`);
    expect([asset.status, asset.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
  });

  it('serves nothing outside the built renderer, nor for another host', async () => {
    for (const url of [
      'app://baton/../main/index.js',
      'app://baton/%2e%2e/main/index.js',
      'app://baton/..%2f..%2fpackage.json',
      'app://baton/assets',
      'app://baton/%zz',
      'app://other/index.html',
    ]) {
      expect((await desktop.load(url)).status, url).toBe(404);
    }
  });
});

describe('the built preload', () => {
  it('requires nothing but electron, and exposes one frozen API object with exactly the contract', () => {
    expect(desktop.facts.preloadRequested).toEqual(['electron']);
    expect(desktop.facts.preloadError).toBeUndefined();
    expect(desktop.facts.exposedKeys).toEqual(['baton']);
    expect([...desktop.facts.apiKeys].sort()).toEqual([...channels, 'subscribe'].sort());
    expect(desktop.facts.apiFrozen).toBe(true);
  });
});

describe('the built app, driven through the preload API', () => {
  it('answers app.info for the desktop transport, with the key from the environment and never the key itself', async () => {
    const info = await desktop.call('app.info', {});
    expect(info).toMatchObject({
      ok: true,
      data: { name: 'Baton', transport: 'electron', hasApiKey: true, apiKeySource: 'environment', dataDir: resolve(dataDir) },
    });
    expect(JSON.stringify(info)).not.toContain(API_KEY);
  });

  it('streams a reply from the model to the page as events', async () => {
    fake.enqueue({ kind: 'text', text: 'Hello from the built app', chunkSize: 5 });
    const first = desktop.events.length;
    await chat('Hi there');

    const arrived = desktop.events.slice(first);
    // Streamed text first (batched; the tail may come only with message_end, which carries it all).
    const streamed = arrived.filter((e) => e.type === 'message_update').map((e) => e.delta).join('');
    expect(streamed).toMatch(/^Hello/);
    expect('Hello from the built app'.startsWith(streamed)).toBe(true);
    const replies = arrived.flatMap((e) => (e.type === 'message_end' && e.message.role === 'assistant' ? [e.message] : []));
    expect(replies.map((m) => m.content.map((b) => (b.type === 'text' ? b.text : '')).join(''))).toEqual(['Hello from the built app']);
    expect(apiKeyOf(fake.messageRequests()[0]!)).toBe(API_KEY);
  });

  it('hands off: a new session starts whose file holds the handoff document', async () => {
    await chat('We are building a bridge');
    await chat('Use steel, not wood');
    const parent = await desktop.call('sessions.open', {});
    if (!parent.ok) throw new Error(parent.error.message);

    fake.enqueue({ kind: 'text', text: '## Goal\nBuild a steel bridge' });
    const result = await desktop.call('handoff.start', {});
    if (!result.ok || result.data.status !== 'done') throw new Error(`handoff: ${JSON.stringify(result)}`);
    const child = result.data.session.header;
    expect(child.id).not.toBe(parent.data.header.id);
    await expect.poll(() => eventsOf('session_switched').some((e) => e.session.header.id === child.id)).toBe(true);

    const [header, ...entries] = sessionLines(child.id);
    expect(header).toMatchObject({ type: 'session', id: child.id, parentSession: parent.data.header.id, origin: 'handoff' });
    const card = entries.find((e) => e.type === 'custom_message' && e.customType === 'handoff');
    expect(card?.content).toContain('<handoff-context>\n## Goal\nBuild a steel bridge\n</handoff-context>');
  });

  it('saves an export through the save dialog into the file the user chose, not handing it to the page', async () => {
    expect(await desktop.call('sessions.new', {})).toMatchObject({ ok: true });
    await chat('Export me');
    const current = await desktop.call('sessions.open', {});
    if (!current.ok) throw new Error(current.error.message);
    const saved = await desktop.call('sessions.export', { id: current.data.header.id, format: 'markdown' });
    expect(saved).toEqual({ ok: true, data: { status: 'saved', path: join(saveDir, 'Export me.md') } });
    expect(readFileSync(join(saveDir, 'Export me.md'), 'utf8')).toMatch(/^# Export me\n[\s\S]*## You · [^\n]*\n\nExport me\n/);
  });

  it('answers a malformed payload with invalid_input, and does not throw', async () => {
    expect(await desktop.call('sessions.open', { id: 42 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await desktop.call('chat.send', 'not an object')).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await desktop.call('sessions.new', { evil: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('refuses calls from a frame that is not the app’s main frame, with forbidden, and does nothing', async () => {
    const listed = await desktop.call('sessions.list', {});
    expect(listed.ok).toBe(true);
    for (const frame of ['subframe', 'otherPage'] as const) {
      expect(await desktop.call('app.info', {}, frame)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(await desktop.call('sessions.new', {}, frame)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await desktop.call('sessions.list', {})).toEqual(listed);
  });

  it('refuses calls from the main frame once it shows another page, and serves it again on the app', async () => {
    await desktop.navigate('https://evil.example/');
    expect(await desktop.call('app.info', {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    await desktop.navigate(desktop.facts.appUrl);
    expect(await desktop.call('app.info', {})).toMatchObject({ ok: true });
  });
});

describe('an error nothing caught in the main process', () => {
  it('is logged and shown to the user in the window, and the app keeps answering', async () => {
    // A second app of its own, so the one above keeps its clean log.
    const crashDir = mkdtempSync(join(tmpdir(), 'baton-desktop-crash-'));
    const other = await startDesktopHost({ mainBundle: bundles.main, env: { BATON_DATA_DIR: crashDir, ANTHROPIC_API_KEY: API_KEY } });
    try {
      const errors = () => other.events.filter((e) => e.type === 'error' && e.message.includes('An uncaught error in the main process'));
      await other.crash();
      await expect.poll(() => errors().length).toBe(1);
      expect(errors()[0]).toMatchObject({ code: 'internal' });
      await expect.poll(() => other.logs()).toContain('[baton] Unexpected error (Baton keeps running)');
      expect(await other.call('app.info', {})).toMatchObject({ ok: true });
    } finally {
      other.kill();
      rmSync(crashDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('quitting the built app', () => {
  it('quits with exit code 0 when the OS asks, having logged no error all along', async () => {
    expect(await desktop.quit()).toBe(0);
    expect(desktop.logs()).not.toMatch(/\[baton\]|Error/);
  });
});
