// Tail-first open: the last 50 messages come from the end of the file, before (and without) the rest.
import { appendFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { SessionStore } from '../../../electron/core/session/SessionStore';
import type { SessionTail } from '../../../electron/core/session/tailReader';
import type { AgentMessage } from '../../../shared/session';
import { realFs } from '../../../electron/core/storage/fsSeam';
import { assistant, seamWith, user, useTempDir } from './helpers';

const dir = useTempDir();
const sessionsDir = () => join(dir(), 'sessions');

function sessionWith(count: number, text: (i: number) => string = (i) => `message ${i}`): SessionManager {
  const manager = SessionManager.create(sessionsDir());
  for (let i = 0; i < count; i++) {
    manager.appendMessage(i % 2 ? assistant(text(i)) : user(text(i)));
    if (i % 10 === 5) manager.appendModelChange(`model-${i}`);
  }
  return manager;
}

function tailOf(manager: SessionManager, n?: number): SessionTail {
  return SessionStore.load(sessionsDir()).tail(manager.getSessionId(), n);
}

describe('SessionStore.tail', () => {
  it('returns the header and the last 50 messages with the entries among them, in file order', () => {
    const manager = sessionWith(200);
    manager.close();
    const all = manager.getEntries();
    const tail = tailOf(manager, 50);

    expect(tail.header).toEqual(manager.getHeader());
    expect(tail.entries.filter((e) => e.type === 'message')).toHaveLength(50);
    expect(tail.entries[0]?.type).toBe('message');
    expect(tail.entries).toEqual(all.slice(all.length - tail.entries.length));
    expect(tail.complete).toBe(false);
    // startOffset is where the first returned record begins.
    const bytes = readFileSync(manager.getSessionFile());
    expect(bytes[tail.startOffset - 1]).toBe(10);
    expect(JSON.parse(bytes.toString('utf8', tail.startOffset, bytes.indexOf(10, tail.startOffset)))).toEqual(tail.entries[0]);
  });

  it('returns a short session whole', () => {
    const manager = sessionWith(7);
    manager.close();
    const tail = tailOf(manager);
    expect(tail.entries).toEqual(manager.getEntries());
    expect(tail.complete).toBe(true);
  });

  it('ignores a torn last record and counts damaged ones it passes', () => {
    const manager = sessionWith(60);
    manager.close();
    const file = manager.getSessionFile();
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[lines.length - 5] = '{not json';
    writeFileSync(file, lines.join('\n'));
    appendFileSync(file, '{"type":"message","id":"torn","par');
    const tail = tailOf(manager, 50);
    expect(tail.unreadableRecords).toBe(1);
    expect(tail.entries.some((e) => e.id === 'torn')).toBe(false);
    expect(tail.completeLength).toBe(statSync(file).size - '{"type":"message","id":"torn","par'.length);
    const full = SessionManager.open(file, { readOnly: true });
    expect(tail.entries).toEqual(full.getEntries().slice(-tail.entries.length));
  });

  it('handles records far bigger than its first read', () => {
    const manager = sessionWith(12, (i) => `${i}:${'z'.repeat(i % 3 === 0 ? 3_000_000 : 100)}`);
    manager.close();
    const tail = tailOf(manager, 10);
    expect(tail.entries).toEqual(manager.getEntries().slice(-tail.entries.length));
    expect(tail.entries.filter((e) => e.type === 'message')).toHaveLength(10);
  });

  it('writes and reads back the largest record attachments make: 23 MB of files, 30.7 MB of base64 on one line', () => {
    const data = Buffer.alloc(23 * 1024 * 1024, 7).toString('base64');
    const manager = SessionManager.create(sessionsDir());
    const prompt: AgentMessage = {
      role: 'user',
      content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data }, name: 'manual.pdf' }, { type: 'text', text: 'Read the manual' }],
    };
    manager.appendMessage(prompt);
    manager.appendMessage(assistant('Read.'));
    manager.close();
    expect(statSync(manager.getSessionFile()).size).toBeGreaterThan(30.6 * 1024 * 1024);

    const tail = tailOf(manager, 50);
    expect(tail.entries.map((e) => e.type === 'message' && e.message)).toEqual([prompt, assistant('Read.')]);
    expect(SessionManager.open(manager.getSessionFile(), { readOnly: true }).buildSessionContext().messages[0]).toEqual(prompt);
    const store = SessionStore.load(sessionsDir());
    expect(store.list()[0]).toMatchObject({ title: 'Read the manual', messageCount: 2 });
  });

  it('reads only the head and the end of a large file', () => {
    const manager = sessionWith(3000, (i) => `${i} ${'lorem ipsum '.repeat(800)}`); // ~30 MB
    manager.close();
    let bytesRead = 0;
    const fs = seamWith({
      readSync: (fd, buffer, offset, length, position) => {
        const n = realFs.readSync(fd, buffer, offset, length, position);
        bytesRead += n;
        return n;
      },
    });
    const store = SessionStore.load(sessionsDir(), { fs });
    bytesRead = 0; // loading summarised the file for the history; the tail read is what counts
    const tail = store.tail(manager.getSessionId(), 50);
    expect(tail.entries.filter((e) => e.type === 'message')).toHaveLength(50);
    expect(statSync(manager.getSessionFile()).size).toBeGreaterThan(25_000_000);
    expect(bytesRead).toBeLessThan(2_000_000);
  });

  it('of a header-only session is empty and complete', () => {
    const manager = SessionManager.create(sessionsDir());
    manager.close();
    const tail = tailOf(manager);
    expect(tail).toMatchObject({ entries: [], complete: true, unreadableRecords: 0 });
  });
});
