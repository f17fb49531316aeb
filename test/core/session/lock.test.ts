// One writer per session file (SPEC §2): a second writer is refused, in this process or another; a lock
// left by a dead process is taken over; one written on another machine (a synced data folder) never is.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionLockedError } from '../../../electron/core/session/errors';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { realFs } from '../../../electron/core/storage/fsSeam';
import { acquireLock, lockPathFor, readLock } from '../../../electron/core/storage/lock';
import { sameBoot, thisBoot } from '../../../electron/core/storage/machine';
import { processStart } from '../../../electron/core/storage/processStart';
import { isIntactRecord } from './fixtures/records';
import { parseEveryLine, user, useTempDir } from './helpers';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const APPENDER = join(import.meta.dirname, 'fixtures', 'appender.ts');
const dir = useTempDir();
const children: ChildProcess[] = [];

afterEach(async () => {
  // Before the temp dir goes: a writer still appending on its way out would race its removal.
  const running = children.splice(0).filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(running.map(killAndWait));
});

function newSessionFile(): string {
  const manager = SessionManager.create(join(dir(), 'sessions'));
  manager.close();
  return manager.getSessionFile();
}

/** Starts the appender fixture and resolves once it holds the lock. */
function startWriter(file: string, mode: 'append' | 'hold'): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', APPENDER, file, '7', mode], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`writer exited early (${code})`)));
  });
}

function killAndWait(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  });
}

function deadPid(): number {
  const run = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(run.stdout.toString());
}

describe('in one process', () => {
  it('a second writer is refused with a clear error; the first keeps writing', () => {
    const file = newSessionFile();
    const first = SessionManager.open(file);
    expect(() => SessionManager.open(file)).toThrow(SessionLockedError);
    expect(() => SessionManager.open(file)).toThrow(/already open for writing by this process/);
    first.appendMessage(user('still mine'));
    first.close();
    expect(parseEveryLine(file)).toHaveLength(2);
  });

  it('a read-only open works beside the writer and refuses appends', () => {
    const file = newSessionFile();
    const writer = SessionManager.open(file);
    writer.appendMessage(user('visible'));
    const reader = SessionManager.open(file, { readOnly: true });
    expect(reader.getEntries()).toHaveLength(1);
    expect(() => reader.appendMessage(user('no'))).toThrow(expect.objectContaining({ code: 'READ_ONLY' }));
    writer.close();
    expect(parseEveryLine(file)).toHaveLength(2);
  });

  it('close() removes the lock file, so the next writer gets in', () => {
    const file = newSessionFile();
    const manager = SessionManager.open(file);
    expect(existsSync(lockPathFor(file))).toBe(true);
    expect(readLock(realFs, file)).toMatchObject({ pid: process.pid });
    manager.close();
    expect(existsSync(lockPathFor(file))).toBe(false);
    SessionManager.open(file).close();
  });
});

describe('across processes', () => {
  it('a file held by another live process is refused, naming that process; once it dies, the lock is taken over', async () => {
    const file = newSessionFile();
    const holder = await startWriter(file, 'hold');
    expect(() => SessionManager.open(file)).toThrow(new RegExp(`by process ${holder.pid}`));
    await killAndWait(holder);
    const manager = SessionManager.open(file);
    expect(readLock(realFs, file)?.pid).toBe(process.pid);
    manager.close();
  });

  it('while another process appends, every attempt to write is refused and nothing is interleaved', async () => {
    const file = newSessionFile();
    const writer = await startWriter(file, 'append');
    let refused = 0;
    const deadline = Date.now() + 300;
    while (Date.now() < deadline) {
      try {
        SessionManager.open(file).appendMessage(user('intruder'));
      } catch (err) {
        if (err instanceof SessionLockedError) refused++;
        else throw err;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    await killAndWait(writer);
    expect(refused).toBeGreaterThan(5);
    const manager = SessionManager.open(file, { readOnly: true });
    const texts = manager.getEntries().map((e) => (e.type === 'message' && e.message.content[0]?.type === 'text' ? e.message.content[0].text : ''));
    expect(texts.length).toBeGreaterThan(0);
    texts.forEach((text, seq) => expect(isIntactRecord(text, seq)).toBe(true));
    expect(texts.some((t) => t.includes('intruder'))).toBe(false);
  });
});

describe('stale locks', () => {
  it('a lock left by a dead process is taken over', () => {
    const file = newSessionFile();
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: deadPid(), startedAt: new Date().toISOString() }));
    const manager = SessionManager.open(file);
    expect(readLock(realFs, file)?.pid).toBe(process.pid);
    manager.close();
    // Nothing left beside the session: no moved-aside lock, no temp file.
    expect(readdirSync(join(dir(), 'sessions'))).toHaveLength(1);
  });

  it('a lock written before the machine booted is stale even if its pid is alive again', () => {
    const file = newSessionFile();
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: process.ppid, startedAt: '2000-01-01T00:00:00.000Z' }));
    SessionManager.open(file).close();
  });

  it('a live process’s lock holds', () => {
    const file = newSessionFile();
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() }));
    expect(() => SessionManager.open(file)).toThrow(SessionLockedError);
  });

  it('an unreadable lock holds while fresh (it may be being written) and is taken over once old', () => {
    const file = newSessionFile();
    const lock = lockPathFor(file);
    writeFileSync(lock, 'garbage');
    expect(() => SessionManager.open(file)).toThrow(SessionLockedError);
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(lock, old, old);
    SessionManager.open(file).close();
  });

  it('release() leaves alone a lock that is no longer ours', () => {
    const file = newSessionFile();
    const lock = acquireLock(realFs, file);
    const other = JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString() });
    writeFileSync(lockPathFor(file), other);
    lock.release();
    expect(readFileSync(lockPathFor(file), 'utf8')).toBe(other);
  });
});

/** A live process that has nothing to do with Baton: what a reused pid points at after a crash. */
async function unrelatedProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

describe.runIf(process.platform === 'linux')('a reused process id (Linux: process start times)', () => {
  it('a lock records which run of the process wrote it, beside the pid and time older versions read', () => {
    const file = newSessionFile();
    const lock = acquireLock(realFs, file);
    const written = JSON.parse(readFileSync(lockPathFor(file), 'utf8')) as Record<string, unknown>;
    expect(written).toEqual({
      pid: process.pid,
      startedAt: expect.any(String),
      processStart: processStart(process.pid)!.id,
      host: hostname(),
      boot: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    });
    expect(Date.parse(written.startedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    lock.release();
  });

  it('a lock whose pid is alive but names another run of it is stale, and taken over', async () => {
    const other = await unrelatedProcess();
    const file = newSessionFile();
    const reused = { pid: other.pid, startedAt: new Date().toISOString(), processStart: `${processStart(other.pid!)!.id}0` };
    writeFileSync(lockPathFor(file), JSON.stringify(reused));
    const manager = SessionManager.open(file);
    expect(readLock(realFs, file)?.pid).toBe(process.pid);
    manager.close();
  });

  it('a lock naming the very run of a live process holds', async () => {
    const holder = await unrelatedProcess();
    const file = newSessionFile();
    const live = { pid: holder.pid, startedAt: new Date().toISOString(), processStart: processStart(holder.pid!)!.id };
    writeFileSync(lockPathFor(file), JSON.stringify(live));
    expect(() => SessionManager.open(file)).toThrow(new RegExp(`by process ${holder.pid}`));
  });

  it('an older lock ({pid, startedAt}) is stale when its pid’s process started after the lock was written', async () => {
    const file = newSessionFile();
    const lateStarter = await unrelatedProcess();
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: lateStarter.pid, startedAt: new Date(Date.now() - 10 * 60_000).toISOString() }));
    SessionManager.open(file).close();
    // Written after that process started: it may be the writer, so the lock holds.
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: lateStarter.pid, startedAt: new Date().toISOString() }));
    expect(() => SessionManager.open(file)).toThrow(SessionLockedError);
  });
});

/** A lock as Baton on another machine leaves it in a synced data folder: its pid and boot mean nothing here. */
function lockFromAnotherHost(file: string, host = 'studio-mac'): string {
  const content = JSON.stringify({ pid: deadPid(), startedAt: new Date().toISOString(), host, boot: 'booted:1700000000' });
  writeFileSync(lockPathFor(file), content);
  return content;
}

describe('a data folder on a synced drive', () => {
  it('a lock written on another machine is never taken over: opening says where the session is open', () => {
    const file = newSessionFile();
    const content = lockFromAnotherHost(file);
    expect(() => SessionManager.open(file)).toThrow(SessionLockedError);
    expect(() => SessionManager.open(file)).toThrow(/^This session is open on studio-mac\.$/);
    expect(() => acquireLock(realFs, file)).toThrow(expect.objectContaining({ code: 'LOCKED', holderHost: 'studio-mac' }));
    expect(readFileSync(lockPathFor(file), 'utf8')).toBe(content);
    // Reading it is fine; writing is not.
    const reader = SessionManager.open(file, { readOnly: true });
    expect(() => reader.appendMessage(user('no'))).toThrow(expect.objectContaining({ code: 'READ_ONLY' }));
    expect(parseEveryLine(file)).toHaveLength(1);
  });

  it('however old it is: the other machine may still be writing', () => {
    const file = newSessionFile();
    const lock = lockPathFor(file);
    const content = JSON.stringify({ pid: 1, startedAt: '2000-01-01T00:00:00.000Z', host: 'studio-mac', boot: 'f00dfeed-0000-4000-8000-000000000000' });
    writeFileSync(lock, content);
    const old = (Date.now() - 30 * 24 * 3600_000) / 1000;
    utimesSync(lock, old, old);
    expect(() => SessionManager.open(file)).toThrow(/open on studio-mac/);
    expect(readFileSync(lock, 'utf8')).toBe(content);
  });

  it('a lock from this machine but an earlier boot is stale, even when its pid is alive now', () => {
    const file = newSessionFile();
    const earlierBoot = process.platform === 'linux' ? 'f00dfeed-0000-4000-8000-000000000000' : 'booted:1700000000';
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString(), host: hostname(), boot: earlierBoot }));
    const manager = SessionManager.open(file);
    expect(readLock(realFs, file)).toMatchObject({ pid: process.pid, host: hostname(), boot: thisBoot() });
    manager.close();
  });

  it('a lock from this machine and this boot holds while its process lives', () => {
    const file = newSessionFile();
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: process.ppid, startedAt: new Date().toISOString(), host: hostname(), boot: thisBoot() }));
    expect(() => SessionManager.open(file)).toThrow(new RegExp(`by process ${process.ppid} \\(another Baton window\\?\\)`));
  });

  it.runIf(process.platform === 'linux')('a lock under an older name of this machine is still this machine’s when Linux’s boot id matches', () => {
    const file = newSessionFile();
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: deadPid(), startedAt: new Date().toISOString(), host: 'old-name.local', boot: thisBoot() }));
    SessionManager.open(file).close();
  });

  it('boot times read from the clock and the uptime match within a minute; other boot ids match exactly', () => {
    expect(sameBoot('booted:1700000000', 'booted:1700000059')).toBe(true);
    expect(sameBoot('booted:1700000000', 'booted:1700000300')).toBe(false);
    expect(sameBoot('f00dfeed-0000-4000-8000-000000000000', 'f00dfeed-0000-4000-8000-000000000000')).toBe(true);
    expect(sameBoot('f00dfeed-0000-4000-8000-000000000000', 'booted:1700000000')).toBe(false);
  });
});
