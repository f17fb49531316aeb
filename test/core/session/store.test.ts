// The sessions folder: deleting and renaming sessions that are not open, and what an id the store does
// not know gets. (Which session opens where the user left off: test/core/conversations/openLatest.test.ts.)
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionLockedError, SessionNotFoundError } from '../../../electron/core/session/errors';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import { lockPathFor } from '../../../electron/core/storage/lock';
import { parseEveryLine, user, useTempDir } from './helpers';

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
