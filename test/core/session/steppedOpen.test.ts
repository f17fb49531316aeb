// A big session read a chunk per turn of the event loop (steps.ts): the loop runs between chunks, the
// result is what the one-go open reads, a caller that cannot wait finishes it at once, and one abandoned
// half-way holds no lock. Real files, real decode thread.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionEntry } from '../../../shared/session';
import { sessionFileName } from '../../../electron/core/session/fileName';
import { SessionLockedError } from '../../../electron/core/session/errors';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { entryLines } from '../../../electron/core/session/sessionLines';
import { SteppedTask } from '../../../electron/core/storage/steps';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baton-stepped-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A session file of `count` messages of about 750 bytes (Thai every third, so the decode thread has work): 10,000 are some 7.5 MB, two chunks. */
function bigFile(name: string, count: number): string {
  const lines = [JSON.stringify({ type: 'session', version: 1, id: name, timestamp: new Date(0).toISOString() })];
  let parentId: string | null = null;
  for (let i = 0; i < count; i++) {
    const id = `${name}-${i}`;
    const text = `${i % 3 ? 'message' : 'ข้อความ'} ${i} ${'lorem ipsum '.repeat(50)}`;
    lines.push(JSON.stringify({ type: 'message', id, parentId, timestamp: new Date(i * 1000).toISOString(), message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text }] } }));
    parentId = id;
  }
  const file = join(dir, sessionFileName(new Date(0).toISOString(), name));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function readAtOnce(file: string): SessionEntry[] {
  const manager = SessionManager.open(file);
  manager.close();
  return manager.getEntries();
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a session opened in steps', () => {
  it('lets a timer run before it is done, and reads what the one-go open reads', async () => {
    const file = bigFile('big', 20_000); // four chunks
    const whole = readAtOnce(file);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const task = new SteppedTask(SessionManager.openSteps(file));
    const ranFirst = task.done.then(() => timerRan);
    expect(timerRan).toBe(false); // the first chunk was read in the call itself
    expect(await ranFirst).toBe(true);
    const manager = await task.done;
    expect(manager.getEntries()).toEqual(whole);
    manager.close();
  });

  it('is finished at once by a caller that cannot wait, and both get the same session', async () => {
    const file = bigFile('big', 10_000);
    const task = new SteppedTask(SessionManager.openSteps(file));
    const now = task.finishNow();
    expect(now.getEntries()).toHaveLength(10_000);
    expect(await task.done).toBe(now);
    now.close();
  });

  it('abandoned half-way, keeps no lock: the session opens again at once', async () => {
    const file = bigFile('big', 10_000);
    const task = new SteppedTask(SessionManager.openSteps(file));
    expect(() => SessionManager.open(file)).toThrow(SessionLockedError); // held while it reads
    task.cancel();
    await expect(task.done).rejects.toThrow('cancelled');
    const again = SessionManager.open(file);
    expect(again.getEntries()).toHaveLength(10_000);
    again.close();
  });

  it('two at once read whole, though only one of them has the decode thread', async () => {
    const a = bigFile('a', 10_000);
    const b = bigFile('b', 12_000);
    const [wholeA, wholeB] = [readAtOnce(a), readAtOnce(b)];
    const both = [new SteppedTask(SessionManager.openSteps(a)), new SteppedTask(SessionManager.openSteps(b))];
    await turn();
    const [managerA, managerB] = await Promise.all(both.map((task) => task.done));
    expect(managerA!.getEntries()).toEqual(wholeA);
    expect(managerB!.getEntries()).toEqual(wholeB);
    managerA!.close();
    managerB!.close();
  });

  it('written in steps too (an import): a text of many pieces is on disk as it was, emoji and Thai across the cuts, and the loop runs meanwhile', async () => {
    const entries: SessionEntry[] = [];
    let parentId: string | null = null;
    for (let i = 0; i < 15_000; i++) {
      const id = `e${i}`;
      entries.push({ type: 'message', id, parentId, timestamp: new Date(i * 1000).toISOString(), message: { role: i % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `${i} 🚀 ข้อความ ${'ok '.repeat(200)}` }] } });
      parentId = id;
    }
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const task = new SteppedTask(SessionManager.createWithEntriesSteps(dir, entryLines(entries), { title: 'Imported' }));
    const ranFirst = task.done.then(() => timerRan);
    expect(await ranFirst).toBe(true);
    const manager = await task.done;
    expect(manager.getEntries()).toEqual(entries);
    const [file] = readdirSync(dir).filter((name) => name.endsWith('.jsonl'));
    const lines = readFileSync(join(dir, file!), 'utf8').split('\n').slice(1, -1);
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual(entries);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    manager.close();
  });
});
