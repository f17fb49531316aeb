// Search sessions through the real dispatcher: message text found as soon as the reply is saved, the
// index built in the background at startup (with progress events), saved at shutdown and used at the next
// start without reading the sessions again.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel } from '../../shared/contract';
import type { Core, CoreView } from '../../electron/core/BatonCore';
import { SessionManager } from '../../electron/core/session/SessionManager';
import { useFakeAnthropic } from '../fakeAnthropic';
import { startCore } from '../support/testApp';

const fake = useFakeAnthropic();
let dataDir: string;
let core: Core;
/** The window the calls come from. */
let view: CoreView;
let events: BatonEvent[];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'baton-search-'));
});
afterEach(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

function boot(): Core {
  core = startCore({ modelUrl: fake.url, apiKey: 'test-key', dataDir });
  events = [];
  view = core.connect();
  view.subscribe((e) => events.push(e));
  return core;
}

async function call<C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await view.dispatch(channel, input, true);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.data as CallOutput<C>;
}

/** Sessions written straight to disk (as by an earlier run), each with a word of its own in a reply. */
function writeSessions(count: number): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const manager = SessionManager.create(join(dataDir, 'sessions'));
    manager.appendMessage({ role: 'user', content: [{ type: 'text', text: `Question ${i}` }] });
    manager.appendMessage({ role: 'assistant', content: [{ type: 'text', text: `Answer with the word unique${i} in it.` }] });
    manager.close();
    ids.push(manager.getSessionId());
  }
  return ids;
}

describe('sessions.list with a query', () => {
  it('finds the open session by a reply as soon as it is saved, with the entry and a snippet', async () => {
    boot();
    fake.enqueue({ kind: 'text', text: 'The capital of Australia is Canberra, not Sydney.' });
    const { header } = await call('sessions.open', {});
    await call('chat.send', { sessionId: header.id, text: 'What is the capital of Australia?' });
    await expect.poll(() => events.some((e) => e.type === 'agent_end')).toBe(true);

    const opened = await call('sessions.open', { id: header.id });
    const reply = opened.entries.filter((e) => e.type === 'message').at(-1)!;
    const [hit, ...rest] = await call('sessions.list', { query: 'canberra' });
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ id: opened.header.id, match: { entryId: reply.id, snippet: { text: 'The capital of Australia is Canberra, not Sydney.' } } });
    expect(hit!.match!.snippet!.highlights).toEqual([[28, 36]]);
    // A title match (the first prompt is the title) opens as before, without a message match.
    const byTitle = await call('sessions.list', { query: 'capital australia' });
    expect(byTitle.map((s) => s.id)).toEqual([opened.header.id]);
    expect(byTitle[0]).not.toHaveProperty('match');
    // No query: the whole history.
    expect((await call('sessions.list', {})).map((s) => s.id)).toEqual([opened.header.id]);
  });

  it('builds the index of existing sessions in the background at startup, saying how far it got, and saves it at shutdown', async () => {
    const ids = writeSessions(30);
    boot();
    // The app answers at once (titles match before the messages are read) …
    expect((await call('sessions.list', { query: 'question' })).length).toBeGreaterThan(0);
    // … and the full-text index catches up, then says it is done.
    await expect.poll(() => events.some((e) => e.type === 'search_index' && e.indexed === e.total && e.total >= 30)).toBe(true);
    expect((await call('sessions.list', { query: 'unique7' })).map((s) => s.id)).toEqual([ids[7]]);

    await core.dispose();
    expect(existsSync(join(dataDir, 'search-index.bin'))).toBe(true);
    boot();
    // Nothing to build: the saved index answers straight away.
    expect((await call('sessions.list', { query: 'unique29' })).map((s) => s.id)).toEqual([ids[29]]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events.filter((e) => e.type === 'search_index')).toEqual([]);
  });

  it('refuses a query longer than the contract allows', async () => {
    boot();
    const result = await view.dispatch('sessions.list', { query: 'x'.repeat(501) }, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
