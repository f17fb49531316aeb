// The core as the renderer meets it: calls through the real dispatcher, real files, a fake model server.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel } from '../../shared/contract';
import { wrapHandoffDocument } from '../../shared/sessionFormat';
import { texts } from '../../shared/texts';
import type { Core, CoreView } from '../../electron/core/BatonCore';
import { useFakeAnthropic } from '../fakeAnthropic';
import { SessionManager } from '../../electron/core/session/SessionManager';
import { VIEW_WINDOW } from '../../electron/core/session/branchWindow';
import { startCore } from '../support/testApp';

const fake = useFakeAnthropic();
let dataDir: string;
let core: Core;
/** The window the calls come from. */
let view: CoreView;
let events: BatonEvent[];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'baton-core-'));
  core = boot();
});
afterEach(async () => {
  await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

function boot(withKey = true): Core {
  const started = startCore({ modelUrl: fake.url, apiKey: withKey ? 'test-key' : undefined, dataDir });
  events = [];
  view = started.connect();
  view.subscribe((e) => events.push(e));
  return started;
}

/** The session the view shows. */
function shown(): string {
  if (view.sessionId === undefined) throw new Error('the view shows no session');
  return view.sessionId;
}

async function call<C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  return callIn(view, channel, input);
}

/** A call from the given window that must succeed; its data. */
async function callIn<C extends Channel>(from: CoreView, channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await from.dispatch(channel, input, true);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
  return result.data as CallOutput<C>;
}

/** Another window of the same core, and the events it gets. */
function secondView(): { other: CoreView; otherEvents: BatonEvent[] } {
  const other = core.connect();
  const otherEvents: BatonEvent[] = [];
  other.subscribe((e) => otherEvents.push(e));
  return { other, otherEvents };
}

const switchedTo = (seen: BatonEvent[]) => seen.flatMap((e) => (e.type === 'session_switched' ? [e.session.header.id] : []));

async function chat(text: string): Promise<void> {
  const ends = () => events.filter((e) => e.type === 'agent_end').length;
  const before = ends();
  const sessionId = view.sessionId ?? (await call('sessions.open', {})).header.id;
  await call('chat.send', { sessionId, text });
  await expect.poll(ends).toBe(before + 1);
}

/** A session of `count` messages of about 600 bytes each, written by the store itself. */
function writeBigSession(count: number): string {
  const manager = SessionManager.create(join(dataDir, 'sessions'));
  const padding = ' lorem ipsum'.repeat(48);
  for (let i = 0; i < count; i++) {
    manager.appendMessage({ role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `message ${i}${padding}` }] });
  }
  manager.close();
  return manager.getSessionId();
}

const sessionFiles = () => readdirSync(join(dataDir, 'sessions')).filter((f) => f.endsWith('.jsonl'));

describe('BatonCore', () => {
  it('reopens the session the user was in after a restart', async () => {
    await chat('remember me');
    const before = await call('sessions.open', {});
    await core.dispose();
    core = boot();
    const after = await call('sessions.open', {});
    expect(after.header.id).toBe(before.header.id);
    expect(after.entries.filter((e) => e.type === 'message')).toHaveLength(2);
  });

  it('hands off: the new session is linked to its parent and the next request carries only the document', async () => {
    await chat('We are building a bridge');
    await chat('Use steel, not wood');
    const parent = await call('sessions.open', {});
    // The document holds the last request, so the carry-over check (SPEC §4.3) appends nothing to it.
    const document = '## Goal\nBuild a steel bridge\n\n## Constraints & Preferences\nUse steel, not wood';
    fake.enqueue({ kind: 'text', text: document });
    const result = await call('handoff.start', { sessionId: parent.header.id, focus: 'materials' });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    // The view that showed the old session shows the new one.
    expect(view.sessionId).toBe(result.session.header.id);
    expect(events.filter((e) => e.type === 'session_switched').at(-1)).toMatchObject({ session: { header: { id: result.session.header.id } } });
    expect(result.session.header).toMatchObject({ parentSession: parent.header.id, origin: 'handoff' });
    expect(result.session.parentTitle).toBe('We are building a bridge');
    expect(result.missingSections.length).toBeGreaterThan(0);
    // The sidebar knows the new session at once, before anything is said in it.
    const listedNow = await call('sessions.list', {});
    expect(listedNow.find((s) => s.id === result.session.header.id)).toMatchObject({
      title: 'Build a steel bridge',
      parentSession: parent.header.id,
      origin: 'handoff',
    });
    const handoffRequest = fake.messageRequests().at(-1)!;
    expect(JSON.stringify(handoffRequest.body)).toContain('Additional focus: materials');

    await chat('What next?');
    const next = JSON.stringify(fake.messageRequests().at(-1)!.body);
    expect(next).toContain(JSON.stringify(wrapHandoffDocument(document)));
    // Of the old transcript only what the document says arrives: not its first message, nor a reply.
    expect(next).not.toContain('We are building a bridge');
    expect(next).not.toContain('OK: Use steel, not wood');
    const listed = await call('sessions.list', {});
    expect(listed.map((s) => s.id)).toEqual(expect.arrayContaining([parent.header.id, result.session.header.id]));
  });

  it('lets the user edit the document before starting the new session', async () => {
    await chat('one');
    await chat('two');
    fake.enqueue({ kind: 'text', text: 'draft document' });
    const sessionId = shown();
    const review = await call('handoff.start', { sessionId, review: true });
    expect(review).toMatchObject({ status: 'review', document: 'draft document' });
    const done = await call('handoff.commit', { sessionId, document: 'edited document' });
    expect(done.status).toBe('done');
    if (done.status !== 'done') return;
    const card = done.session.entries.find((e) => e.type === 'custom_message' && e.customType === 'handoff');
    expect(card && 'content' in card && card.content).toContain('edited document');
    expect(card && 'content' in card && card.content).not.toContain('draft document');
  });

  it('refuses a handoff with fewer than two messages, and writes nothing', async () => {
    const { header } = await call('sessions.open', {});
    const files = sessionFiles();
    expect(await call('handoff.start', { sessionId: header.id })).toEqual({ status: 'refused', message: texts.nothingToHandOff });
    expect(sessionFiles()).toEqual(files);
    expect(fake.messageRequests()).toHaveLength(0);
  });

  it('opens a session with a torn tail and a corrupt line, says how many records were lost, and continues it', async () => {
    await chat('first question');
    await chat('second question');
    const { header } = await call('sessions.open', {});
    await call('sessions.new', {});
    const file = join(dataDir, 'sessions', sessionFiles().find((f) => f.includes(header.id))!);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.splice(2, 0, '{"type":"message","id":"x", this is not json');
    writeFileSync(file, lines.join('\n'));
    appendFileSync(file, '{"type":"message","id":"torn","parentId":null,"timest');

    const view = await call('sessions.open', { id: header.id });
    expect(view.unreadableRecords).toBe(1);
    expect(view.entries.filter((e) => e.type === 'message')).toHaveLength(4);
    await chat('third question');
    // The corrupt line stays where it was (never silently rewritten); every other line parses.
    const onDisk = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(onDisk[2]).toContain('this is not json');
    const records = onDisk.filter((_, i) => i !== 2).map((l) => JSON.parse(l) as { type: string });
    expect(records.filter((l) => l.type === 'message')).toHaveLength(6);
  });

  it('ships a huge session tail first, then newest-first, and pages back through the rest', async () => {
    const id = writeBigSession(VIEW_WINDOW + 150);
    await core.dispose();
    core = boot();
    await call('sessions.new', {});
    events.length = 0;
    const opened = await call('sessions.open', { id });
    // The tail while the file is read; the call answers with the whole view.
    const switched = events.flatMap((e) => (e.type === 'session_switched' ? [e.session] : []));
    expect(switched).toHaveLength(1);
    const preview = switched[0]!;
    expect(preview.header.id).toBe(id);
    expect(preview.entries.length).toBeLessThanOrEqual(60);
    expect(preview.entries.at(-1)).toEqual(opened.entries.at(-1));

    expect(opened.entries).toHaveLength(VIEW_WINDOW);
    expect(opened.firstEntryIndex).toBe(150);
    expect(JSON.stringify(opened.entries.at(-1))).toContain(`message ${VIEW_WINDOW + 149}`);
    const older = await call('sessions.entries', { id, end: opened.firstEntryIndex, limit: 100 });
    expect(older.start).toBe(50);
    expect(JSON.stringify(older.entries[0])).toContain('message 50');
    expect(JSON.stringify(older.entries.at(-1))).toContain('message 149');
  });

  it('reads a huge session without holding the core: a session asked for meanwhile is answered first and stays shown', async () => {
    const big = writeBigSession(20_000); // some 12 MB: three chunks
    await core.dispose();
    core = boot();
    const order: string[] = [];
    const opening = view.dispatch('sessions.open', { id: big }, true).then((result) => {
      order.push('big');
      return result;
    });
    const fresh = await call('sessions.new', {});
    order.push('new');
    const opened = await opening;
    expect(order).toEqual(['new', 'big']);
    // The big one was read whole and answered, but the view shows what was asked for last.
    expect(opened).toMatchObject({ ok: true, data: { header: { id: big } } });
    expect(view.sessionId).toBe(fresh.header.id);
    // Asked for again, it is the session already open.
    expect((await call('sessions.open', { id: big })).entries.length).toBe(VIEW_WINDOW);
    expect(view.sessionId).toBe(big);
  });

  it('a call on a huge session still being read finishes the read at once, and the open answers with that session', async () => {
    const big = writeBigSession(20_000);
    await core.dispose();
    core = boot();
    const opening = call('sessions.open', { id: big });
    const page = await call('sessions.entries', { id: big, end: 100, limit: 10 });
    expect(page.entries).toHaveLength(10);
    expect(JSON.stringify(page.entries[0])).toContain('message 90');
    const opened = await opening;
    expect(opened.header.id).toBe(big);
    expect(view.sessionId).toBe(big);
    await chat('one more');
    expect(readFileSync(join(dataDir, 'sessions', sessionFiles().find((f) => f.includes(big))!), 'utf8')).toContain('one more');
  });

  it('two windows opening the same huge session at once are both answered with it, from one read', async () => {
    const big = writeBigSession(20_000);
    await core.dispose();
    core = boot();
    const { other, otherEvents } = secondView();
    const [here, there] = await Promise.all([call('sessions.open', { id: big }), callIn(other, 'sessions.open', { id: big })]);
    // Each is answered with the session's end, and both see the same.
    for (const opened of [here, there]) {
      expect(opened.header.id).toBe(big);
      expect(opened.entries).toHaveLength(VIEW_WINDOW);
      expect(JSON.stringify(opened.entries.at(-1))).toContain('message 19999');
    }
    expect(there).toEqual(here);
    expect(view.sessionId).toBe(big);
    expect(other.sessionId).toBe(big);
    // Each saw the tail once, and no error: a second read would find the file locked and open it read-only.
    for (const seen of [events, otherEvents]) {
      expect(switchedTo(seen)).toEqual([big]);
      expect(seen.filter((e) => e.type === 'error')).toEqual([]);
    }
    // One open session for both: what is said in one window shows in the other.
    await chat('one more');
    expect(otherEvents.some((e) => e.type === 'agent_end' && e.sessionId === big)).toBe(true);
    const seenThere = await callIn(other, 'sessions.open', { id: big });
    expect(JSON.stringify(seenThere.entries.slice(-2))).toContain('OK: one more');
    expect(seenThere.entries).toEqual((await call('sessions.open', { id: big })).entries);
  });

  it('a window that asks for a small session while its huge one is read stays on the small one; another window asking for the huge one gets it', async () => {
    const big = writeBigSession(20_000);
    const small = writeBigSession(4);
    await core.dispose();
    core = boot();
    const { other, otherEvents } = secondView();
    const order: string[] = [];
    const opening = call('sessions.open', { id: big }).then((opened) => {
      order.push('big here');
      return opened;
    });
    const openingThere = callIn(other, 'sessions.open', { id: big }).then((opened) => {
      order.push('big there');
      return opened;
    });
    const fresh = await callIn(other, 'sessions.open', { id: small });
    order.push('small there');
    const seenBefore = otherEvents.length;
    const [opened, late] = await Promise.all([opening, openingThere]);
    // The small one was answered while the huge one was still being read.
    expect(order[0]).toBe('small there');
    expect(fresh.header.id).toBe(small);
    expect(fresh.entries).toHaveLength(4);
    // Both asks for the big one are answered with it; only the window that still wants it shows it.
    for (const answer of [opened, late]) {
      expect(answer.header.id).toBe(big);
      expect(JSON.stringify(answer.entries.at(-1))).toContain('message 19999');
    }
    expect(late).toEqual(opened);
    expect(view.sessionId).toBe(big);
    expect(other.sessionId).toBe(small);
    // The late answer does not take the other window back: it is told of no switch after the small one.
    expect(switchedTo(otherEvents.slice(seenBefore))).toEqual([]);
    expect(switchedTo(events)).toEqual([big]);
    // What the other window says goes to the small one; the first window still shows the huge one.
    const ends = () => otherEvents.filter((e) => e.type === 'agent_end').length;
    await callIn(other, 'chat.send', { sessionId: small, text: 'still here' });
    await expect.poll(ends).toBe(1);
    expect(readFileSync(join(dataDir, 'sessions', sessionFiles().find((f) => f.includes(small))!), 'utf8')).toContain('still here');
    expect(view.sessionId).toBe(big);
  });

  it('when a big session cannot be opened, the UI is told it is still in the current one', async () => {
    const id = writeBigSession(2_500);
    await core.dispose();
    core = boot();
    const current = await call('sessions.new', {});
    const holder = SessionManager.open(join(dataDir, 'sessions', sessionFiles().find((f) => f.includes(id))!));
    try {
      events.length = 0;
      expect(await view.dispatch('sessions.open', { id }, true)).toMatchObject({ ok: false, error: { code: 'busy' } });
      const switched = events.flatMap((e) => (e.type === 'session_switched' ? [e.session.header.id] : []));
      expect(switched).toEqual([id, current.header.id]);
      expect(view.sessionId).toBe(current.header.id);
    } finally {
      holder.close();
    }
  });

  it('drops a session that was left without a single entry, and keeps every other', async () => {
    const empty = await call('sessions.open', {});
    await call('sessions.new', {});
    expect(sessionFiles().some((f) => f.includes(empty.header.id))).toBe(false);
    await chat('worth keeping');
    const kept = await call('sessions.open', {});
    await call('sessions.new', {});
    expect(sessionFiles().some((f) => f.includes(kept.header.id))).toBe(true);
    expect((await call('sessions.list', {})).map((s) => s.id)).toEqual([expect.any(String), kept.header.id]);
  });

  it('deletes the open session even when it is still empty', async () => {
    const empty = await call('sessions.open', {});
    await call('sessions.delete', { id: empty.header.id });
    // The view that showed it shows a fresh session.
    const switched = events.filter((e) => e.type === 'session_switched').at(-1);
    expect(switched?.type === 'session_switched' && switched.session.header.id).toBe(view.sessionId);
    const now = await call('sessions.open', {});
    expect(now.header.id).toBe(view.sessionId);
    expect(now.header.id).not.toBe(empty.header.id);
    expect(sessionFiles().some((f) => f.includes(empty.header.id))).toBe(false);
    expect((await call('sessions.list', {})).map((s) => s.id)).toEqual([now.header.id]);
  });

  it('checks a link before anything opens it; web mode hands a safe one back to the page', async () => {
    expect(await view.dispatch('shell.openExternal', { url: 'javascript:alert(1)' }, true)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await view.dispatch('shell.openExternal', { url: 'file:///etc/passwd' }, true)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call('shell.openExternal', { url: 'https://example.com/docs' })).toEqual({ opened: false });
  });

  it('Open logs folder in web mode answers where the logs are, since the server cannot open a folder on the page’s machine', async () => {
    expect(await call('app.openLogs', {})).toEqual({ opened: false, path: join(dataDir, 'logs') });
  });

  it('asks for a key instead of writing anything when none is configured', async () => {
    await core.dispose();
    core = boot(false);
    const { header } = await call('sessions.open', {});
    const before = readFileSync(join(dataDir, 'sessions', sessionFiles()[0]!), 'utf8');
    const result = await view.dispatch('chat.send', { sessionId: header.id, text: 'hello' }, true);
    expect(result).toMatchObject({ ok: false, error: { code: 'no_api_key' } });
    expect(readFileSync(join(dataDir, 'sessions', sessionFiles()[0]!), 'utf8')).toBe(before);
  });

  it('renames a session that is not open, and deletes the open one by moving to a fresh session', async () => {
    await chat('alpha');
    const first = await call('sessions.open', {});
    await call('sessions.new', {});
    await call('sessions.rename', { id: first.header.id, title: 'Renamed alpha' });
    expect((await call('sessions.list', { query: 'renamed' })).map((s) => s.title)).toEqual(['Renamed alpha']);

    await call('sessions.open', { id: first.header.id });
    await call('sessions.delete', { id: first.header.id });
    const now = await call('sessions.open', {});
    expect(now.header.id).not.toBe(first.header.id);
    expect(sessionFiles().some((f) => f.includes(first.header.id))).toBe(false);
    expect(existsSync(join(dataDir, 'sessions'))).toBe(true);
    expect(await view.dispatch('sessions.open', { id: first.header.id }, true)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('edits, regenerates and switches versions through the calls; the view is the branch shown', async () => {
    await chat('q1');
    await chat('q2');
    const opened = await call('sessions.open', {});
    const sessionId = opened.header.id;
    const idOf = (v: typeof opened, text: string) => {
      const found = v.entries.find((e) => e.type === 'message' && JSON.stringify(e.message.content).includes(`"${text}"`));
      if (!found) throw new Error(`no ${text}`);
      return found.id;
    };
    const q2 = idOf(opened, 'q2');
    const ends = () => events.filter((e) => e.type === 'agent_end').length;
    const before = ends();
    await call('chat.edit', { sessionId, entryId: q2, text: 'q2 edited' });
    await expect.poll(ends).toBe(before + 1);
    const edited = await call('sessions.open', {});
    const q2b = idOf(edited, 'q2 edited');
    expect(edited.entries.filter((e) => e.type === 'message')).toHaveLength(4);
    expect(edited.versions).toEqual({ [q2b]: [q2, q2b] });
    expect(events.some((e) => e.type === 'branch_changed')).toBe(true);

    await call('chat.regenerate', { sessionId, entryId: idOf(edited, 'OK: q2 edited') });
    await expect.poll(ends).toBe(before + 2);

    const shown = await call('sessions.switchBranch', { sessionId, entryId: q2 });
    expect(shown.entries.filter((e) => e.type === 'message').map((e) => e.type === 'message' && e.message.content[0])).toEqual([
      { type: 'text', text: 'q1' },
      { type: 'text', text: 'OK: q1' },
      { type: 'text', text: 'q2' },
      { type: 'text', text: 'OK: q2' },
    ]);
    expect(shown.versions[q2]).toEqual([q2, q2b]);
    // The branch shown is what the next start opens.
    await core.dispose();
    core = boot();
    expect((await call('sessions.open', {})).entries.map((e) => e.id)).toEqual(shown.entries.map((e) => e.id));
    // Older pages are pages of the branch shown.
    const page = await call('sessions.entries', { id: shown.header.id, end: 4, limit: 2 });
    expect(page.entries.map((e) => e.id)).toEqual(shown.entries.slice(2, 4).map((e) => e.id));
    expect(page.versions).toEqual({ [q2]: [q2, q2b] });
  });

  it('answers not_found for ids it does not know and busy while a reply streams', async () => {
    await chat('q1');
    const opened = await call('sessions.open', {});
    const sessionId = opened.header.id;
    const q1 = opened.entries.find((e) => e.type === 'message')!.id;
    const failed = async (channel: Channel, input: unknown) => {
      const result = await view.dispatch(channel, input, true);
      return result.ok ? 'ok' : result.error.code;
    };
    expect(await failed('chat.send', { sessionId: 'nope', text: 'x' })).toBe('not_found');
    expect(await failed('chat.edit', { sessionId, entryId: 'nope', text: 'x' })).toBe('not_found');
    expect(await failed('chat.regenerate', { sessionId, entryId: 'nope' })).toBe('not_found');
    expect(await failed('sessions.switchBranch', { sessionId, entryId: 'nope' })).toBe('not_found');
    expect(await failed('sessions.entries', { id: 'nope', end: 1, limit: 1 })).toBe('not_found');
    expect(await failed('chat.queue.remove', { sessionId, queue: 'steering', index: 0, text: 'never queued' })).toBe('not_found');
    expect(await failed('chat.edit', { sessionId, entryId: q1, text: '' })).toBe('invalid_input');
    expect(await failed('chat.queue.edit', { sessionId, queue: 'sideways', index: 0, text: 'a', newText: 'b' })).toBe('invalid_input');

    fake.enqueue({ kind: 'text', text: 'a slow answer', chunkSize: 1, delayMs: 40 });
    await call('chat.send', { sessionId, text: 'q2' });
    expect(await failed('chat.edit', { sessionId, entryId: q1, text: 'x' })).toBe('busy');
    expect(await failed('chat.regenerate', { sessionId, entryId: q1 })).toBe('busy');
    expect(await failed('sessions.switchBranch', { sessionId, entryId: q1 })).toBe('busy');
    expect(await call('chat.send', { sessionId, text: 'queued' })).toEqual({ queued: true });
    await call('chat.queue.edit', { sessionId, queue: 'steering', index: 0, text: 'queued', newText: 'queued, edited' });
    expect(events.filter((e) => e.type === 'queue_changed').at(-1)).toMatchObject({ steering: ['queued, edited'] });
    await call('chat.queue.remove', { sessionId, queue: 'steering', index: 0, text: 'queued, edited' });
    expect(events.filter((e) => e.type === 'queue_changed').at(-1)).toMatchObject({ steering: [] });
    await call('chat.stop', { sessionId });
  });
});
