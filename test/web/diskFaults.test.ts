// SPEC §2, §6, §8: a full disk or a read-only data folder never ends the web-mode process. Background
// work that fails (the lazy index save) reaches the user as a storage error; calls that cannot save are
// answered with one; the server keeps serving. Faults are injected through the session store's fs seam;
// a session open on another machine (a synced data folder) is a lock file written as that machine does.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BatonEvent, Result } from '../../shared/contract';
import { texts } from '../../shared/texts';
import type { FsSeam } from '../../electron/core/storage/fsSeam';
import { useFakeAnthropic } from '../fakeAnthropic';
import { errnoError, seamWith } from '../core/session/helpers';
import { startTestApp, type TestApp } from '../support/testApp';

const fake = useFakeAnthropic();
let app: TestApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

interface Page {
  call(channel: string, input: unknown): Promise<Result<unknown>>;
  /** Shows a session in this page (where the user left off without an id): its id. */
  open(id?: string): Promise<string>;
  events: BatonEvent[];
  ws: WebSocket;
}

/** A page's connection: calls by id, and every event it was sent. */
async function connectPage(url: string): Promise<Page> {
  const page = new URL(url);
  const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token')}`, { origin: page.origin });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const events: BatonEvent[] = [];
  const pending = new Map<number, (result: Result<unknown>) => void>();
  ws.on('message', (data) => {
    const frame = JSON.parse((data as Buffer).toString()) as { id?: number; result?: Result<unknown>; event?: BatonEvent };
    if (frame.event) events.push(frame.event);
    else pending.get(frame.id!)?.(frame.result!);
  });
  let nextId = 1;
  const call = (channel: string, input: unknown) =>
    new Promise<Result<unknown>>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, channel, input }));
    });
  const open = async (id?: string) => {
    const result = await call('sessions.open', id === undefined ? {} : { id });
    if (!result.ok) throw new Error(result.error.message);
    return (result.data as { header: { id: string } }).header.id;
  };
  return { events, ws, call, open };
}

const sessionFiles = (dataDir: string) => readdirSync(join(dataDir, 'sessions')).filter((f) => f.endsWith('.jsonl'));

describe('a full disk', () => {
  it('reports a failed background index save as a storage error to the page, and keeps serving', async () => {
    let diskFull = false;
    // Only the index is refused: what the user wrote is saved, the derived index is not.
    const fs = seamWith({
      openSync: (path, flags, mode) => {
        if (diskFull && basename(path).startsWith('.session-index.json')) throw errnoError('ENOSPC');
        return seamWith({}).openSync(path, flags, mode);
      },
    });
    app = await startTestApp({ modelUrl: fake.url, apiKey: 'test-key', fs });
    const page = await connectPage(app.url);
    const sessionId = await page.open();
    diskFull = true;
    fake.enqueue({ kind: 'text', text: 'Saved despite the index' });
    expect(await page.call('chat.send', { sessionId, text: 'Hello' })).toEqual({ ok: true, data: { queued: false } });

    // The index is saved about a second after the change; its failure arrives as an event.
    await expect.poll(() => page.events.find((e) => e.type === 'error')).toMatchObject({
      type: 'error',
      code: 'storage',
      message: expect.stringMatching(/^The disk is full, so this was not saved\..*session-index\.json.*\(ENOSPC\)/),
    });
    expect(await page.call('app.info', {})).toMatchObject({ ok: true, data: { name: 'Baton' } });
    const [file] = sessionFiles(app.dataDir);
    expect(readFileSync(join(app.dataDir, 'sessions', file!), 'utf8')).toContain('Saved despite the index');
    page.ws.close();
  });
});

describe('a read-only data folder', () => {
  /** Every call that would change the disk fails as on a read-only filesystem (reads still work). */
  function readOnlyWhen(isReadOnly: () => boolean): FsSeam {
    const refuse = () => {
      if (isReadOnly()) throw errnoError('EROFS');
    };
    const real = seamWith({});
    return seamWith({
      openSync: (path, flags, mode) => {
        if (flags !== 'r') refuse();
        return real.openSync(path, flags, mode);
      },
      writeSync: (...args) => (refuse(), real.writeSync(...args)),
      ftruncateSync: (...args) => (refuse(), real.ftruncateSync(...args)),
      renameSync: (...args) => (refuse(), real.renameSync(...args)),
      linkSync: (...args) => (refuse(), real.linkSync(...args)),
      unlinkSync: (...args) => (refuse(), real.unlinkSync(...args)),
    });
  }

  it('answers every call that would write with a storage error, and keeps serving', async () => {
    let readOnly = false;
    app = await startTestApp({ modelUrl: fake.url, apiKey: 'test-key', fs: readOnlyWhen(() => readOnly) });
    const page = await connectPage(app.url);
    const sessionId = await page.open();
    fake.enqueue({ kind: 'text', text: 'Written before' });
    await page.call('chat.send', { sessionId, text: 'First' });
    await expect.poll(() => page.events.some((e) => e.type === 'agent_end')).toBe(true);
    const before = sessionFiles(app.dataDir).map((f) => readFileSync(join(app!.dataDir, 'sessions', f), 'utf8'));

    readOnly = true;
    const refused = { ok: false, error: { code: 'storage', message: expect.stringContaining('The disk is read-only, so this was not saved.') } };
    expect(await page.call('chat.send', { sessionId, text: 'Second' })).toMatchObject(refused);
    expect(await page.call('sessions.new', {})).toMatchObject(refused);
    expect(await page.call('sessions.rename', { id: sessionId, title: 'Renamed' })).toMatchObject(refused);

    expect(await page.call('app.info', {})).toMatchObject({ ok: true, data: { name: 'Baton' } });
    expect(sessionFiles(app.dataDir).map((f) => readFileSync(join(app!.dataDir, 'sessions', f), 'utf8'))).toEqual(before);
    page.ws.close();
  });

  it('starts on a folder that was read-only already: the sessions can be read, every write is refused, and the page is told why', async () => {
    let readOnly = false;
    app = await startTestApp({ modelUrl: fake.url, apiKey: 'test-key', fs: readOnlyWhen(() => readOnly) });
    let page = await connectPage(app.url);
    const first = await page.open();
    fake.enqueue({ kind: 'text', text: 'From the first session' });
    await page.call('chat.send', { sessionId: first, text: 'First' });
    await expect.poll(() => page.events.some((e) => e.type === 'agent_end')).toBe(true);
    const latest = await page.call('sessions.new', {});
    if (!latest.ok) throw new Error(latest.error.message);
    fake.enqueue({ kind: 'text', text: 'From the latest session' });
    await page.call('chat.send', { sessionId: (latest.data as { header: { id: string } }).header.id, text: 'Latest' });
    await expect.poll(() => page.events.filter((e) => e.type === 'agent_end').length).toBe(2);
    page.ws.close();
    await app.stop();
    // Without the indexes the start has to rebuild them, and cannot save them either.
    const indexes = readdirSync(app.dataDir).filter((f) => f.includes('index'));
    expect(indexes.length).toBeGreaterThan(0);
    for (const index of indexes) rmSync(join(app.dataDir, index));
    const before = sessionFiles(app.dataDir).map((f) => readFileSync(join(app!.dataDir, 'sessions', f), 'utf8'));

    readOnly = true;
    await app.start();
    page = await connectPage(app.url);
    const why = expect.stringMatching(/^The disk is read-only, so this was not saved\. Sessions can be read but not changed .*\(EROFS\)\.$/);
    // Where the user left off, read-only; the session shown and app.info say why.
    const leftOff = await page.call('sessions.open', {});
    expect(JSON.stringify(leftOff)).toContain('From the latest session');
    expect(leftOff).toMatchObject({ ok: true, data: { readOnlyReason: why } });
    expect(await page.call('app.info', {})).toMatchObject({ ok: true, data: { storageProblem: why } });
    const shown = (leftOff as { data: { header: { id: string } } }).data.header.id;
    expect(await page.call('chat.send', { sessionId: shown, text: 'Not saved' })).toMatchObject({ ok: false, error: { code: 'storage', message: why } });
    // Another session opens too, read-only.
    const opened = await page.call('sessions.open', { id: first });
    expect(JSON.stringify(opened)).toContain('From the first session');
    expect(await page.call('sessions.list', {})).toMatchObject({ ok: true, data: expect.arrayContaining([expect.objectContaining({ id: first })]) });
    expect(await page.call('sessions.new', {})).toMatchObject({ ok: false, error: { code: 'storage' } });

    expect(await page.call('app.info', {})).toMatchObject({ ok: true, data: { name: 'Baton' } });
    expect(sessionFiles(app.dataDir).map((f) => readFileSync(join(app!.dataDir, 'sessions', f), 'utf8'))).toEqual(before);
    page.ws.close();
  });

  it('with no session to show, starts and answers opening one with the reason, writing nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'baton-readonly-'));
    mkdirSync(join(dataDir, 'sessions'));
    try {
      app = await startTestApp({ modelUrl: fake.url, apiKey: 'test-key', dataDir, fs: readOnlyWhen(() => true) });
      const page = await connectPage(app.url);
      const why = expect.stringMatching(/^The disk is read-only, so this was not saved\..*\(EROFS\)/);
      expect(await page.call('sessions.open', {})).toEqual({ ok: false, error: { code: 'storage', message: why } });
      expect(await page.call('sessions.new', {})).toEqual({ ok: false, error: { code: 'storage', message: why } });
      expect(await page.call('app.info', {})).toMatchObject({ ok: true, data: { name: 'Baton' } });
      expect(readdirSync(join(dataDir, 'sessions'))).toEqual([]);
      page.ws.close();
    } finally {
      await app?.close();
      app = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a data folder that a sync tool shares with another machine', () => {
  it('a session open on the other machine is passed over at startup, opens read-only, and the page is told why at once', async () => {
    app = await startTestApp({ modelUrl: fake.url, apiKey: 'test-key' });
    let page = await connectPage(app.url);
    fake.enqueue({ kind: 'text', text: 'Written here' });
    await page.call('chat.send', { sessionId: await page.open(), text: 'Mine' });
    await expect.poll(() => page.events.some((e) => e.type === 'agent_end')).toBe(true);
    const laptops = (await page.call('sessions.new', {})) as { ok: true; data: { header: { id: string } } };
    fake.enqueue({ kind: 'text', text: 'Written on the laptop' });
    await page.call('chat.send', { sessionId: laptops.data.header.id, text: 'Latest' });
    await expect.poll(() => page.events.filter((e) => e.type === 'agent_end').length).toBe(2);
    page.ws.close();
    await app.stop();
    const path = sessionFiles(app.dataDir)
      .map((f) => join(app!.dataDir, 'sessions', f))
      .find((f) => readFileSync(f, 'utf8').includes('Written on the laptop'))!;
    // The lock Baton on the laptop left, synced here: its pid means nothing on this machine.
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: 4242, startedAt: new Date().toISOString(), host: 'work-laptop', boot: 'booted:1700000000' }));
    const before = readFileSync(path, 'utf8');

    await app.start();
    page = await connectPage(app.url);
    const start = JSON.stringify(await page.call('sessions.open', {}));
    expect(start).toContain('Written here');
    expect(start).not.toContain('Written on the laptop');
    const info = (await page.call('app.info', {})) as { ok: true; data: { storageProblem?: string } };
    expect(info.data.storageProblem).toBeUndefined();

    const opened = await page.call('sessions.open', { id: laptops.data.header.id });
    expect(JSON.stringify(opened)).toContain('Written on the laptop');
    const why = texts.sessionReadOnlyElsewhere('work-laptop');
    await expect.poll(() => page.events.some((e) => e.type === 'error' && e.code === 'storage' && e.message === why)).toBe(true);
    expect(await page.call('chat.send', { sessionId: laptops.data.header.id, text: 'Not saved' })).toMatchObject({ ok: false, error: { code: 'storage', message: why } });
    expect(readFileSync(path, 'utf8')).toBe(before);
    page.ws.close();
  });
});
