// The sessions folder: deleting and renaming sessions that are not open, what an id the store does not
// know gets, and a data folder that a sync tool shares between machines. (Which session opens where the
// user left off: test/core/conversations/openLatest.test.ts.)
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionLockedError, SessionNotFoundError } from '../../../electron/core/session/errors';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import { lockPathFor } from '../../../electron/core/storage/lock';
import { texts } from '../../../shared/texts';
import { assistant, parseEveryLine, user, useTempDir } from './helpers';

const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');
const load = () => SessionStore.load(sessionsDir());
const sessionFiles = () => readdirSync(sessionsDir()).filter((name) => name.endsWith('.jsonl'));

/** A closed session holding one user message. */
function session(text: string): SessionManager {
  const manager = SessionManager.create(sessionsDir());
  manager.appendMessage(user(text));
  manager.close();
  return manager;
}

/** A lock file as a live process other than this one leaves it (our parent is alive). */
function lockByAnotherProcess(file: string): void {
  writeFileSync(lockPathFor(file), JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() }));
}

describe('delete()', () => {
  it('deletes the session file and its row', () => {
    const m = session('bye');
    const store = load();
    store.delete(m.getSessionId());
    expect(existsSync(m.getSessionFile())).toBe(false);
    expect(store.list()).toEqual([]);
    expect(() => store.delete(m.getSessionId())).toThrow(SessionNotFoundError);
    store.save();
    expect(load().list()).toEqual([]);
  });

  it('refuses a session another writer holds, and keeps it', () => {
    const manager = SessionManager.create(sessionsDir());
    const store = load();
    expect(() => store.delete(manager.getSessionId())).toThrow(SessionLockedError);
    expect(existsSync(manager.getSessionFile())).toBe(true);
    expect(store.list()).toHaveLength(1);
    manager.close();
  });

  it('refuses a session another process writes, and keeps it', () => {
    const m = session('in use elsewhere');
    lockByAnotherProcess(m.getSessionFile());
    const store = load();
    expect(() => store.delete(m.getSessionId())).toThrow(new RegExp(`by process ${process.ppid}`));
    expect(existsSync(m.getSessionFile())).toBe(true);
    expect(store.get(m.getSessionId())).toBeDefined();
  });
});

describe('rename()', () => {
  it('renames a session that is not open, reading only its tail', () => {
    const manager = SessionManager.create(sessionsDir());
    const last = manager.appendMessage(user('hello'));
    manager.close();
    const store = load();
    const entry = store.rename(manager.getSessionId(), 'Renamed');
    expect(entry.parentId).toBe(last.id);
    expect(store.get(manager.getSessionId())?.title).toBe('Renamed');
    const reopened = SessionManager.open(manager.getSessionFile());
    expect(reopened.getTitle()).toBe('Renamed');
    reopened.close();
    store.save();
    expect(load().get(manager.getSessionId())?.title).toBe('Renamed');
  });

  it('refuses a session open for writing, and leaves its file alone', () => {
    const manager = SessionManager.create(sessionsDir());
    manager.appendMessage(user('busy'));
    const store = load();
    expect(() => store.rename(manager.getSessionId(), 'Nope')).toThrow(SessionLockedError);
    expect(parseEveryLine(manager.getSessionFile())).toHaveLength(2);
    manager.close();
  });
});

describe('an id the store does not know', () => {
  it('is "not found" for every operation on it', () => {
    session('known');
    const store = load();
    const calls: (() => unknown)[] = [
      () => store.open('no-such-id'),
      () => store.delete('no-such-id'),
      () => store.rename('no-such-id', 'x'),
      () => store.tail('no-such-id'),
      () => store.fileFor('no-such-id'),
    ];
    for (const call of calls) {
      expect(call).toThrow(SessionNotFoundError);
      expect(call).toThrow(expect.objectContaining({ code: 'NOT_FOUND', message: 'That session no longer exists' }));
    }
    expect(store.get('no-such-id')).toBeUndefined();
    expect(sessionFiles()).toHaveLength(1);
  });
});

/** A lock as Baton leaves it on another machine that shares this data folder through a sync tool. */
function lockOnAnotherMachine(file: string, host: string): void {
  writeFileSync(lockPathFor(file), JSON.stringify({ pid: 4242, startedAt: new Date().toISOString(), host, boot: 'booted:1700000000' }));
}

describe('a session open on another machine (a synced data folder)', () => {
  it('open() refuses it naming that machine; openOrRead() shows it read-only with the reason', () => {
    const m = session('written on the laptop');
    lockOnAnotherMachine(m.getSessionFile(), 'work-laptop');
    const store = load();
    expect(() => store.open(m.getSessionId())).toThrow(texts.sessionOpenOn('work-laptop'));
    const reader = store.openOrRead(m.getSessionId());
    expect(reader.getEntries()).toHaveLength(1);
    expect(reader.readOnlyReason).toBe(texts.sessionReadOnlyElsewhere('work-laptop'));
    expect(() => reader.appendMessage(user('from here'))).toThrow(texts.sessionReadOnlyElsewhere('work-laptop'));
    expect(parseEveryLine(m.getSessionFile())).toHaveLength(2);
    expect(() => store.delete(m.getSessionId())).toThrow(texts.sessionOpenOn('work-laptop'));
    expect(() => store.rename(m.getSessionId(), 'x')).toThrow(texts.sessionOpenOn('work-laptop'));
    expect(existsSync(m.getSessionFile())).toBe(true);
  });
});

describe('conflict copies written by sync tools', () => {
  /** The names Dropbox, Syncthing, Nextcloud and OneDrive give the second of two versions of one file. */
  const copyNames = (original: string) => {
    const stem = original.slice(0, -'.jsonl'.length);
    return {
      [`${stem} (Studio Mac's conflicted copy 2026-01-01).jsonl`]: "Studio Mac's conflicted copy 2026-01-01",
      [`${stem}.sync-conflict-20260101-120000-ABCDEFG.jsonl`]: 'sync-conflict-20260101-120000-ABCDEFG',
      [`${stem} (conflicted copy 2026-01-01 120000).jsonl`]: 'conflicted copy 2026-01-01 120000',
      [`${stem}-DESKTOP-7Q2M1RS.jsonl`]: 'DESKTOP-7Q2M1RS',
    };
  };

  /** The original and a copy that went its own way on the other machine: same header, another message. */
  function originalAndCopies(): { original: SessionManager; copies: Record<string, string> } {
    const original = session('asked on both machines');
    const copies = copyNames(basename(original.getSessionFile()));
    for (const name of Object.keys(copies)) copyFileSync(original.getSessionFile(), join(sessionsDir(), name));
    const reopened = SessionManager.open(original.getSessionFile());
    reopened.appendMessage(assistant('answered here'));
    reopened.close();
    return { original, copies };
  }

  it('each copy is listed as a session of its own, marked with what the sync tool added to its name', () => {
    const { original, copies } = originalAndCopies();
    const rows = load().list();
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
    const originalRow = rows.find((r) => r.id === original.getSessionId());
    expect(originalRow).toMatchObject({ messageCount: 2 });
    expect(originalRow?.copy).toBeUndefined();
    const copyRows = rows.filter((r) => r !== originalRow);
    expect(new Set(copyRows.map((r) => r.copy))).toEqual(new Set(Object.values(copies)));
    for (const row of copyRows) {
      expect(row.id.startsWith(`${original.getSessionId()}~`)).toBe(true);
      expect(row).toMatchObject({ title: 'asked on both machines', messageCount: 1 });
    }
  });

  it('a copy opens as itself, takes writes in its own file, and its header is never rewritten', () => {
    const { original, copies } = originalAndCopies();
    const [copyName, mark] = Object.entries(copies)[0]!;
    const copyFile = join(sessionsDir(), copyName);
    const headerBefore = readFileSync(copyFile, 'utf8').split('\n')[0];
    const store = load();
    const row = store.list().find((r) => r.copy === mark)!;
    const copy = store.open(row.id);
    expect(copy.getSessionId()).toBe(row.id);
    expect(copy.getSessionFile()).toBe(copyFile);
    expect(copy.getEntries()).toHaveLength(1);
    copy.appendMessage(assistant('answered in the copy'));
    expect(store.sync(copy)).toMatchObject({ id: row.id, copy: mark, messageCount: 2 });
    copy.close();
    expect(readFileSync(copyFile, 'utf8').split('\n')[0]).toBe(headerBefore);
    expect(parseEveryLine(copyFile)).toHaveLength(3);
    expect(parseEveryLine(original.getSessionFile())).toHaveLength(3);
    // The original still opens as the original, with its own second message.
    const again = store.open(original.getSessionId());
    expect(again.getSessionFile()).toBe(original.getSessionFile());
    again.close();
    // After a restart the rows are the same.
    store.save();
    expect(load().list().find((r) => r.copy === mark)).toMatchObject({ id: row.id, messageCount: 2 });
  });

  it('a copy can be renamed and deleted without touching the original', () => {
    const { original, copies } = originalAndCopies();
    const store = load();
    const [first, second] = Object.values(copies).map((mark) => store.list().find((r) => r.copy === mark)!);
    store.rename(first!.id, 'The laptop’s version');
    expect(store.get(first!.id)?.title).toBe('The laptop’s version');
    expect(store.get(original.getSessionId())?.title).toBe('asked on both machines');
    store.delete(second!.id);
    expect(store.get(second!.id)).toBeUndefined();
    expect(existsSync(original.getSessionFile())).toBe(true);
    expect(store.get(original.getSessionId())).toMatchObject({ messageCount: 2 });
  });

  it('its tail preview names the copy, not the original', () => {
    const { copies } = originalAndCopies();
    const store = load();
    const row = store.list().find((r) => r.copy === Object.values(copies)[1])!;
    expect(store.tail(row.id).header.id).toBe(row.id);
  });
});
