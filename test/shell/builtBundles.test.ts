// The desktop app as electron-vite builds it (out/main/index.js, out/preload/index.cjs, from the current
// sources), run under a recording stand-in for `electron` and nothing else faked: the real core, real
// files in a temp data dir, the fake Anthropic server on 127.0.0.1. Driven through the API the preload
// exposes, as the renderer drives it. The Electron binary is not needed (test/shell/desktopHost).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES, UPLOAD_FIRST_PIECE_BYTES } from '../../shared/attachments';
import { channels, type BatonEvent } from '../../shared/contract';
import { wrapHandoffDocument } from '../../shared/sessionFormat';
import { texts } from '../../shared/texts';
import { LOG_MAX_BYTES } from '../../electron/core/log';
import { launchEnv } from '../../scripts/launchEnv.mjs';
import { apiKeyOf, useFakeAnthropic } from '../fakeAnthropic';
import { deflateBombPdf } from '../support/hostileFiles';
import { pdf } from '../support/testFiles';
import { buildDesktopBundles, startDesktopHost, type DesktopHost, type MenuItem } from './desktopHost/desktopHost';

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
  // No titles written by Claude: a title request would take replies queued here and rename the sessions.
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ autoTitle: false }));
  bundles = buildDesktopBundles(outDir);
  desktop = await startDesktopHost({
    mainBundle: bundles.main,
    env: { BATON_DATA_DIR: dataDir, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: API_KEY, BATON_TEST_SAVE_DIR: saveDir },
  });
}, 90_000);

afterAll(async () => {
  await desktop?.kill();
  rmSync(outDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(saveDir, { recursive: true, force: true });
});

const eventsOf = <T extends BatonEvent['type']>(type: T) =>
  desktop.events.filter((e): e is Extract<BatonEvent, { type: T }> => e.type === type);

/** The session the first window shows after `channel` (sessions.open or sessions.new) there. */
async function show(channel: 'sessions.open' | 'sessions.new'): Promise<string> {
  const result = await desktop.call(channel, {});
  if (!result.ok) throw new Error(result.error.message);
  return result.data.header.id;
}

/** Sends a message in the session and waits until the agent has answered it. */
async function chat(sessionId: string, text: string): Promise<void> {
  const before = eventsOf('agent_end').length;
  expect(await desktop.call('chat.send', { sessionId, text })).toEqual({ ok: true, data: { queued: false } });
  await expect.poll(() => eventsOf('agent_end').length).toBe(before + 1);
}

function sessionLines(id: string, inDataDir = dataDir): Record<string, unknown>[] {
  const sessions = join(inDataDir, 'sessions');
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
    const sessionId = await show('sessions.open');
    const first = desktop.events.length;
    await chat(sessionId, 'Hi there');

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
    const parent = await show('sessions.new');
    await chat(parent, 'We are building a bridge');
    await chat(parent, 'Use steel, not wood');

    // The document holds the last request, so the carry-over check appends nothing to it.
    const document = '## Goal\nBuild a steel bridge\n\n## Constraints & Preferences\nUse steel, not wood';
    fake.enqueue({ kind: 'text', text: document });
    const result = await desktop.call('handoff.start', { sessionId: parent });
    if (!result.ok || result.data.status !== 'done') throw new Error(`handoff: ${JSON.stringify(result)}`);
    const child = result.data.session.header;
    expect(child.id).not.toBe(parent);
    // The window that showed the old session shows the new one.
    await expect.poll(() => eventsOf('session_switched').some((e) => e.session.header.id === child.id)).toBe(true);

    const [header, ...entries] = sessionLines(child.id);
    expect(header).toMatchObject({ type: 'session', id: child.id, parentSession: parent, origin: 'handoff' });
    const card = entries.find((e) => e.type === 'custom_message' && e.customType === 'handoff');
    expect(card?.content).toBe(wrapHandoffDocument(document));
  });

  it('saves an export through the save dialog into the file the user chose, not handing it to the page', async () => {
    const sessionId = await show('sessions.new');
    await chat(sessionId, 'Export me');
    const saved = await desktop.call('sessions.export', { id: sessionId, format: 'markdown' });
    expect(saved).toEqual({ ok: true, data: { status: 'saved', path: join(saveDir, 'Export me.md') } });
    expect(readFileSync(join(saveDir, 'Export me.md'), 'utf8')).toMatch(/^# Export me\n[\s\S]*## You · [^\n]*\n\nExport me\n/);
  });

  it('reads a big PDF on the check thread built beside the main bundle: a good one attached, a deflate bomb refused', async () => {
    // Were checkWorker.js missing, the checks would run on the main thread and log it (see the quit test).
    const sessionId = await show('sessions.new');
    const attach = async (name: string, bytes: Buffer) => {
      const begun = await desktop.call('attachments.begin', { name, size: bytes.length, data: bytes.subarray(0, UPLOAD_FIRST_PIECE_BYTES).toString('base64') });
      if (!begun.ok) throw new Error(begun.error.message);
      const { id } = begun.data;
      for (let at = UPLOAD_FIRST_PIECE_BYTES; at < bytes.length; at += UPLOAD_CHUNK_BYTES) {
        await desktop.call('attachments.append', { id, data: bytes.subarray(at, at + UPLOAD_CHUNK_BYTES).toString('base64') });
      }
      return desktop.call('attachments.finish', { sessionId, id });
    };
    const report = pdf(2, { padding: 1024 * 1024 });
    expect(await attach('report.pdf', report)).toMatchObject({ ok: true, data: { name: 'report.pdf', mediaType: 'application/pdf', size: report.length } });
    expect(await attach('bomb.pdf', deflateBombPdf(3_000_000))).toMatchObject({ ok: false, error: { message: texts.attachmentUncheckable('bomb.pdf', '16 MB') } });
  });

  it('opens the logs folder from Settings and from Help → Open logs folder, in the file manager', async () => {
    const logs = join(dataDir, 'logs');
    expect(await desktop.call('app.openLogs', {})).toEqual({ ok: true, data: { opened: true, path: logs } });
    expect(existsSync(logs)).toBe(true);
    await desktop.clickMenu(['help', 'Open logs folder']);
    await expect.poll(() => desktop.openedPaths()).toEqual([logs, logs]);
  });

  it('Help → Check for updates in a run from the sources says updates come with the installed app, and checks nothing', async () => {
    await desktop.clickMenu(['help', 'Check for updates']);
    await expect.poll(() => desktop.messageBoxes()).toEqual([
      { type: 'info', message: 'Updates come with the installed app.', detail: 'This copy runs from its sources; update it with git pull.', buttons: ['OK'] },
    ]);
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
      // electron-log has it in the data folder's log too, with the stack.
      const logFile = join(crashDir, 'logs', 'baton.log');
      await expect.poll(() => existsSync(logFile) && readFileSync(logFile, 'utf8')).toMatch(
        /\[error\] Unexpected error \(Baton keeps running\): Error: An uncaught error in the main process\n\s+at /,
      );
      expect(await other.call('app.info', {})).toMatchObject({ ok: true });
    } finally {
      await other.kill();
      rmSync(crashDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('a window’s page that failed', () => {
  it('is logged by electron-log in baton.log, which starts again past its size keeping the previous one as baton.old.log', async () => {
    const failDir = mkdtempSync(join(tmpdir(), 'baton-desktop-page-'));
    // A log just past its size (electron-log looks before each line): the next lines go to a new file.
    const filler = `${'x'.repeat(99)}\n`.repeat(Math.ceil(LOG_MAX_BYTES / 100) + 1);
    mkdirSync(join(failDir, 'logs'));
    writeFileSync(join(failDir, 'logs', 'baton.log'), filler);
    const other = await startDesktopHost({ mainBundle: bundles.main, env: { BATON_DATA_DIR: failDir, ANTHROPIC_API_KEY: API_KEY } });
    try {
      expect(await other.call('app.reportError', { kind: 'render', message: `TypeError: x is undefined (${API_KEY})`, stack: 'at Sidebar (app.js:1:2)' })).toEqual({
        ok: true,
        data: { logged: true },
      });
      await other.rendererGone();
      const logFile = join(failDir, 'logs', 'baton.log');
      await expect.poll(() => readFileSync(logFile, 'utf8')).toMatch(/\[error\] A window's page stopped \(crashed, exit code 139\): app:\/\/baton\//);
      const text = readFileSync(logFile, 'utf8');
      expect(text).toMatch(/\[error\] A page failed \(render\): TypeError: x is undefined \(\[API key\]\)\n {4}at Sidebar \(app\.js:1:2\)\n/);
      expect(text).not.toContain('xxxxxxxxxx');
      expect(readFileSync(join(failDir, 'logs', 'baton.old.log'), 'utf8')).toBe(filler);
    } finally {
      await other.kill();
      rmSync(failDir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('two windows of the built app', () => {
  it('each shows its own session and gets only its stream events; they come back on their sessions after a restart; Open in new window adds one', async () => {
    const windowsDir = mkdtempSync(join(tmpdir(), 'baton-desktop-windows-'));
    const env = { BATON_DATA_DIR: windowsDir, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: API_KEY };
    let app = await startDesktopHost({ mainBundle: bundles.main, env });
    try {
      type Shown = { ok: true; data: { header: { id: string } } };
      const open = async (window: number, channel: 'sessions.open' | 'sessions.new', input: object = {}) => {
        const result = await app.call(channel, input, 'main', window);
        expect(result, `${channel} in window ${window}`).toMatchObject({ ok: true });
        return (result as Shown).data.header.id;
      };
      const first = await open(0, 'sessions.open');
      // A second window, as New window in the Session menu opens it.
      await app.clickMenu(['Session', 'New window']);
      await expect.poll(async () => (await app.windows()).length).toBe(2);
      const second = await open(1, 'sessions.new');
      expect(second).not.toBe(first);

      // A reply streams in the first window's session …
      fake.enqueue({ kind: 'text', text: 'A slow reply, written a few letters at a time.', chunkSize: 3, delayMs: 30 });
      expect(await app.call('chat.send', { sessionId: first, text: 'Take your time' }, 'main', 0)).toEqual({ ok: true, data: { queued: false } });
      await expect.poll(() => app.eventsOf(0).some((e) => e.type === 'message_update' && e.sessionId === first)).toBe(true);
      // … while the second window opens another session, and talks there.
      const third = await open(1, 'sessions.new');
      expect((await app.call('sessions.running', {}, 'main', 1))).toEqual({ ok: true, data: [first] });
      const ended = (window: number, sessionId: string) => app.eventsOf(window).some((e) => e.type === 'agent_end' && e.sessionId === sessionId);
      expect(await app.call('chat.send', { sessionId: third, text: 'Meanwhile, here' }, 'main', 1)).toEqual({ ok: true, data: { queued: false } });
      await expect.poll(() => ended(0, first) && ended(1, third)).toBe(true);

      // Each window got the stream events of its own session only; both heard that the first one ran.
      const streamedIn = (window: number) =>
        new Set(app.eventsOf(window).flatMap((e) => (e.type !== 'session_status' && 'sessionId' in e && e.sessionId ? [e.sessionId] : [])));
      expect([...streamedIn(0)]).toEqual([first]);
      expect([...streamedIn(1)]).toEqual([third]);
      for (const window of [0, 1]) {
        expect(app.eventsOf(window).filter((e) => e.type === 'session_status' && e.sessionId === first).map((e) => e.type === 'session_status' && e.running)).toEqual([true, false]);
      }
      const replyIn = (sessionId: string) =>
        sessionLines(sessionId, windowsDir).flatMap((line) => (line.type === 'message' ? [JSON.stringify(line.message)] : [])).join('\n');
      expect(replyIn(first)).toContain('A slow reply, written a few letters at a time.');
      expect(replyIn(first)).not.toContain('Meanwhile, here');
      expect(replyIn(third)).toContain('OK: Meanwhile, here');

      // Quit and start again: each window comes back on the session it showed.
      expect(await app.quit()).toBe(0);
      expect(JSON.parse(readFileSync(join(windowsDir, 'windows.json'), 'utf8'))).toEqual({ sessions: [first, third] });
      app = await startDesktopHost({ mainBundle: bundles.main, env });
      expect(app.facts.windowUrls).toEqual([`app://baton/index.html#session=${first}`, `app://baton/index.html#session=${third}`]);
      expect(await open(0, 'sessions.open', { id: first })).toBe(first);
      expect(await open(1, 'sessions.open', { id: third })).toBe(third);

      // Closing one window forgets it; closing the last one quits the app, and that one comes back.
      await app.close(1);
      await app.close(0);
      expect(await app.exited).toBe(0);
      await app.kill();
      expect(JSON.parse(readFileSync(join(windowsDir, 'windows.json'), 'utf8'))).toEqual({ sessions: [first] });
      app = await startDesktopHost({ mainBundle: bundles.main, env });
      expect(app.facts.windowUrls).toEqual([`app://baton/index.html#session=${first}`]);
      // Open in new window: a window on the session named.
      expect(await app.call('app.openWindow', { sessionId: third })).toEqual({ ok: true, data: { opened: true } });
      await expect.poll(async () => (await app.windows()).map((w) => w.url)).toEqual([
        `app://baton/index.html#session=${first}`,
        `app://baton/index.html#session=${third}`,
      ]);
      expect(await app.call('app.openWindow', { sessionId: 'no-such-session' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    } finally {
      await app.kill();
      rmSync(windowsDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  }, 60_000);

  it('asks before quitting while a reply is being written, and quits when told to', async () => {
    const quitDir = mkdtempSync(join(tmpdir(), 'baton-desktop-quit-'));
    const app = await startDesktopHost({ mainBundle: bundles.main, env: { BATON_DATA_DIR: quitDir, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: API_KEY } });
    try {
      const opened = await app.call('sessions.open', {});
      if (!opened.ok) throw new Error(opened.error.message);
      const sessionId = opened.data.header.id;
      fake.enqueue({ kind: 'stall', text: 'Still thinking' });
      expect(await app.call('chat.send', { sessionId, text: 'Take your time' })).toEqual({ ok: true, data: { queued: false } });
      await expect.poll(() => app.events.some((e) => e.type === 'message_update')).toBe(true);
      expect(await app.quit()).toBe(0);
      // The stand-in answers "Quit anyway"; what the user wrote is on disk, and so is the reply as far as
      // it had come, kept as Stop keeps it.
      expect(app.questions().map((q) => [q.message, q.buttons])).toEqual([[texts.quitWhileRunning(1), ['Quit anyway', 'Cancel']]]);
      const messages = sessionLines(sessionId, quitDir).filter((line) => line.type === 'message');
      expect(messages.map((line) => line.message)).toMatchObject([
        { role: 'user', content: [{ type: 'text', text: 'Take your time' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Still thinking' }], aborted: true },
      ]);
    } finally {
      await app.kill();
      rmSync(quitDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  }, 30_000);

  it('names its menu and asks before quitting in the UI language', async () => {
    const thaiDir = mkdtempSync(join(tmpdir(), 'baton-desktop-thai-'));
    const app = await startDesktopHost({ mainBundle: bundles.main, env: { BATON_DATA_DIR: thaiDir, ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: API_KEY } });
    try {
      expect(await app.call('settings.set', { language: 'th' })).toMatchObject({ ok: true });
      // The menu was built again in Thai: Session → New window is เซสชัน → หน้าต่างใหม่.
      await app.clickMenu(['เซสชัน', 'หน้าต่างใหม่']);
      await expect.poll(async () => (await app.windows()).length).toBe(2);
      const opened = await app.call('sessions.open', {});
      if (!opened.ok) throw new Error(opened.error.message);
      fake.enqueue({ kind: 'stall', text: 'Still thinking' });
      expect(await app.call('chat.send', { sessionId: opened.data.header.id, text: 'Take your time' })).toEqual({ ok: true, data: { queued: false } });
      await expect.poll(() => app.events.some((e) => e.type === 'message_update')).toBe(true);
      expect(await app.quit()).toBe(0);
      expect(app.questions().map((q) => [q.message, q.buttons])).toEqual([['ยังเขียนคำตอบอยู่ 1 รายการ ออกจากโปรแกรมเลยหรือไม่', ['ออกเลย', 'ยกเลิก']]]);
    } finally {
      await app.kill();
      rmSync(thaiDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  }, 30_000);
});


describe('development powers of the built app', () => {
  const DEV_SERVER = 'http://localhost:5173/';
  const viewRoles = (menu: MenuItem[]) => menu.find((item) => item.label === 'View')?.submenu?.map((item) => item.role ?? item.type);

  /** The app as scripts/start.mjs launches it; `electron-vite dev` adds its dev server's URL for `npm run dev`. */
  async function launched(dev: boolean, terminal: NodeJS.ProcessEnv) {
    const dir = mkdtempSync(join(tmpdir(), 'baton-desktop-dev-'));
    const env = launchEnv({ dev, binary: 'electron', env: { ...terminal, BATON_DATA_DIR: dir, ANTHROPIC_API_KEY: API_KEY } });
    const host = await startDesktopHost({ mainBundle: bundles.main, env: dev ? { ...env, ELECTRON_RENDERER_URL: DEV_SERVER } : env });
    await host.kill();
    rmSync(dir, { recursive: true, force: true });
    return host.facts;
  }

  it('npm start: DevTools closed and not in the menu, and the built page shown whatever the terminal set', async () => {
    const facts = await launched(false, { ELECTRON_RENDERER_URL: DEV_SERVER, BATON_DEV: '1' });
    expect(facts.webPreferences.devTools).toBe(false);
    expect(facts.appUrl).toBe('app://baton/index.html');
    expect(viewRoles(facts.menu)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen']);
  }, 30_000);

  it('npm run dev: DevTools and Reload in the menu, and the dev server’s page', async () => {
    const facts = await launched(true, {});
    expect(facts.webPreferences.devTools).toBe(true);
    expect(facts.appUrl).toBe(DEV_SERVER);
    expect(viewRoles(facts.menu)?.slice(0, 2)).toEqual(['reload', 'toggleDevTools']);
  }, 30_000);
});

describe('updates of an installed app (an AppImage), from a release feed on 127.0.0.1', () => {
  /** The version the stand-in's app reports. */
  const RUNNING = '0.0.0-stand-in';

  /** An installed Baton whose feed offers `version`, as an executable that says it ran. */
  async function installedApp(version: string) {
    const dir = mkdtempSync(join(tmpdir(), 'baton-update-'));
    const started = join(dir, 'new-version-started');
    const release = Buffer.from(`#!/bin/sh\necho started > '${started}'\n`);
    const sha512 = createHash('sha512').update(release).digest('base64');
    const feed = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://feed').pathname;
      if (path === '/latest-linux.yml') {
        response.end(
          `version: ${version}\nfiles:\n  - url: Baton-${version}.AppImage\n    sha512: ${sha512}\n    size: ${release.length}\n` +
            `path: Baton-${version}.AppImage\nsha512: ${sha512}\nreleaseDate: '2026-01-01T00:00:00.000Z'\n`,
        );
      } else if (path === `/Baton-${version}.AppImage`) {
        response.setHeader('content-length', release.length);
        response.end(release);
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const resources = join(dir, 'resources');
    mkdirSync(resources);
    // What electron-builder writes into an installed app from electron-builder.yml's publish.
    writeFileSync(join(resources, 'app-update.yml'), `provider: generic\nurl: http://127.0.0.1:${(feed.address() as AddressInfo).port}/\nupdaterCacheDirName: baton-updater\n`);
    const installed = join(dir, 'Baton.AppImage');
    writeFileSync(installed, 'the installed version', { mode: 0o755 });
    const app = await startDesktopHost({
      mainBundle: bundles.main,
      env: {
        BATON_DATA_DIR: join(dir, 'data'),
        ANTHROPIC_API_KEY: API_KEY,
        BATON_TEST_PACKAGED: '1',
        BATON_TEST_RESOURCES: resources,
        APPIMAGE: installed,
        XDG_CACHE_HOME: join(dir, 'cache'),
      },
    });
    const close = async () => {
      await app.kill();
      feed.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { app, release, started, installed, close };
  }

  it('finds the newer release, downloads it in the background, offers Restart to update, and restarting installs and starts it', async () => {
    const { app, release, started, installed, close } = await installedApp('0.2.0');
    try {
      await expect
        .poll(() => app.messageBoxes(), { timeout: 20_000 })
        .toEqual([expect.objectContaining({ message: 'Baton 0.2.0 is ready to install.', buttons: ['Restart to update', 'Later'] })]);
      // The stand-in's user takes the default, Restart to update: the release replaces the app and starts.
      await expect.poll(() => existsSync(started) && readFileSync(started, 'utf8')).toBe('started\n');
      expect(readFileSync(installed).equals(release)).toBe(true);
    } finally {
      await close();
    }
  }, 60_000);

  it('Help → Check for updates, with nothing newer on the feed, says this is the latest version and changes nothing', async () => {
    const { app, installed, close } = await installedApp(RUNNING);
    try {
      expect(await app.call('app.info', {})).toMatchObject({ ok: true, data: { version: RUNNING } });
      await app.clickMenu(['help', 'Check for updates']);
      await expect
        .poll(() => app.messageBoxes(), { timeout: 20_000 })
        .toEqual([expect.objectContaining({ message: `Baton ${RUNNING} is the latest version.` })]);
      expect(readFileSync(installed, 'utf8')).toBe('the installed version');
    } finally {
      await close();
    }
  }, 60_000);
});

describe('quitting the built app', () => {
  it('quits with exit code 0 when the OS asks, having logged no error all along', async () => {
    expect(await desktop.quit()).toBe(0);
    expect(desktop.logs()).not.toMatch(/\[baton\]|Error/);
  });
});
