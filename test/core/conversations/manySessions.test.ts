// Many sessions at once (SPEC §1, §3 "Runs in the background", §4.2), through the real core, the real
// provider and the fake model server: replies stream in several sessions at the same time, each view sees
// its own session, opening, creating, searching, importing, a handoff in another session or a closed
// window leave a reply alone, and sessions nobody shows are released once they are done.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel } from '../../../shared/contract';
import type { CoreView } from '../../../electron/core/BatonCore';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { lockPathFor } from '../../../electron/core/storage/lock';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver;

beforeEach(() => {
  driver = startCoreDriver(fake);
});
afterEach(async () => {
  await driver.dispose();
});

/** Another window or tab on the same core, recording what it gets. */
function secondView(): { view: CoreView; events: BatonEvent[]; call: <C extends Channel>(c: C, i: CallInput<C>) => Promise<CallOutput<C>> } {
  const view = driver.core.connect();
  const events: BatonEvent[] = [];
  view.subscribe((event) => events.push(event));
  return {
    view,
    events,
    call: async (channel, input) => {
      const result = await view.dispatch(channel, input, true);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
      return result.data as never;
    },
  };
}

/** The path of a session's file. */
function fileOf(sessionId: string): string {
  const dir = join(driver.dataDir, 'sessions');
  const file = readdirSync(dir).find((name) => name.endsWith(`_${sessionId}.jsonl`));
  expect(file, `the file of ${sessionId}`).toBeDefined();
  return join(dir, file!);
}

/** The text of every message a session's file holds, in order ("user: …", "assistant: …"). */
function transcript(sessionId: string): string[] {
  return readFileSync(fileOf(sessionId), 'utf8')
    .split('\n')
    .filter(Boolean)
    .slice(1)
    .map((line) => JSON.parse(line) as { type: string; message?: { role: string; content: Array<{ type: string; text?: string }> } })
    .filter((entry) => entry.type === 'message')
    .map((entry) => `${entry.message!.role}: ${entry.message!.content.map((b) => b.text ?? `[${b.type}]`).join('')}`);
}

const ended = (events: BatonEvent[], sessionId: string) => events.filter((e) => e.type === 'agent_end' && e.sessionId === sessionId).length;

describe('replies in several sessions at once', () => {
  it('three sessions stream at the same time and each file gets exactly its own records', async () => {
    const statuses = secondView();
    const ids: string[] = [];
    for (const name of ['alpha', 'beta', 'gamma']) {
      ids.push((await driver.call('sessions.new', {})).header.id);
      // Slow enough that all three are still streaming when the last starts.
      fake.enqueue({ kind: 'text', text: `reply to ${name} `.repeat(12), chunkSize: 6, delayMs: 25 });
      expect(await driver.call('chat.send', { sessionId: ids.at(-1)!, text: `question ${name}` })).toEqual({ queued: false });
    }
    // While they stream, the sidebar is told all three are being written.
    const running = await driver.call('sessions.running', {});
    expect([...running].sort()).toEqual([...ids].sort());
    await expect.poll(() => statuses.events.filter((e) => e.type === 'session_status' && !e.running).length, { timeout: 15_000 }).toBe(3);
    for (const [i, name] of ['alpha', 'beta', 'gamma'].entries()) {
      expect(transcript(ids[i]!)).toEqual([`user: question ${name}`, `assistant: ${`reply to ${name} `.repeat(12)}`]);
    }
    expect(await driver.call('sessions.running', {})).toEqual([]);
  });

  it('opening and creating sessions while a reply streams never waits for it and never stops it', async () => {
    const first = (await driver.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'text', text: 'a long answer '.repeat(20), chunkSize: 5, delayMs: 20 });
    await driver.call('chat.send', { sessionId: first, text: 'long question' });
    const second = await driver.call('sessions.new', {});
    expect(second.header.id).not.toBe(first);
    expect(second.isStreaming).toBe(false);
    // The view moved on: the first session's stream no longer reaches it.
    const deltasBefore = driver.events.filter((e) => e.type === 'message_update' && e.sessionId === first).length;
    await driver.call('chat.send', { sessionId: second.header.id, text: 'meanwhile' });
    await expect.poll(() => ended(driver.events, second.header.id)).toBe(1);
    // Back on the first: it is still being written, or done, and then whole on disk.
    const back = await driver.call('sessions.open', { id: first });
    expect(back.header.id).toBe(first);
    await expect.poll(() => transcript(first).length, { timeout: 15_000 }).toBe(2);
    expect(transcript(first)[1]).toBe(`assistant: ${'a long answer '.repeat(20)}`);
    expect(driver.events.filter((e) => e.type === 'message_update' && e.sessionId === first).length).toBeGreaterThanOrEqual(deltasBefore);
  });

  it('searching and importing while a reply streams: both are answered meanwhile, and the reply goes on to its end', async () => {
    await driver.call('sessions.new', {});
    fake.enqueue({ kind: 'text', text: 'The zebra crossing is on Abbey Road.' });
    await driver.chat('Where is the crossing?');
    const done = driver.sessionId;
    const busy = (await driver.call('sessions.new', {})).header.id;
    // A few seconds of deltas: still streaming when the import is done, however busy the machine.
    const reply = 'a slow answer '.repeat(40);
    fake.enqueue({ kind: 'text', text: reply, chunkSize: 5, delayMs: 30 });
    await driver.call('chat.send', { sessionId: busy, text: 'take your time' });
    await expect.poll(() => driver.events.some((e) => e.type === 'message_update' && e.sessionId === busy)).toBe(true);

    const hits = await driver.call('sessions.list', { query: 'zebra' });
    expect(hits.map((hit) => hit.id)).toEqual([done]);
    expect(hits[0]?.match?.snippet?.text).toContain('The zebra crossing is on Abbey Road.');

    const exported = await driver.call('sessions.export', { id: done, format: 'json' });
    if (exported.status !== 'download') throw new Error(`expected a download, got ${exported.status}`);
    const { uploadId } = await driver.call('sessions.importBegin', { fileName: exported.fileName, size: exported.content.length });
    await driver.call('sessions.importAppend', { uploadId, text: exported.content });
    const imported = await driver.call('sessions.importFinish', { uploadId });
    expect(imported.session.header).toMatchObject({ origin: 'import' });
    expect(imported.messageCount).toBe(2);
    expect(driver.sessionId).toBe(imported.session.header.id);

    // Neither waited for the reply nor stopped it.
    expect(await driver.call('sessions.running', {})).toEqual([busy]);
    await expect.poll(() => transcript(busy), { timeout: 15_000 }).toEqual(['user: take your time', `assistant: ${reply}`]);
    expect(transcript(imported.session.header.id)).toEqual(['user: Where is the crossing?', 'assistant: The zebra crossing is on Abbey Road.']);
  });
});

describe('views', () => {
  it('two views on different sessions each get their own stream; opening a session in one never moves the other', async () => {
    const a = (await driver.call('sessions.new', {})).header.id;
    const other = secondView();
    const b = (await other.call('sessions.new', {})).header.id;
    expect(driver.sessionId).toBe(a); // B's new session did not move A
    fake.enqueue({ kind: 'text', text: 'for A', delayMs: 5 }, { kind: 'text', text: 'for B', delayMs: 5 });
    await driver.call('chat.send', { sessionId: a, text: 'hello from A' });
    await other.call('chat.send', { sessionId: b, text: 'hello from B' });
    await expect.poll(() => ended(driver.events, a) + ended(other.events, b)).toBe(2);
    const streamed = (events: BatonEvent[]) =>
      new Set(events.filter((e) => e.type === 'message_update' || e.type === 'message_end').map((e) => (e as { sessionId: string }).sessionId));
    expect(streamed(driver.events)).toEqual(new Set([a]));
    expect(streamed(other.events)).toEqual(new Set([b]));
    // Both views get every session's status, for the sidebar.
    for (const events of [driver.events, other.events]) {
      expect(new Set(events.filter((e) => e.type === 'session_status').map((e) => (e as { sessionId: string }).sessionId))).toEqual(new Set([a, b]));
    }
  });

  it('two views of one session both see it live; a second sender’s message queues', async () => {
    const id = (await driver.call('sessions.new', {})).header.id;
    const other = secondView();
    await other.call('sessions.open', { id });
    fake.enqueue({ kind: 'text', text: 'slow reply '.repeat(10), chunkSize: 4, delayMs: 20 }, { kind: 'text', text: 'answer to the steer' });
    await driver.call('chat.send', { sessionId: id, text: 'first' });
    expect(await other.call('chat.send', { sessionId: id, text: 'steer from the other view' })).toEqual({ queued: true });
    await expect.poll(() => ended(other.events, id), { timeout: 15_000 }).toBe(1);
    expect(other.events.some((e) => e.type === 'message_update' && e.sessionId === id)).toBe(true);
    expect(transcript(id)).toEqual(['user: first', `assistant: ${'slow reply '.repeat(10)}`, 'user: steer from the other view', 'assistant: answer to the steer']);
  });

  it('a window closed while its reply streams: the reply goes on to its end and is saved', async () => {
    const window = secondView();
    const id = (await window.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'text', text: 'still written '.repeat(15), chunkSize: 5, delayMs: 20 });
    await window.call('chat.send', { sessionId: id, text: 'answer after I close' });
    await expect.poll(() => window.events.some((e) => e.type === 'message_update' && e.sessionId === id)).toBe(true);
    window.view.close();
    expect(await driver.call('sessions.running', {})).toEqual([id]);
    await expect.poll(() => transcript(id), { timeout: 15_000 }).toEqual(['user: answer after I close', `assistant: ${'still written '.repeat(15)}`]);
    expect(fake.messageRequests()).toMatchObject([{ completed: true, aborted: false }]);
  });

  it('a view that opens a session mid-stream gets the reply so far, then the rest: the whole reply, once', async () => {
    const id = (await driver.call('sessions.new', {})).header.id;
    const reply = Array.from({ length: 40 }, (_, i) => `word${i} `).join('');
    fake.enqueue({ kind: 'text', text: reply, chunkSize: 3, delayMs: 15 });
    await driver.call('chat.send', { sessionId: id, text: 'stream to two views' });
    await expect.poll(() => driver.events.filter((e) => e.type === 'message_update').length).toBeGreaterThan(5);
    const late = secondView();
    const view = await late.call('sessions.open', { id });
    expect(view.isStreaming).toBe(true);
    expect(view.streamingText?.length).toBeGreaterThan(0);
    await expect.poll(() => ended(late.events, id), { timeout: 15_000 }).toBe(1);
    // Streamed text is what was sent so far, then each later delta once (the last ones may come only
    // with message_end, which carries the whole reply).
    const after = late.events.flatMap((e) => (e.type === 'message_update' ? [e.delta] : [])).join('');
    expect(reply.startsWith(view.streamingText! + after)).toBe(true);
    expect((view.streamingText! + after).length).toBeGreaterThan(reply.length / 2);
    const settled = late.events.find((e) => e.type === 'message_end' && e.message.role === 'assistant');
    expect(settled?.type === 'message_end' && settled.message.content).toEqual([{ type: 'text', text: reply }]);
  });
});

describe('handoff in its session', () => {
  it('a handoff in one session while another streams: the other reply goes on, untouched', async () => {
    const busy = (await driver.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'text', text: 'streaming on '.repeat(15), chunkSize: 5, delayMs: 25 });
    await driver.call('chat.send', { sessionId: busy, text: 'keep talking' });
    const handing = (await driver.call('sessions.new', {})).header.id;
    await driver.chat('some work');
    fake.enqueue({ kind: 'text', text: '## Goal\nFinish the work\n\n## Next Steps\n- more' });
    const result = await driver.call('handoff.start', { sessionId: handing });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    // The view that showed the handed-off session moved to the child.
    expect(driver.sessionId).toBe(result.session.header.id);
    expect(result.session.header.parentSession).toBe(handing);
    await expect.poll(() => transcript(busy).length, { timeout: 15_000 }).toBe(2);
    expect(transcript(busy)).toEqual(['user: keep talking', `assistant: ${'streaming on '.repeat(15)}`]);
  });

  it('a handoff goes on while its view shows another session; that view is not moved, the one on the parent is', async () => {
    const parent = (await driver.call('sessions.new', {})).header.id;
    await driver.chat('work to hand off');
    const watcher = secondView();
    await watcher.call('sessions.open', { id: parent });
    fake.enqueue({ kind: 'text', text: '## Goal\nShip it\n'.repeat(3), chunkSize: 4, delayMs: 20 });
    const pending = driver.call('handoff.start', { sessionId: parent });
    await expect.poll(() => watcher.events.some((e) => e.type === 'handoff_progress' && e.phase === 'generating' && e.text.length > 0)).toBe(true);
    // The user opens another session while the document is written.
    const elsewhere = (await driver.call('sessions.new', {})).header.id;
    const shownNow = await watcher.call('sessions.open', { id: parent });
    expect(shownNow.handoff).toMatchObject({ phase: 'generating' });
    const result = await pending;
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(driver.sessionId).toBe(elsewhere);
    expect(watcher.view.sessionId).toBe(result.session.header.id);
    expect(watcher.events.some((e) => e.type === 'session_switched' && e.session.header.id === result.session.header.id)).toBe(true);
    expect(watcher.events.some((e) => e.type === 'handoff_result' && e.sessionId === parent && e.result.status === 'done')).toBe(true);
  });

  it('a message sent to a session while its handoff is written is refused with a clear message, never silently dropped', async () => {
    const id = (await driver.call('sessions.new', {})).header.id;
    await driver.chat('something to hand off');
    fake.enqueue({ kind: 'stall', text: '## Goal\n' });
    const pending = driver.call('handoff.start', { sessionId: id });
    await expect.poll(() => driver.events.some((e) => e.type === 'handoff_progress' && e.phase === 'generating' && e.text)).toBe(true);
    const refused = await driver.view.dispatch('chat.send', { sessionId: id, text: 'do not lose me' }, true);
    expect(refused).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect(!refused.ok && refused.error.message).toMatch(/handoff document is being written/);
    await driver.call('handoff.cancel', { sessionId: id });
    expect((await pending).status).toBe('cancelled');
  });

  it('a message sent from another tab on the session while its handoff is written is refused there, not queued and lost in the switch', async () => {
    const id = (await driver.call('sessions.new', {})).header.id;
    await driver.chat('something to hand off');
    const otherTab = secondView();
    await otherTab.call('sessions.open', { id });
    fake.enqueue({ kind: 'text', text: '## Goal\nShip it\n'.repeat(10), chunkSize: 4, delayMs: 20 });
    const pending = driver.call('handoff.start', { sessionId: id });
    await expect.poll(() => otherTab.events.some((e) => e.type === 'handoff_progress' && e.phase === 'generating' && e.text.length > 0)).toBe(true);
    const refused = await otherTab.view.dispatch('chat.send', { sessionId: id, text: 'do not lose me' }, true);
    expect(refused).toMatchObject({ ok: false, error: { code: 'busy' } });
    expect(!refused.ok && refused.error.message).toMatch(/handoff document is being written/);
    const result = await pending;
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    // Both tabs moved to the new session; the refused text went into neither file.
    const child = result.session.header.id;
    expect(otherTab.view.sessionId).toBe(child);
    expect([...transcript(id), ...transcript(child)].some((line) => line.includes('do not lose me'))).toBe(false);
    // Told so, the other tab sends it again where it is now, and it is answered there.
    fake.enqueue({ kind: 'text', text: 'Kept' });
    await otherTab.call('chat.send', { sessionId: child, text: 'do not lose me' });
    await expect.poll(() => transcript(child), { timeout: 15_000 }).toEqual(['user: do not lose me', 'assistant: Kept']);
  });
});

describe('the registry', () => {
  it('a session nobody shows stays open while its reply runs and is released after; an empty one left behind is dropped', async () => {
    const first = (await driver.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'text', text: 'background '.repeat(10), chunkSize: 5, delayMs: 20 });
    await driver.call('chat.send', { sessionId: first, text: 'run in the background' });
    const empty = (await driver.call('sessions.new', {})).header.id;
    await driver.call('sessions.new', {}); // leaves `empty` with no entry and no view
    await expect.poll(() => transcript(first).length, { timeout: 15_000 }).toBe(2);
    const listed = await driver.call('sessions.list', {});
    expect(listed.map((s) => s.id)).toContain(first);
    expect(listed.map((s) => s.id)).not.toContain(empty);
    // Released: another writer (another Baton on the same folder) can take its file now.
    await expect.poll(() => existsSync(lockPathFor(fileOf(first)))).toBe(false);
    SessionManager.open(fileOf(first)).close();
    const reopened = await driver.call('sessions.open', { id: first });
    expect(reopened.entries.filter((e) => e.type === 'message')).toHaveLength(2);
  });

  it('deleting a session whose reply streams stops it; the view that showed it shows a new session', async () => {
    const id = (await driver.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'stall', text: 'never finished' });
    await driver.call('chat.send', { sessionId: id, text: 'doomed' });
    await expect.poll(() => driver.events.some((e) => e.type === 'message_update' && e.sessionId === id)).toBe(true);
    await driver.call('sessions.delete', { id });
    expect(driver.sessionId).not.toBe(id);
    expect(driver.events.some((e) => e.type === 'session_switched' && e.session.header.id === driver.sessionId)).toBe(true);
    expect((await driver.call('sessions.list', {})).map((s) => s.id)).not.toContain(id);
    await expect.poll(() => fake.requests.filter((r) => r.aborted).length).toBe(1);
  });
});
