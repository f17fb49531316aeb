// One writer per file (SPEC §2): `<file>.lock` holds {pid, startedAt, processStart, host, boot} of the
// writer. A lock whose process is gone (crash, kill -9, reboot), or whose pid now names another process
// (reused after a crash), is stale and taken over, so a crash never locks the user out. A lock written on
// another machine (a data folder on a synced drive) is never taken over: this machine cannot tell whether
// its writer still runs.
import { randomBytes } from 'node:crypto';
import { uptime } from 'node:os';
import { errnoCode, LockedError, StorageError, type LockHolder } from './errors';
import type { FsSeam } from './fsSeam';
import { readAt, writeAll } from './io';
import { linuxBootId, sameBoot, thisBoot, thisHost } from './machine';
import { processStart } from './processStart';

export interface LockInfo {
  pid: number;
  startedAt: string;
  /** Which run of `pid` wrote the lock (processStart.ts); absent in older locks and where the OS cannot tell. */
  processStart?: string;
  /** The writer's machine (os.hostname()) and boot (machine.ts); absent in older locks, read as this machine's. */
  host?: string;
  boot?: string;
}

export interface FileLock {
  readonly path: string;
  release(): void;
}

/** Locks this process holds, so our own pid in a lock file means "stale" unless it is one of these. */
const heldByThisProcess = new Set<string>();

/** A lock whose content is not (yet) readable gets this long before it counts as abandoned. */
const UNREADABLE_LOCK_GRACE_MS = 5_000;
/**
 * Slack when a lock's wall-clock time is compared with the boot or a process's start: absorbs clock
 * adjustments, so a live lock is never mistaken for another process's.
 */
const CLOCK_SLACK_MS = 60_000;

export function lockPathFor(file: string): string {
  return `${file}.lock`;
}

/** Takes `file`'s lock, or throws what `refuse` makes of the live holder (a LockedError by default). */
export function acquireLock(
  fs: FsSeam,
  file: string,
  refuse: (holder: LockHolder) => LockedError = (holder) => new LockedError(file, holder),
): FileLock {
  const path = lockPathFor(file);
  const content = JSON.stringify({
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: processStart(process.pid)?.id,
    host: thisHost(),
    boot: thisBoot(),
  } satisfies LockInfo);
  // A few rounds: each lost race (another process took over the stale lock first) costs one retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(fs, path, content)) {
      heldByThisProcess.add(path);
      return { path, release: () => release(fs, path, content) };
    }
    const seen = readRaw(fs, path);
    if (seen === undefined) continue; // released meanwhile
    const holder = parseLock(seen);
    const state = holder ? holderState(holder, path) : isYoung(fs, path) ? 'live' : 'stale';
    if (state !== 'stale') throw refuse(holderOf(holder, state));
    takeOverStale(fs, path, seen);
  }
  const holder = parseLock(readRaw(fs, path) ?? '');
  throw refuse(holderOf(holder, holder ? holderState(holder, path) : 'live'));
}

type HolderState = 'live' | 'elsewhere' | 'stale';

function holderOf(holder: LockInfo | undefined, state: HolderState): LockHolder {
  return state === 'elsewhere' && holder?.host !== undefined ? { pid: holder.pid, host: holder.host } : { pid: holder?.pid ?? 0 };
}

/** A lock from another machine holds whatever its pid says here; one from an earlier boot of this one is stale. */
function holderState(holder: LockInfo, path: string): HolderState {
  if (!onThisMachine(holder)) return 'elsewhere';
  if (holder.boot !== undefined && !sameBoot(holder.boot, thisBoot())) return 'stale';
  return isLive(holder, path) ? 'live' : 'stale';
}

function onThisMachine(holder: LockInfo): boolean {
  if (holder.host === undefined || holder.host === thisHost()) return true;
  // A host name can follow the network (a laptop's); Linux's random boot id still says it is this machine.
  const boot = linuxBootId();
  return boot !== undefined && holder.boot === boot;
}

export function readLock(fs: FsSeam, file: string): LockInfo | undefined {
  return parseLock(readRaw(fs, lockPathFor(file)) ?? '');
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return errnoCode(err) === 'EPERM';
  }
}

function isLive(holder: LockInfo, path: string): boolean {
  if (holder.pid === process.pid) return heldByThisProcess.has(path);
  // Written before the last boot: the pid may have been reused by an unrelated process since.
  const bootedAt = Date.now() - uptime() * 1000;
  if (Date.parse(holder.startedAt) < bootedAt - CLOCK_SLACK_MS) return false;
  return isProcessAlive(holder.pid) && isSameRun(holder);
}

/** Whether the process now running under the holder's pid is the one that wrote the lock. */
function isSameRun(holder: LockInfo): boolean {
  const now = processStart(holder.pid);
  if (!now) return true; // the OS does not tell: the pid alone decides
  // A lock that names its writer's run is exact, whatever the clock did since.
  if (holder.processStart !== undefined) return now.id === holder.processStart;
  // An older lock only says when it was written: a process that started after that did not write it.
  return now.atMs <= Date.parse(holder.startedAt) + CLOCK_SLACK_MS;
}

/**
 * Creates the lock with its full content in one step: write a private temp file, then hard-link it into
 * place (fails with EEXIST if a lock exists), so no reader ever sees an empty lock file.
 */
function tryCreate(fs: FsSeam, path: string, content: string): boolean {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeNew(fs, tmp, content);
    try {
      fs.linkSync(tmp, path);
      return true;
    } catch (err) {
      if (errnoCode(err) === 'EEXIST') return false;
      // Filesystems without hard links: exclusive create, then write (a tiny window with an empty file).
      return createExclusive(fs, path, content);
    }
  } finally {
    try {
      fs.unlinkSync(tmp);
    } catch {
      // Nothing to clean up.
    }
  }
}

function createExclusive(fs: FsSeam, path: string, content: string): boolean {
  try {
    writeNew(fs, path, content);
    return true;
  } catch (err) {
    if (err instanceof StorageError && err.code === 'EEXIST') return false;
    throw err;
  }
}

function writeNew(fs: FsSeam, path: string, content: string): void {
  let fd: number;
  try {
    fd = fs.openSync(path, 'wx', 0o600);
  } catch (err) {
    throw StorageError.fromFsError('creatingLock', path, err);
  }
  try {
    writeAll(fs, fd, Buffer.from(content), 0);
  } catch (err) {
    throw StorageError.fromFsError('writingLock', path, err);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Moves the stale lock aside rather than deleting it: if another process took it over between our read
 * and now, what we moved is *its* live lock, which we put back instead of destroying.
 */
function takeOverStale(fs: FsSeam, path: string, staleContent: string): void {
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    fs.renameSync(path, aside);
  } catch {
    return; // someone else moved it first; the next attempt sees what is there now
  }
  if (readRaw(fs, aside) !== staleContent) {
    try {
      fs.linkSync(aside, path);
    } catch {
      // A third process created a lock meanwhile; it wins, ours retries and sees it.
    }
  }
  try {
    fs.unlinkSync(aside);
  } catch {
    // Best effort.
  }
}

function release(fs: FsSeam, path: string, content: string): void {
  heldByThisProcess.delete(path);
  // Only remove the lock if it is still ours.
  if (readRaw(fs, path) !== content) return;
  try {
    fs.unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function readRaw(fs: FsSeam, path: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    return readAt(fs, fd, 0, 4096).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

function parseLock(raw: string): LockInfo | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { pid, startedAt, processStart: start, host, boot } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0 || typeof startedAt !== 'string') return undefined;
    const info: LockInfo = { pid, startedAt };
    if (typeof start === 'string') info.processStart = start;
    if (typeof host === 'string' && host) info.host = host;
    if (typeof boot === 'string' && boot) info.boot = boot;
    return info;
  } catch {
    return undefined;
  }
}

function isYoung(fs: FsSeam, path: string): boolean {
  const stat = fs.statSync(path);
  return stat !== undefined && Date.now() - stat.mtimeMs < UNREADABLE_LOCK_GRACE_MS;
}
