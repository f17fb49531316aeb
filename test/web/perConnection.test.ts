// One connection is one tab (SPEC §1, §6): a burst of calls from one is capped (the rest answered busy at
// once) so it cannot hold up another, the files one tab uploads are its own, and a tab that closes leaves
// the replies it started running (SPEC §3 "Runs in the background").
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { UPLOAD_FIRST_PIECE_BYTES } from '../../shared/attachments';
import { SessionManager } from '../../electron/core/session/SessionManager';
import { setLanguage } from '../../shared/i18n';
import { MAX_CALLS_IN_FLIGHT } from '../../electron/web/WebServer';
import { useFakeAnthropic } from '../fakeAnthropic';
import { startTestApp, type TestApp } from '../support/testApp';
import { png } from '../support/testFiles';

const fake = useFakeAnthropic();
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ modelUrl: fake.url, apiKey: 'test-key' });
});
afterAll(async () => {
  await app.close();
});

interface Result {
  ok: boolean;
  data?: unknown;
  error?: { code: string; message: string };
}

/** A tab's connection: sends frames and collects the answers by id. */
async function tab(): Promise<{ send: (channel: string, input: unknown) => Promise<Result>; burst: (n: number) => Promise<Result[]>; close: () => void }> {
  const page = new URL(app.url);
  const ws = new WebSocket(`ws://${page.host}/ws?token=${page.searchParams.get('token')}`, { origin: page.origin });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<number, (result: Result) => void>();
  ws.on('message', (raw) => {
    const frame = JSON.parse((raw as Buffer).toString()) as { id?: number; result?: Result };
    if (frame.id !== undefined) waiting.get(frame.id)?.(frame.result!);
  });
  let next = 1;
  const answer = (id: number) => new Promise<Result>((resolve) => waiting.set(id, resolve));
  return {
    send: (channel, input) => {
      const id = next++;
      ws.send(JSON.stringify({ id, channel, input }));
      return answer(id);
    },
    burst: (n) => {
      // One write of n frames: they all arrive before the first is answered.
      const ids = Array.from({ length: n }, () => next++);
      for (const id of ids) ws.send(JSON.stringify({ id, channel: 'sessions.list', input: {} }));
      return Promise.all(ids.map(answer));
    },
    close: () => ws.close(),
  };
}

describe('per connection', () => {
  it('answers the calls of a burst beyond the cap busy at once, and another tab is answered meanwhile', async () => {
    const noisy = await tab();
    const other = await tab();
    const [results, info] = await Promise.all([noisy.burst(200), other.send('app.info', {})]);
    expect(info).toMatchObject({ ok: true, data: { name: 'Baton' } });
    const busy = results.filter((r) => !r.ok);
    expect(results.filter((r) => r.ok).length).toBeGreaterThanOrEqual(MAX_CALLS_IN_FLIGHT);
    for (const refused of busy) expect(refused.error).toEqual({ code: 'busy', message: expect.stringMatching(/Too many calls at once/) });
    expect(busy.length).toBeGreaterThan(0);
    // Once it has its answers, the same tab is served as before.
    expect(await noisy.send('app.info', {})).toMatchObject({ ok: true });
    noisy.close();
    other.close();
  });

  it('says so in the UI language', async () => {
    const noisy = await tab();
    try {
      expect(await noisy.send('settings.set', { language: 'th' })).toMatchObject({ ok: true });
      const busy = (await noisy.burst(200)).filter((r) => !r.ok);
      expect(busy.length).toBeGreaterThan(0);
      for (const refused of busy) expect(refused.error?.message).toBe(`หน้านี้ส่งคำขอพร้อมกันมากเกินไป (ได้ไม่เกิน ${MAX_CALLS_IN_FLIGHT} รายการ) ลองใหม่อีกครั้งในอีกสักครู่`);
    } finally {
      await noisy.send('settings.set', { language: 'en' });
      setLanguage('en');
      noisy.close();
    }
  });

  it('a file uploaded in one tab cannot be finished, sent or dropped from another', async () => {
    const owner = await tab();
    const stranger = await tab();
    const image = png(4, 4);
    const begun = await owner.send('attachments.begin', { name: 'dot.png', size: image.length, data: image.subarray(0, UPLOAD_FIRST_PIECE_BYTES).toString('base64') });
    expect(begun.ok).toBe(true);
    const { id } = begun.data as { id: string };
    const opened = await stranger.send('sessions.open', {});
    const sessionId = (opened.data as { header: { id: string } }).header.id;
    expect(await stranger.send('attachments.finish', { sessionId, id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await stranger.send('chat.send', { sessionId, text: 'steal', attachments: [id] })).toMatchObject({ ok: false });
    await stranger.send('attachments.discard', { id });
    // Still the owner's, whole.
    await owner.send('sessions.open', { id: sessionId });
    expect(await owner.send('attachments.finish', { sessionId, id })).toMatchObject({ ok: true, data: { name: 'dot.png' } });
    owner.close();
    stranger.close();
  });

  it('a tab closed while its reply streams leaves the reply running to its end, saved in its session', async () => {
    const closing = await tab();
    const opened = await closing.send('sessions.new', {});
    const sessionId = (opened.data as { header: { id: string } }).header.id;
    // About a second and a half of deltas: the tab is long gone before the last.
    const reply = 'written after the tab has gone '.repeat(10);
    fake.enqueue({ kind: 'text', text: reply, chunkSize: 5, delayMs: 25 });
    expect(await closing.send('chat.send', { sessionId, text: 'Answer slowly' })).toMatchObject({ ok: true });
    closing.close();
    const name = readdirSync(join(app.dataDir, 'sessions')).find((f) => f.endsWith(`_${sessionId}.jsonl`))!;
    const saved = () => {
      const manager = SessionManager.open(join(app.dataDir, 'sessions', name), { readOnly: true });
      manager.close();
      return manager.buildSessionContext().messages.map((m) => m.content);
    };
    await expect.poll(saved, { timeout: 15_000 }).toEqual([[{ type: 'text', text: 'Answer slowly' }], [{ type: 'text', text: reply }]]);
    expect(fake.messageRequests()).toMatchObject([{ completed: true, aborted: false }]);
  });

  it('a session file being imported in one tab cannot be appended to or finished from another', async () => {
    const owner = await tab();
    const stranger = await tab();
    const text = `${JSON.stringify({ type: 'session', version: 1, id: 'imported', timestamp: '2025-01-01T00:00:00.000Z' })}\n${JSON.stringify({
      type: 'message',
      id: 'm1',
      parentId: null,
      timestamp: '2025-01-01T00:00:01.000Z',
      message: { role: 'user', content: [{ type: 'text', text: 'Mine' }] },
    })}\n`;
    const begun = await owner.send('sessions.importBegin', { fileName: 'mine.jsonl', size: text.length });
    const { uploadId } = begun.data as { uploadId: string };
    expect(await stranger.send('sessions.importAppend', { uploadId, text })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await stranger.send('sessions.importFinish', { uploadId })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await owner.send('sessions.importAppend', { uploadId, text })).toMatchObject({ ok: true });
    expect(await owner.send('sessions.importFinish', { uploadId })).toMatchObject({ ok: true });
    owner.close();
    stranger.close();
  });
});
