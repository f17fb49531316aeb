// Format and API (SPEC §2): what lands on disk, and what a caller sees after reopening it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionEntry, SessionHeader } from '../../../shared/session';
import { sessionFileName, sessionIdFromFileName } from '../../../electron/core/session/fileName';
import { parseSessionBytes } from '../../../electron/core/session/parseSession';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { assistant, parseEveryLine, seamWith, user, useTempDir } from './helpers';

const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');

describe('a new session', () => {
  it('is on disk with its header, fsynced, the moment create() returns', () => {
    const fs = seamWith({});
    const manager = SessionManager.create(sessionsDir(), { fs });
    const file = manager.getSessionFile();
    expect(existsSync(file)).toBe(true);
    const lines = parseEveryLine(file);
    expect(lines).toHaveLength(1);
    const header = SessionHeader.parse(lines[0]);
    expect(header).toMatchObject({ type: 'session', version: 1, id: manager.getSessionId() });
    expect(fs.calls.fsyncSync).toBeGreaterThanOrEqual(1);
    expect(manager.getLeafId()).toBeNull();
    manager.close();
  });

  it('is named <ISO timestamp with : and . replaced by ->_<sessionId>.jsonl', () => {
    const manager = SessionManager.create(sessionsDir());
    const { timestamp, id } = manager.getHeader();
    expect(basename(manager.getSessionFile())).toBe(`${timestamp.replace(/[:.]/g, '-')}_${id}.jsonl`);
    expect(basename(manager.getSessionFile())).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z_[0-9a-f-]{36}\.jsonl$/);
    expect(sessionIdFromFileName(basename(manager.getSessionFile()))).toBe(id);
    manager.close();
  });

  it('records lineage in the header of a handed-off session', () => {
    const manager = SessionManager.create(sessionsDir(), { parentSession: 'parent-id', origin: 'handoff' });
    expect(SessionHeader.parse(parseEveryLine(manager.getSessionFile())[0])).toMatchObject({
      parentSession: 'parent-id',
      origin: 'handoff',
    });
    manager.close();
  });
});

describe('entries', () => {
  it('are complete JSON lines with type, id, parentId and timestamp, chained from the leaf', () => {
    const manager = SessionManager.create(sessionsDir());
    const a = manager.appendMessage(user('hello'));
    const b = manager.appendMessage(assistant('hi'));
    const c = manager.appendCustomMessageEntry('note', 'remember this', false, { source: 'test' });
    const d = manager.appendModelChange('claude-other');
    const e = manager.appendSessionInfo({ title: 'Greetings' });
    manager.close();

    const lines = parseEveryLine(manager.getSessionFile()).slice(1);
    const entries = lines.map((line) => SessionEntry.parse(line));
    expect(entries.map((x) => x.type)).toEqual(['message', 'message', 'custom_message', 'model_change', 'session_info']);
    expect(entries.map((x) => x.parentId)).toEqual([null, a.id, b.id, c.id, d.id]);
    expect(entries.map((x) => x.id)).toEqual([a.id, b.id, c.id, d.id, e.id]);
    expect(new Set(entries.map((x) => x.id)).size).toBe(5);
    for (const entry of entries) expect(Number.isNaN(Date.parse(entry.timestamp))).toBe(false);
    expect(entries[2]).toMatchObject({ customType: 'note', content: 'remember this', display: false, details: { source: 'test' } });
    expect(entries[3]).toMatchObject({ model: 'claude-other' });
    expect(entries[4]).toMatchObject({ title: 'Greetings' });
    // Writers put `type` first: the index counts messages from a line's first bytes.
    for (const line of readFileSync(manager.getSessionFile(), 'utf8').split('\n').filter(Boolean)) {
      expect(line.startsWith('{"type":"')).toBe(true);
    }
  });

  it('reopen to exactly what was appended, with the last entry as leaf', () => {
    const manager = SessionManager.create(sessionsDir());
    const appended = [manager.appendMessage(user('one')), manager.appendMessage(assistant('two')), manager.appendModelChange('m2')];
    manager.close();
    const reopened = SessionManager.open(manager.getSessionFile());
    expect(reopened.getEntries()).toEqual(appended);
    expect(reopened.getLeafId()).toBe(appended[2]!.id);
    expect(reopened.getHeader()).toEqual(manager.getHeader());
    expect(reopened.unreadableRecords).toBe(0);
    // New entries attach to the leaf found on load.
    expect(reopened.appendMessage(user('three')).parentId).toBe(appended[2]!.id);
    reopened.close();
  });

  it('are returned as stored, not as the caller’s objects', () => {
    const manager = SessionManager.create(sessionsDir());
    const message = { ...user('original'), model: undefined };
    const entry = manager.appendMessage(message);
    message.content[0] = { type: 'text', text: 'changed later' };
    expect(manager.getEntries()[0]).toEqual(entry);
    expect(entry.message).toEqual(user('original'));
    manager.close();
  });

  it('are fsynced once per append (a turn boundary), and flush() fsyncs too', () => {
    const fs = seamWith({});
    const manager = SessionManager.create(sessionsDir(), { fs });
    const before = fs.calls.fsyncSync ?? 0;
    manager.appendMessage(user('a'));
    manager.appendMessage(assistant('b'));
    expect(fs.calls.fsyncSync).toBe(before + 2);
    manager.flush();
    expect(fs.calls.fsyncSync).toBe(before + 3);
    manager.close();
  });
});

describe('branch and context', () => {
  it('getBranch() is the root→leaf path; buildSessionContext() passes messages and turns custom messages into user context', () => {
    const manager = SessionManager.create(sessionsDir(), { origin: 'handoff', parentSession: 'p' });
    manager.appendCustomMessageEntry('handoff', '<handoff-context>\ndoc\n</handoff-context>', true);
    manager.appendModelChange('claude-x');
    manager.appendMessage(user('continue'));
    manager.appendSessionInfo({ title: 'Continued' });
    manager.appendMessage(assistant('ok'));

    expect(manager.getBranch().map((e) => e.type)).toEqual(['custom_message', 'model_change', 'message', 'session_info', 'message']);
    expect(manager.buildSessionContext().messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: '<handoff-context>\ndoc\n</handoff-context>' }] },
      user('continue'),
      assistant('ok'),
    ]);
    manager.close();
  });

  it('follows parentId, so an entry off the leaf’s path is not part of the branch', () => {
    const dirPath = sessionsDir();
    const manager = SessionManager.create(dirPath);
    const root = manager.appendMessage(user('root'));
    const offPath = manager.appendMessage(assistant('abandoned'));
    manager.close();
    // A branch written by another tool: the last entry answers the root, not the abandoned reply.
    const file = manager.getSessionFile();
    const fork = { type: 'message', id: 'fork', parentId: root.id, timestamp: new Date().toISOString(), message: assistant('kept') };
    const text = `${readFileSync(file, 'utf8')}${JSON.stringify(fork)}\n`;
    const parsed = parseSessionBytes(Buffer.from(text), file);
    expect(parsed.entries.map((e) => e.id)).toEqual([root.id, offPath.id, 'fork']);

    writeFileSync(file, text);
    const reopened = SessionManager.open(file);
    expect(reopened.getBranch().map((e) => e.id)).toEqual([root.id, 'fork']);
    expect(reopened.getBranch(offPath.id).map((e) => e.id)).toEqual([root.id, offPath.id]);
    expect(reopened.buildSessionContext().messages).toEqual([user('root'), assistant('kept')]);
    reopened.close();
  });
});

describe('newSession()', () => {
  it('switches to a fresh file with a header and no entries, and releases the old one', () => {
    const manager = SessionManager.create(sessionsDir());
    const oldFile = manager.getSessionFile();
    const oldId = manager.getSessionId();
    manager.appendMessage(user('old'));
    const header = manager.newSession({ parentSession: oldId, origin: 'handoff' });

    expect(manager.getSessionFile()).not.toBe(oldFile);
    expect(header).toMatchObject({ parentSession: oldId, origin: 'handoff' });
    expect(manager.getEntries()).toEqual([]);
    expect(manager.getLeafId()).toBeNull();
    expect(manager.buildSessionContext().messages).toEqual([]);
    expect(parseEveryLine(manager.getSessionFile())).toHaveLength(1);
    // The old file is released: another writer may take it now.
    const old = SessionManager.open(oldFile);
    expect(old.getEntries()).toHaveLength(1);
    old.close();
    manager.close();
    expect(readdirSync(sessionsDir()).filter((n) => n.endsWith('.lock'))).toEqual([]);
  });
});

describe('titles', () => {
  it('come from the last session_info, else the header, else the first user message shortened', () => {
    const manager = SessionManager.create(sessionsDir());
    // Untitled: each view names it in its own language.
    expect(manager.getTitle()).toBe('');
    manager.appendMessage({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'not typed' }] });
    manager.appendMessage(user('  Please   refactor the session store so that every record is durable and readable after a crash  '));
    expect(manager.getTitle()).toBe('Please refactor the session store so that every record is…');
    manager.appendSessionInfo({ title: 'First' });
    manager.appendSessionInfo({ title: 'Second' });
    expect(manager.getTitle()).toBe('Second');
    manager.close();
    const reopened = SessionManager.open(manager.getSessionFile());
    expect(reopened.getTitle()).toBe('Second');
    expect(reopened.getSummary()).toMatchObject({ title: 'Second', messageCount: 2 });
    reopened.close();
  });

  it('uses a title given at creation', () => {
    const manager = SessionManager.create(sessionsDir(), { title: 'Given' });
    expect(SessionHeader.parse(parseEveryLine(manager.getSessionFile())[0]).title).toBe('Given');
    expect(manager.getTitle()).toBe('Given');
    manager.close();
  });
});

describe('what a reopen knows of the session', () => {
  /** Everything a manager tells of the session as a whole, but the time of its last entry. */
  const facts = (m: SessionManager) => ({
    summary: { ...m.getSummary(), updatedAt: undefined },
    pinned: [...m.getPinned()],
    userTitled: m.hasUserTitle(),
    autoTitled: m.hasAutoTitle(),
    instructions: m.getInstructions(),
  });

  it('is what the writer knew: count, first message, titles, instructions and pins, in a small file and in one the decode thread reads', () => {
    const manager = SessionManager.create(sessionsDir());
    manager.appendMessage({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'not typed' }] });
    const first = manager.appendMessage(user('สวัสดี, the first thing typed'));
    manager.appendMessage(assistant('A reply.'));
    const second = manager.appendMessage(user('Second question'));
    manager.appendSessionInfo({ title: 'Named by Claude', autoTitle: true });
    manager.appendSessionInfo({ title: 'Named by the user' });
    manager.appendSessionInfo({ instructions: 'Be brief.' });
    manager.appendPin(first.id, true);
    manager.appendPin(second.id, true);
    manager.appendPin(first.id, false);
    const known = facts(manager);
    expect(known).toMatchObject({ summary: { title: 'Named by the user', messageCount: 4, firstMessage: 'สวัสดี, the first thing typed' }, pinned: [second.id], userTitled: true, autoTitled: true, instructions: 'Be brief.' });
    const file = manager.getSessionFile();
    manager.close();

    const small = SessionManager.open(file);
    expect(facts(small)).toEqual(known);
    small.close();

    // Thai replies past the size from which a second thread decodes, and at the end an unpin.
    let parentId = second.id;
    const filler: string[] = [];
    for (let i = 0; i < 3_500; i++) {
      const entry = { type: 'message', id: `f${i}`, parentId, timestamp: new Date(0).toISOString(), message: assistant('การส่งต่อเซสชัน '.repeat(60)) };
      filler.push(JSON.stringify(entry));
      parentId = entry.id;
    }
    filler.push(JSON.stringify({ type: 'pin', id: 'unpin', parentId, timestamp: new Date(0).toISOString(), entryId: second.id, pinned: false }));
    writeFileSync(file, `${filler.join('\n')}\n`, { flag: 'a' });
    expect(readFileSync(file).length).toBeGreaterThan(8 * 1024 * 1024);
    const big = SessionManager.open(file);
    expect(facts(big)).toEqual({ ...known, summary: { ...known.summary, messageCount: 4 + 3_500 }, pinned: [] });
    big.close();
  });
});

describe('after close()', () => {
  it('appends are refused with CLOSED and nothing is written', () => {
    const manager = SessionManager.create(sessionsDir());
    manager.close();
    const before = readFileSync(manager.getSessionFile());
    expect(() => manager.appendMessage(user('late'))).toThrow(expect.objectContaining({ code: 'CLOSED' }));
    expect(readFileSync(manager.getSessionFile())).toEqual(before);
  });
});

describe('docs/session-format.md', () => {
  it('has an example file that loads as written', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'session-format.md'), 'utf8');
    const example = /```jsonl\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const parsed = parseSessionBytes(Buffer.from(example!), 'example.jsonl');
    expect(parsed.unreadableRecords).toBe(0);
    expect(parsed.entries.length).toBeGreaterThanOrEqual(4);
    expect(new Set(parsed.entries.map((e) => e.type))).toEqual(new Set(['message', 'custom_message', 'model_change', 'session_info']));
  });
});

it('file names sort by creation time', () => {
  const a = sessionFileName('2024-01-02T03:04:05.006Z', 'x');
  const b = sessionFileName('2024-11-02T03:04:05.006Z', 'y');
  expect(a).toBe('2024-01-02T03-04-05-006Z_x.jsonl');
  expect([b, a].sort()).toEqual([a, b]);
});

describe('a big session read in chunks', () => {
  it('English lines across chunks and groups, with bad lines among them: every entry, each bad line counted once', () => {
    const header = { type: 'session', version: 1, id: 'big', timestamp: new Date(0).toISOString() };
    const lines = [JSON.stringify(header)];
    const entries: SessionEntry[] = [];
    const bad = new Map<number, string>([
      [10, '{"type":"message", not json'],
      [5_000, '{"a":1},{"b":2}'],
      [12_000, ''],
      [20_000, '{"type":"message","id":"x","parentId":null,'],
      [20_001, '"timestamp":"1970-01-01T00:00:00.000Z","message":{"role":"user","content":[]}}'],
    ]);
    for (let n = 0; n < 24_000; n++) {
      const special = bad.get(n);
      if (special !== undefined) {
        lines.push(special);
        continue;
      }
      // One line in 5,000 is not ASCII: its group is decoded as UTF-8, the rest as latin1.
      const text = `${n % 5_000 === 2_500 ? '会话 ' : ''}${'plain English words '.repeat(20)}${n}`;
      const e: SessionEntry = { type: 'message', id: `e${n}`, parentId: null, timestamp: new Date(n).toISOString(), message: user(text) };
      entries.push(e);
      lines.push(JSON.stringify(e));
    }
    mkdirSync(sessionsDir(), { recursive: true });
    const file = join(sessionsDir(), sessionFileName(new Date(0).toISOString(), 'big'));
    writeFileSync(file, `${lines.join('\n')}\n`);
    expect(readFileSync(file).length).toBeGreaterThan(2 * 4 * 1024 * 1024); // crosses chunk boundaries
    const manager = SessionManager.open(file, { readOnly: true });
    expect(manager.getEntries()).toEqual(entries);
    // Not JSON, two values, the two halves of the broken record (a blank line is no record).
    expect(manager.unreadableRecords).toBe(4);
  });
});
