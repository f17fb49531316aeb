// The history index: derived from the files, reconciled with them, never parsing a whole file, never
// broken by a file that is not a session.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFileName } from '../../../electron/core/session/fileName';
import { SessionIndex } from '../../../electron/core/session/SessionIndex';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { realFs } from '../../../electron/core/storage/fsSeam';
import { assistant, errnoError, seamWith, user, useTempDir } from './helpers';

const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');
const indexFile = () => join(dir(), 'session-index.json');

afterEach(() => {
  vi.restoreAllMocks();
});

function session(build: (m: SessionManager) => void, opts: Parameters<typeof SessionManager.create>[1] = {}): SessionManager {
  const manager = SessionManager.create(sessionsDir(), opts);
  build(manager);
  manager.close();
  return manager;
}

describe('rebuilding from the files', () => {
  it('lists every session with title, times, message count and lineage, newest first', async () => {
    const titled = session((m) => {
      m.appendMessage(user('how do I fsync a directory?'));
      m.appendMessage(assistant('open it and fsync the descriptor'));
      m.appendSessionInfo({ title: 'Directory fsync' });
    });
    await tick();
    const untitled = session((m) => {
      m.appendMessage({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] });
      m.appendMessage(user('  Explain   the difference between rename and link when replacing a file atomically  '));
    });
    await tick();
    const handedOff = session((m) => m.appendCustomMessageEntry('handoff', 'doc', true), {
      parentSession: titled.getSessionId(),
      origin: 'handoff',
    });

    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    expect(index.lastReconcile).toMatchObject({ added: 3, changed: 0, removed: 0 });
    const rows = index.list();
    expect(rows.map((r) => r.id)).toEqual([handedOff.getSessionId(), untitled.getSessionId(), titled.getSessionId()]);
    expect(rows[2]).toEqual({
      id: titled.getSessionId(),
      title: 'Directory fsync',
      createdAt: titled.getHeader().timestamp,
      updatedAt: titled.getEntries().at(-1)!.timestamp,
      messageCount: 2,
    });
    expect(rows[1]).toMatchObject({ title: 'Explain the difference between rename and link when…', messageCount: 2 });
    expect(rows[0]).toMatchObject({ title: '', messageCount: 0, parentSession: titled.getSessionId(), origin: 'handoff' });
    // Each row matches what a full open says.
    for (const m of [titled, untitled, handedOff]) {
      const { firstMessage: _, ...summary } = SessionManager.open(m.getSessionFile(), { readOnly: true }).getSummary();
      expect(index.get(m.getSessionId())).toEqual(summary);
    }
    expect(index.fileFor(titled.getSessionId())).toBe(titled.getSessionFile());
    expect(existsSync(indexFile())).toBe(true);
  });

  it('never JSON-parses a whole file: big messages in the middle are counted from their first bytes', () => {
    const big = session((m) => {
      m.appendMessage(user('short question'));
      for (let i = 0; i < 4; i++) m.appendMessage(assistant('w'.repeat(2_000_000)));
      m.appendMessage(user('another question'));
    });
    const parse = vi.spyOn(JSON, 'parse');
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const longest = Math.max(0, ...parse.mock.calls.map(([text]) => (typeof text === 'string' ? text.length : 0)));
    expect(longest).toBeLessThan(1000);
    expect(index.get(big.getSessionId())).toMatchObject({ messageCount: 6, title: 'short question' });
  });

  it('reads entries written with another key order, and counts only readable messages', () => {
    const file = join(sessionsDir(), sessionFileName('2024-05-01T00:00:00.000Z', 'foreign'));
    session(() => {}); // makes the folder
    writeFileSync(
      file,
      [
        '{"version":1,"type":"session","timestamp":"2024-05-01T00:00:00.000Z","id":"foreign"}',
        '{"message":{"content":[{"text":"written by hand","type":"text"}],"role":"user"},"timestamp":"2024-05-01T00:00:01.000Z","parentId":null,"id":"a","type":"message"}',
        '{"type":"session_info","id":"b","parentId":"a","timestamp":"2024-05-01T00:00:02.000Z","title":"Hand made"}',
        '',
      ].join('\n'),
    );
    const row = SessionIndex.load(sessionsDir(), { indexFile: indexFile() }).get('foreign');
    expect(row).toMatchObject({ title: 'Hand made', messageCount: 1, updatedAt: '2024-05-01T00:00:02.000Z' });
  });
});

describe('files that are not sessions', () => {
  it('are listed with a clear state and never break the list or search', () => {
    session((m) => m.appendMessage(user('a healthy session')));
    session(() => {}); // header only
    const put = (name: string, content: string | Buffer) => writeFileSync(join(sessionsDir(), name), content);
    put(sessionFileName('2024-01-01T00:00:00.000Z', 'empty'), '');
    put(sessionFileName('2024-01-01T00:00:00.000Z', 'binary'), Buffer.from([0xff, 0xfe, 0, 1, 10, 2, 3]));
    put(sessionFileName('2024-01-01T00:00:00.000Z', 'badheader'), '{"hello":"world"}\n{"type":"message"}\n');
    put(sessionFileName('2024-01-01T00:00:00.000Z', 'torn'), '{"type":"session","vers');
    put('notes.txt', 'not a session file name at all');

    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const rows = index.list();
    expect(rows).toHaveLength(6);
    const state = (id: string) => rows.find((r) => r.id === id)?.unreadable;
    expect(state('empty')).toBe('The file is empty');
    expect(state('binary')).toBe('The file is not JSON');
    expect(state('badheader')).toBe('The first line is not a session header');
    expect(state('torn')).toBe('The session header is incomplete');
    expect(rows.filter((r) => r.unreadable === undefined).map((r) => [r.title, r.messageCount])).toEqual(
      expect.arrayContaining([
        ['a healthy session', 1],
        ['', 0],
      ]),
    );
    expect(index.list('healthy')).toHaveLength(1);
    expect(index.list('binary')).toHaveLength(1); // an unreadable row is titled by its file name
  });
});

describe('reconciling at load', () => {
  it('picks up files added, changed and deleted behind the app’s back', () => {
    const kept = session((m) => m.appendMessage(user('kept')));
    const grown = session((m) => m.appendMessage(user('grows')));
    const deleted = session((m) => m.appendMessage(user('deleted')));
    SessionIndex.load(sessionsDir(), { indexFile: indexFile() });

    const added = session((m) => m.appendMessage(user('added later')));
    const more = SessionManager.open(grown.getSessionFile());
    more.appendMessage(assistant('reply'));
    more.appendMessage(user('follow-up'));
    more.close();
    rmSync(deleted.getSessionFile());

    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    expect(index.lastReconcile).toEqual({ added: 1, changed: 1, removed: 1, unchanged: 1 });
    expect(index.get(grown.getSessionId())?.messageCount).toBe(3);
    expect(index.get(added.getSessionId())?.title).toBe('added later');
    expect(index.get(deleted.getSessionId())).toBeUndefined();
    expect(index.get(kept.getSessionId())?.title).toBe('kept');
  });

  it('does not open a session file that has not changed', () => {
    for (let i = 0; i < 5; i++) session((m) => m.appendMessage(user(`s${i}`)));
    SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const opened: string[] = [];
    const fs = seamWith({
      openSync: (path, flags, mode) => {
        opened.push(basename(path));
        return realFs.openSync(path, flags, mode);
      },
    });
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile(), fs });
    expect(index.list()).toHaveLength(5);
    expect(opened).toEqual(['session-index.json']);
  });

  it('loadStored() lists from the index file alone and reconcile() catches up afterwards', () => {
    session((m) => m.appendMessage(user('one')));
    SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    session((m) => m.appendMessage(user('two')));
    const index = SessionIndex.loadStored(sessionsDir(), { indexFile: indexFile() });
    expect(index.list().map((r) => r.title)).toEqual(['one']);
    index.reconcile();
    expect(index.list().map((r) => r.title)).toEqual(['two', 'one']);
  });

  it('rebuilds when the index file is damaged or of another version', () => {
    session((m) => m.appendMessage(user('survives')));
    writeFileSync(indexFile(), '{"version":1,"records":[{"fi');
    expect(SessionIndex.load(sessionsDir(), { indexFile: indexFile() }).list().map((r) => r.title)).toEqual(['survives']);
    writeFileSync(indexFile(), JSON.stringify({ version: 99, records: [] }));
    expect(SessionIndex.loadStored(sessionsDir(), { indexFile: indexFile() }).list()).toHaveLength(1);
  });
});

describe('order', () => {
  it('is by last activity, so an old session written to today comes first', async () => {
    const old = session((m) => m.appendMessage(user('old')));
    await tick();
    session((m) => m.appendMessage(user('new')));
    await tick();
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    expect(index.list().map((r) => r.title)).toEqual(['new', 'old']);
    const reopened = SessionManager.open(old.getSessionFile());
    reopened.appendMessage(assistant('revived'));
    index.upsert(reopened);
    reopened.close();
    expect(index.list().map((r) => r.title)).toEqual(['old', 'new']);
  });
});

describe('search', () => {
  it('matches title and first user message, any case, every word', () => {
    session((m) => {
      m.appendMessage(user('Parsing JSONL quickly'));
      m.appendSessionInfo({ title: 'Loader speed' });
    });
    session((m) => m.appendMessage(user('Why does the Lock file stay behind?')));
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const titles = (q: string) => index.list(q).map((r) => r.title);
    expect(titles('loader')).toEqual(['Loader speed']);
    expect(titles('jsonl')).toEqual(['Loader speed']); // first message, not the title
    expect(titles('LOCK behind')).toEqual(['Why does the Lock file stay behind?']);
    expect(titles('lock jsonl')).toEqual([]);
    expect(titles('   ')).toHaveLength(2);
  });
});

describe('kept current by the app', () => {
  it('upsert() takes the open session’s summary, and the next load does not re-read that file', () => {
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const manager = SessionManager.create(sessionsDir());
    manager.appendMessage(user('live session'));
    index.upsert(manager);
    manager.appendMessage(assistant('answer'));
    manager.appendSessionInfo({ title: 'Live' });
    expect(index.upsert(manager)).toMatchObject({ title: 'Live', messageCount: 2 });
    index.save();
    manager.close();

    const again = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    expect(again.lastReconcile).toMatchObject({ unchanged: 1, changed: 0, added: 0 });
    expect(again.list('live')).toHaveLength(1);
  });

  it('update() patches a row, reading an unknown file first', () => {
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const m = session((x) => x.appendMessage(user('unknown to the index')));
    expect(index.update(m.getSessionId(), { title: 'Patched' })).toMatchObject({ title: 'Patched', messageCount: 1 });
    expect(index.update('no-such-id', { title: 'x' })).toBeUndefined();
  });

  it('drop() forgets a row and leaves the files alone: the index is a cache, not the store', () => {
    const m = session((x) => x.appendMessage(user('still on disk')));
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const before = readdirSync(sessionsDir());
    index.drop(m.getSessionId());
    expect(index.list()).toEqual([]);
    expect(readdirSync(sessionsDir())).toEqual(before);
  });

  it('stores non-ASCII titles escaped, and reads them back exactly', () => {
    const m = session((x) => x.appendSessionInfo({ title: 'Café ☕ — 漢字 😀' }));
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    index.save();
    expect(readFileSync(indexFile()).every((b) => b < 0x80)).toBe(true);
    expect(SessionIndex.loadStored(sessionsDir(), { indexFile: indexFile() }).get(m.getSessionId())?.title).toBe('Café ☕ — 漢字 😀');
  });

  it('save() goes through a temp file and rename; a failed save leaves the old index whole', () => {
    session((m) => m.appendMessage(user('first')));
    const index = SessionIndex.load(sessionsDir(), { indexFile: indexFile() });
    const before = readFileSync(indexFile());
    session((m) => m.appendMessage(user('second')));
    index.reconcile();
    const failing = SessionIndex.loadStored(sessionsDir(), {
      indexFile: indexFile(),
      fs: seamWith({ writeSync: () => { throw errnoError('ENOSPC'); } }),
    });
    failing.reconcile();
    expect(() => failing.save()).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(readFileSync(indexFile()).equals(before)).toBe(true);
    expect(readdirSync(dir()).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    index.save();
    expect(SessionIndex.loadStored(sessionsDir(), { indexFile: indexFile() }).list()).toHaveLength(2);
  });
});

/** Lets the clock move so creation times differ. */
function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 5));
}
