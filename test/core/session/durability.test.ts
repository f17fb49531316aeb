// Durability rules of SPEC §2, each by doing the damage for real: torn tails at every byte, flipped bytes,
// broken files, and writes that fail halfway through a record.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SessionEntry } from '../../../shared/session';
import { UnreadableSessionError } from '../../../electron/core/session/errors';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import { readTail } from '../../../electron/core/session/tailReader';
import { StorageError } from '../../../electron/core/storage/errors';
import { realFs } from '../../../electron/core/storage/fsSeam';
import { assistant, errnoError, parseEveryLine, seamWith, user, useTempDir } from './helpers';

const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');

/** A closed session with a few entries; returns its id, its file and what was appended. */
function writeSession(lastText = 'last'): { id: string; file: string; entries: SessionEntry[] } {
  const manager = SessionManager.create(sessionsDir());
  const entries: SessionEntry[] = [
    manager.appendMessage(user('first question')),
    manager.appendMessage(assistant('first answer')),
    manager.appendCustomMessageEntry('note', 'context', true),
    manager.appendModelChange('claude-next'),
    manager.appendMessage(user('second question')),
    manager.appendMessage(assistant(lastText)),
  ];
  manager.close();
  return { id: manager.getSessionId(), file: manager.getSessionFile(), entries };
}

describe('a torn last record', () => {
  it('cut at every byte offset: loads every earlier record, then appends cleanly', () => {
    // Multi-byte characters, so some cuts fall inside a UTF-8 sequence.
    const { file, entries } = writeSession(`${'é漢😀 '.repeat(40)}end`);
    const whole = readFileSync(file);
    const lastLength = Buffer.byteLength(`${JSON.stringify(entries.at(-1))}\n`);
    expect(lastLength).toBeGreaterThan(300);
    const before = whole.length - lastLength;
    const earlier = entries.slice(0, -1);

    for (let cut = 0; cut < lastLength; cut++) {
      writeFileSync(file, whole.subarray(0, before + cut));
      const manager = SessionManager.open(file);
      expect(manager.getEntries(), `cut at ${cut}`).toEqual(earlier);
      expect(manager.unreadableRecords).toBe(0);
      expect(manager.getLeafId()).toBe(earlier.at(-1)!.id);
      // Opening alone never modifies the file.
      expect(statSync(file).size).toBe(before + cut);

      const added = manager.appendMessage(user(`after cut ${cut}`));
      manager.close();
      const onDisk = readFileSync(file);
      expect(onDisk.subarray(0, before).equals(whole.subarray(0, before))).toBe(true);
      expect(parseEveryLine(file)).toHaveLength(1 + earlier.length + 1);
      const reopened = SessionManager.open(file, { readOnly: true });
      expect(reopened.getEntries()).toEqual([...earlier, added]);
      expect(reopened.unreadableRecords).toBe(0);
    }
  });

  it('renaming a closed session with a torn tail cuts the tail before appending', () => {
    const { id, file, entries } = writeSession();
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 20));
    const info = SessionStore.load(sessionsDir()).rename(id, 'Renamed');
    expect(info.parentId).toBe(entries.at(-2)!.id);
    expect(parseEveryLine(file)).toHaveLength(1 + entries.length);
    const reopened = SessionManager.open(file, { readOnly: true });
    expect(reopened.getTitle()).toBe('Renamed');
    expect(reopened.getEntries()).toEqual([...entries.slice(0, -1), info]);
  });

  it('a complete record missing only its newline is torn too: a record is a line ending in \\n', () => {
    const { file, entries } = writeSession();
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 1));
    const manager = SessionManager.open(file);
    expect(manager.getEntries()).toEqual(entries.slice(0, -1));
    manager.close();
  });
});

describe('a damaged line in the middle', () => {
  it('is skipped and counted; the rest loads, the branch bridges the gap, and the file is never rewritten', () => {
    const { file, entries } = writeSession();
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[3] = `x${lines[3]!.slice(1)}`; // entry 3 of 6 (line 0 is the header)
    writeFileSync(file, lines.join('\n'));
    const damaged = readFileSync(file);

    const manager = SessionManager.open(file);
    const expected = entries.filter((_, i) => i !== 2);
    expect(manager.unreadableRecords).toBe(1);
    expect(manager.getEntries()).toEqual(expected);
    // The entry after the gap names the lost one as parent; it hangs off the entry before the gap.
    expect(manager.getBranch()).toEqual(expected);
    expect(manager.buildSessionContext().messages).toHaveLength(4);
    expect(readFileSync(file).equals(damaged)).toBe(true);

    manager.appendMessage(user('after the damage'));
    manager.close();
    const after = readFileSync(file);
    expect(after.subarray(0, damaged.length).equals(damaged)).toBe(true);
    const reopened = SessionManager.open(file, { readOnly: true });
    expect(reopened.unreadableRecords).toBe(1);
    expect(reopened.getEntries()).toHaveLength(6);
  });

  it('any flipped byte in an interior line: open never throws and loads exactly the lines that still parse', () => {
    const { file } = writeSession();
    const original = readFileSync(file);
    const lineStarts = [0];
    for (let i = 0; i < original.length - 1; i++) if (original[i] === 10) lineStarts.push(i + 1);
    // Interior entry lines: not the header (0), not the last one.
    const firstInterior = lineStarts[1]!;
    const lastStart = lineStarts.at(-1)!;

    fc.assert(
      fc.property(fc.integer({ min: firstInterior, max: lastStart - 1 }), fc.integer({ min: 0, max: 255 }), (offset, value) => {
        fc.pre(original[offset] !== value);
        const damaged = Buffer.from(original);
        damaged[offset] = value;
        writeFileSync(file, damaged);
        const manager = SessionManager.open(file, { readOnly: true });
        const oracle = independentLoad(damaged);
        expect(manager.getEntries()).toEqual(oracle.entries);
        expect(manager.unreadableRecords).toBe(oracle.unreadable);
        // Every entry is still on the branch: nothing above a damaged line is lost.
        expect(manager.getBranch()).toHaveLength(oracle.entries.length);
      }),
      { numRuns: 300 },
    );
  });
});

/** What a reader must find, computed the slow, obvious way: split on \n, JSON.parse, zod. */
function independentLoad(bytes: Buffer): { entries: unknown[]; unreadable: number } {
  const complete = bytes.subarray(0, bytes.lastIndexOf(10) + 1).toString('utf8');
  const lines = complete.split('\n').slice(1, -1);
  const entries: unknown[] = [];
  let unreadable = 0;
  for (const line of lines) {
    if (line === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (SessionEntry.safeParse(value).success) entries.push(value);
      else unreadable++;
    } catch {
      unreadable++;
    }
  }
  return { entries, unreadable };
}

describe('files that are not sessions', () => {
  const cases: [string, string | Buffer, string][] = [
    ['an empty file', '', 'The file is empty'],
    ['a file that is not JSON at all', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 10]), 'The file is not JSON'],
    ['a file with a bad header', '{"type":"message","id":"a","parentId":null,"timestamp":"t"}\n', 'The first line is not a session header'],
    ['a file whose header line is incomplete', '{"type":"session","version":1,"id":"x","times', 'The session header is incomplete'],
  ];
  for (const [what, content, reason] of cases) {
    it(`${what}: open fails with a clear UnreadableSessionError and leaves the file alone`, () => {
      const file = join(dir(), 'broken.jsonl');
      writeFileSync(file, content);
      let error: unknown;
      try {
        SessionManager.open(file);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(UnreadableSessionError);
      expect((error as UnreadableSessionError).reason).toBe(reason);
      expect((error as UnreadableSessionError).code).toBe('UNREADABLE');
      expect(() => readTail(realFs, file, 50)).toThrow(UnreadableSessionError);
      expect(readFileSync(file)).toEqual(Buffer.from(content));
      // The failed open released its lock.
      expect(readdirSync(dir()).filter((n) => n.endsWith('.lock'))).toEqual([]);
    });
  }

  it('a header-only file opens as an empty session and takes appends', () => {
    const file = join(dir(), 'header-only.jsonl');
    writeFileSync(file, '{"type":"session","version":1,"id":"h","timestamp":"2024-01-01T00:00:00.000Z"}\n');
    const manager = SessionManager.open(file);
    expect(manager.getEntries()).toEqual([]);
    expect(manager.getLeafId()).toBeNull();
    expect(manager.unreadableRecords).toBe(0);
    expect(manager.appendMessage(user('first')).parentId).toBeNull();
    manager.close();
    expect(parseEveryLine(file)).toHaveLength(2);
  });
});

describe('a write that fails', () => {
  /** Writes half of what it is asked, then fails with `code`, like a disk filling up mid-record. */
  function diskFullAfterHalf(code = 'ENOSPC') {
    let armed = false;
    let wroteHalf = false;
    const fs = seamWith({
      writeSync: (fd, buffer, offset, length, position) => {
        if (!armed) return realFs.writeSync(fd, buffer, offset, length, position);
        if (!wroteHalf) {
          wroteHalf = true;
          return realFs.writeSync(fd, buffer, offset, Math.floor(length / 2), position);
        }
        throw errnoError(code);
      },
    });
    return {
      fs,
      arm: () => {
        armed = true;
        wroteHalf = false;
      },
      disarm: () => {
        armed = false;
      },
    };
  }

  it('ENOSPC in the middle of a record: the caller gets the error, the file ends in a complete record, memory is unchanged', () => {
    const disk = diskFullAfterHalf();
    const manager = SessionManager.create(sessionsDir(), { fs: disk.fs });
    const kept = manager.appendMessage(user('kept'));
    const before = readFileSync(manager.getSessionFile());

    disk.arm();
    let error: unknown;
    try {
      manager.appendMessage(assistant('x'.repeat(10_000)));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StorageError);
    expect((error as StorageError).code).toBe('ENOSPC');
    expect((error as Error).message).toContain(manager.getSessionFile());
    expect(readFileSync(manager.getSessionFile()).equals(before)).toBe(true);
    expect(manager.getEntries()).toEqual([kept]);
    expect(manager.getLeafId()).toBe(kept.id);
    expect(manager.getSummary().messageCount).toBe(1);

    disk.disarm();
    const next = manager.appendMessage(assistant('after the disk has room'));
    expect(next.parentId).toBe(kept.id);
    manager.close();
    expect(parseEveryLine(manager.getSessionFile())).toHaveLength(3);
  });

  it('when even the cut-back fails, the next append cuts first, and writes nothing if it cannot', () => {
    const disk = diskFullAfterHalf();
    let truncateFails = false;
    const fs = {
      ...disk.fs,
      ftruncateSync: (fd: number, length: number) => {
        if (truncateFails) throw errnoError('EIO');
        realFs.ftruncateSync(fd, length);
      },
    };
    const manager = SessionManager.create(sessionsDir(), { fs });
    manager.appendMessage(user('kept'));
    const good = readFileSync(manager.getSessionFile());

    disk.arm();
    truncateFails = true;
    expect(() => manager.appendMessage(assistant('y'.repeat(10_000)))).toThrow(StorageError);
    expect(statSync(manager.getSessionFile()).size).toBeGreaterThan(good.length); // half a record is on disk

    disk.disarm();
    expect(() => manager.appendMessage(user('refused'))).toThrow(expect.objectContaining({ code: 'EIO' }));
    expect(readFileSync(manager.getSessionFile()).subarray(0, good.length).equals(good)).toBe(true);
    expect(manager.getEntries()).toHaveLength(1);

    truncateFails = false;
    manager.appendMessage(user('now it fits'));
    manager.close();
    expect(parseEveryLine(manager.getSessionFile())).toHaveLength(3);
  });

  it('EIO from fsync: not acknowledged, and the record is taken back', () => {
    let failSync = false;
    const fs = seamWith({
      fsyncSync: (fd) => {
        if (failSync) throw errnoError('EIO');
        realFs.fsyncSync(fd);
      },
    });
    const manager = SessionManager.create(sessionsDir(), { fs });
    const before = readFileSync(manager.getSessionFile());
    failSync = true;
    expect(() => manager.appendMessage(user('unsynced'))).toThrow(expect.objectContaining({ code: 'EIO' }));
    expect(() => manager.flush()).toThrow(expect.objectContaining({ code: 'EIO' }));
    expect(readFileSync(manager.getSessionFile()).equals(before)).toBe(true);
    expect(manager.getEntries()).toEqual([]);
    failSync = false;
    manager.close();
  });

  it('ENOSPC while creating a session: no half-made file and no lock are left behind', () => {
    const fs = seamWith({ writeSync: () => { throw errnoError('ENOSPC'); } });
    expect(() => SessionManager.create(sessionsDir(), { fs })).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(readdirSync(sessionsDir())).toEqual([]);
  });

  it('newSession() that cannot create its file leaves the manager on the old session', () => {
    let full = false;
    const fs = seamWith({
      writeSync: (fd, buffer, offset, length, position) => {
        if (full) throw errnoError('ENOSPC');
        return realFs.writeSync(fd, buffer, offset, length, position);
      },
    });
    const manager = SessionManager.create(sessionsDir(), { fs });
    const oldFile = manager.getSessionFile();
    manager.appendMessage(user('still here'));
    full = true;
    expect(() => manager.newSession()).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    full = false;
    expect(manager.getSessionFile()).toBe(oldFile);
    manager.appendMessage(assistant('and writable'));
    manager.close();
    expect(parseEveryLine(oldFile)).toHaveLength(3);
    expect(readdirSync(sessionsDir())).toHaveLength(1);
  });
});

describe('fsync', () => {
  it('is skipped by close() when nothing was written since the last one', () => {
    const { file } = writeSession();
    const fs = seamWith({});
    SessionManager.open(file, { fs }).close();
    expect(fs.calls.fsyncSync ?? 0).toBe(0);
  });

  it('happens once per saved record, and not again when the session closes', () => {
    const fs = seamWith({});
    const manager = SessionManager.create(sessionsDir(), { fs });
    const afterCreate = fs.calls.fsyncSync ?? 0;
    manager.appendMessage(user('one'));
    manager.appendMessage(assistant('two'));
    expect(fs.calls.fsyncSync).toBe(afterCreate + 2);
    manager.close();
    expect(fs.calls.fsyncSync).toBe(afterCreate + 2);
    expect(parseEveryLine(manager.getSessionFile())).toHaveLength(3);
  });
});
