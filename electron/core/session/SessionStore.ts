// The sessions folder (SPEC §2): which file holds which session, and everything done to a session file
// that is not the open one (create, open, delete, rename, tail preview). The open file itself is a
// SessionManager; the history rows come from a SessionIndex and message search from a SearchIndex, two
// caches this store keeps in step with what it writes.
import { basename } from 'node:path';
import type { SessionHit } from '../../../shared/search';
import type { SessionSummary } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import { SearchIndex } from '../search/SearchIndex';
import { findMatch, searchSessions } from '../search/searchSessions';
import { cannotWriteReason, errnoCode, StorageError } from '../storage/errors';
import { realFs, type FsSeam } from '../storage/fsSeam';
import { runNow, type Steps } from '../storage/steps';
import { closeQuietly, fsyncDir, openFd } from '../storage/io';
import { entryId } from './entryId';
import { SessionLockedError, SessionNotFoundError } from './errors';
import { RecordWriter } from './recordWriter';
import { SessionIndex } from './SessionIndex';
import { lockSession } from './sessionLock';
import { SessionManager, type NewSessionOptions, type SessionInfoEntry } from './SessionManager';
import type { EntryLines } from './sessionLines';
import { readTail, readTailFrom, type SessionTail } from './tailReader';

export interface SessionStoreOptions {
  /** Defaults to `session-index.json` beside the sessions folder. */
  indexFile?: string;
  /** Defaults to `search-index.bin` beside the sessions folder. */
  searchIndexFile?: string;
  /** The fs calls to use; tests pass one that fails on cue. */
  fs?: FsSeam;
}

export class SessionStore {
  private constructor(
    readonly sessionsDir: string,
    private readonly index: SessionIndex,
    /** The full-text index; its reading of the files is driven by BackgroundIndexing. */
    readonly textIndex: SearchIndex,
    private readonly fs: FsSeam,
  ) {}

  /**
   * Opens the folder (creating it) and its history index, reconciled with the files. The full-text index
   * is loaded and told what changed, but reads no session file here.
   */
  static load(sessionsDir: string, opts: SessionStoreOptions = {}): SessionStore {
    const fs = opts.fs ?? realFs;
    try {
      fs.mkdirSync(sessionsDir);
    } catch (err) {
      throw StorageError.fromFsError('creatingSessionsFolder', sessionsDir, err);
    }
    const index = SessionIndex.load(sessionsDir, { indexFile: opts.indexFile, fs });
    const textIndex = SearchIndex.load(sessionsDir, { indexFile: opts.searchIndexFile, fs });
    textIndex.reconcile(index.fileStates());
    return new SessionStore(sessionsDir, index, textIndex, fs);
  }

  /** A new session file, on disk and locked when this returns. sync() it to list it. */
  create(opts: NewSessionOptions = {}): SessionManager {
    return SessionManager.create(this.sessionsDir, { ...opts, fs: this.fs });
  }

  /** A new session file holding `entries` from the start (an import), written atomically. sync() it to list it. */
  createWithEntries(lines: EntryLines, opts: NewSessionOptions = {}): SessionManager {
    return runNow(this.createWithEntriesSteps(lines, opts));
  }

  /** The same, its reading in steps (steps.ts). */
  createWithEntriesSteps(lines: EntryLines, opts: NewSessionOptions = {}): Steps<SessionManager> {
    return SessionManager.createWithEntriesSteps(this.sessionsDir, lines, { ...opts, fs: this.fs });
  }

  /** Opens a session for writing; SessionLockedError when another writer holds it. */
  open(id: string): SessionManager {
    return SessionManager.open(this.fileFor(id), { fs: this.fs });
  }

  /** Loads a session without taking its lock, to read it (an export); every append would throw. */
  read(id: string): SessionManager {
    return SessionManager.open(this.fileFor(id), { fs: this.fs, readOnly: true });
  }

  /**
   * Opens a session for the user: for writing, or read-only, so it can still be read and every write is
   * refused with the reason, when the data folder cannot be written (read-only, full, no permission) or
   * the session is open on another machine (a synced data folder; unless `readOpenElsewhere` is false,
   * and then that is refused with its SessionLockedError).
   */
  openOrRead(id: string, readOpenElsewhere = true): SessionManager {
    return runNow(this.openOrReadSteps(id, readOpenElsewhere));
  }

  /** The same, a step per chunk of the file (steps.ts). */
  *openOrReadSteps(id: string, readOpenElsewhere = true): Steps<SessionManager> {
    try {
      return yield* SessionManager.openSteps(this.fileFor(id), { fs: this.fs });
    } catch (err) {
      const elsewhere = err instanceof SessionLockedError ? err.holderHost : undefined;
      const readOnlyReason = elsewhere === undefined ? cannotWriteReason(err) : readOpenElsewhere ? texts.sessionReadOnlyElsewhere(elsewhere) : undefined;
      if (!readOnlyReason) throw err;
      return yield* SessionManager.openSteps(this.fileFor(id), { fs: this.fs, readOnly: true, readOnlyReason });
    }
  }

  /**
   * Deletes a session's file and row. Its lock is taken first, so a file any writer holds (another
   * process, or the session open here) is refused with SessionLockedError and kept.
   */
  delete(id: string): void {
    const path = this.fileFor(id);
    const lock = lockSession(this.fs, path);
    try {
      this.fs.unlinkSync(path);
    } catch (err) {
      if (errnoCode(err) !== 'ENOENT') throw StorageError.fromFsError('deleting', path, err);
    } finally {
      lock.release();
    }
    fsyncDir(this.fs, this.sessionsDir);
    this.index.drop(id);
    this.textIndex.drop(basename(path));
  }

  /**
   * Renames a session that is not open here (the open one appends its own session_info and is synced):
   * appends a session_info record after reading only the file's tail, so renaming a huge session in the
   * sidebar costs no full load. A session open for writing anywhere is refused by its lock.
   */
  rename(id: string, title: string): SessionInfoEntry {
    const path = this.fileFor(id);
    const entry = appendTitle(this.fs, path, title);
    this.index.update(id, { title });
    this.textIndex.refresh(basename(path));
    return entry;
  }

  /**
   * The header and the last `n` message entries (with whatever entries sit among them), read from the
   * file's end without parsing the rest: what a huge session shows while the full open runs.
   */
  tail(id: string, n = 50): SessionTail {
    return readTail(this.fs, this.fileFor(id), n);
  }

  /** History rows, newest first; with a query, those whose title or first message hold every word. */
  list(query?: string): SessionSummary[] {
    return this.index.list(query);
  }

  /**
   * Sessions whose title or messages hold every word of the query, newest first. Sessions the full-text
   * index has not read yet (textIndex.progress says how many) match by title only.
   */
  search(query: string): SessionHit[] {
    return searchSessions(this.index, this.textIndex, query);
  }

  /** The entry a search result opens at: the session's message that best matches the query, if any does. */
  findMatch(id: string, query: string): string | undefined {
    return findMatch(this.textIndex, basename(this.fileFor(id)), query);
  }

  get(id: string): SessionSummary | undefined {
    return this.index.get(id);
  }

  /** The session's file; SessionNotFoundError for an id the store does not know. */
  fileFor(id: string): string {
    const file = this.index.fileFor(id);
    if (file === undefined) throw new SessionNotFoundError(id);
    return file;
  }

  /**
   * Takes the open session's current summary into the history, and what it appended into the full-text
   * index (after each saved message, rename, switch).
   */
  sync(manager: SessionManager): SessionSummary {
    const summary = this.index.upsert(manager);
    this.textIndex.refresh(basename(manager.getSessionFile()));
    return summary;
  }

  /** Writes the history index if it changed: derived data, so callers save it lazily. */
  save(): void {
    this.index.save();
  }
}

function appendTitle(fs: FsSeam, path: string, title: string): SessionInfoEntry {
  const lock = lockSession(fs, path);
  let fd: number | undefined;
  try {
    fd = openFd(fs, path, 'r+');
    const tail = readTailFrom(fs, fd, path, 0);
    const writer = new RecordWriter(fs, fd, path, tail.completeLength, fs.fstatSync(fd).size > tail.completeLength);
    fd = undefined; // the writer owns it now
    try {
      const entry: SessionInfoEntry = {
        type: 'session_info',
        id: entryId(),
        parentId: tail.entries.at(-1)?.id ?? null,
        timestamp: new Date().toISOString(),
        title,
      };
      writer.append(JSON.stringify(entry), true);
      return entry;
    } finally {
      writer.close();
    }
  } finally {
    if (fd !== undefined) closeQuietly(fs, fd);
    lock.release();
  }
}
