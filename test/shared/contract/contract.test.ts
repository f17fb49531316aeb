// One contract suite, run over both transports: the in-memory Electron IPC pair (what the preload and
// the shell use) and the web-mode WebSocket (what the browser uses), each wired to a real core.
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppInfo, channels, ErrorCode, SessionView, type BatonEvent } from '../../../shared/contract';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { electronHarness, webHarness, type Harness } from './harness';

const fake = useFakeAnthropic();

describe.each([
  ['electron IPC', electronHarness],
  ['web WebSocket', webHarness],
] as const)('contract over %s', (_name, makeHarness) => {
  let h: Harness;
  beforeEach(async () => {
    h = await makeHarness(fake.url);
  });
  afterEach(() => h.close());

  it('answers app.info with data the contract accepts', async () => {
    const result = await h.api['app.info']({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(AppInfo.parse(result.data)).toMatchObject({ name: 'Baton', hasApiKey: true, apiKeySource: 'environment' });
    expect(JSON.stringify(result.data)).not.toContain('test-key');
  });

  it('round-trips settings and rejects an invalid value without storing it', async () => {
    const set = await h.api['settings.set']({ reviewFirst: true, contextThreshold: 0.5 });
    expect(set).toMatchObject({ ok: true, data: { reviewFirst: true, contextThreshold: 0.5 } });
    const bad = await h.api['settings.set']({ contextThreshold: 7 } as never);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await h.api['settings.get']({})).toMatchObject({ ok: true, data: { contextThreshold: 0.5 } });
  });

  it('refuses a payload with an unknown field before it reaches the handler', async () => {
    const before = await h.api['sessions.list']({});
    const result = await h.api['sessions.new']({ evil: true } as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await h.api['sessions.list']({})).toEqual(before);
  });

  it('creates a session whose file is on disk, and tells subscribers the sidebar changed', async () => {
    const events: BatonEvent[] = [];
    const off = h.api.subscribe((event) => events.push(event));
    const result = await h.api['sessions.new']({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const view = SessionView.parse(result.data);
    await expect.poll(() => events.some((e) => e.type === 'sessions_changed')).toBe(true);
    const listed = await h.api['sessions.list']({});
    expect(listed.ok && listed.data.map((s) => s.id)).toContain(view.header.id);
    off();
    const count = events.length;
    await h.api['sessions.new']({});
    await new Promise((r) => setTimeout(r, 50));
    expect(events.length).toBe(count);
    expect(existsSync(h.dataDir + '/sessions')).toBe(true);
  });

  it('streams a reply from the model as events', async () => {
    fake.enqueue({ kind: 'text', text: 'Hello from the model', chunkSize: 4 });
    const ended: string[] = [];
    const off = h.api.subscribe((e) => {
      if (e.type === 'message_end' && e.message.role === 'assistant') {
        ended.push(e.message.content.map((b) => (b.type === 'text' ? b.text : '')).join(''));
      }
    });
    const opened = await h.api['sessions.open']({});
    if (!opened.ok) throw new Error(opened.error.message);
    expect(await h.api['chat.send']({ sessionId: opened.data.header.id, text: 'Hi' })).toMatchObject({ ok: true, data: { queued: false } });
    await expect.poll(() => ended).toEqual(['Hello from the model']);
    off();
  });

  it('answers random payloads on every channel with a result, never a crash', async () => {
    fake.setDefault({ kind: 'text', text: 'fuzz' });
    const payload = fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom('id', 'sessionId', 'text', 'query', 'title', 'focus', 'url', 'model', 'apiKey', 'document', 'review'), fc.anything()),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...channels), payload, async (channel, input) => {
        const result = await (h.api[channel] as (i: unknown) => Promise<unknown>)(input);
        const r = result as { ok: boolean; error?: { code: string; message: string } };
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) {
          expect(ErrorCode.options).toContain(r.error!.code);
          expect(typeof r.error!.message).toBe('string');
        }
      }),
      { numRuns: 150 },
    );
    // Whatever the random calls started is stopped before the core goes.
    const running = await h.api['sessions.running']({});
    for (const sessionId of running.ok ? running.data : []) {
      await h.api['chat.stop']({ sessionId });
      await h.api['handoff.cancel']({ sessionId });
    }
  });
});

describe('sender checks', () => {
  it('refuses an IPC call from a frame that is not the app', async () => {
    const h = await electronHarness(fake.url, 'https://evil.example/');
    try {
      expect(await h.api['app.info']({})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    } finally {
      await h.close();
    }
  });
});
