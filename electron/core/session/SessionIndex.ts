// The history sidebar's index (SPEC §2): one row per session file, a cache of what the files say. It is
// kept in `<dataDir>/session-index.json`, rebuilt from the files when missing or stale, and reconciled at
// load with files added, changed or deleted behind the app's back (size + mtime tell which to re-read).
// It reads session files but writes nothing except its own file; SessionStore changes the files.
import { isAscii } from 'node:buffer';
import { basename, dirname, join } from 'node:path';
import { SessionOrigin, type SessionSummary } from '../../../shared/session';
import { writeFileAtomic } from '../storage/atomicWrite';
import type { FileState } from '../search/SearchIndex';
import { errnoCode, StorageError } from '../storage/errors';
import { realFs, type FsSeam } from '../storage/fsSeam';
import { readAt } from '../storage/io';
import { isSessionFileName, sessionIdFromFileName } from './fileName';
import { summarizeSessionFile, type FileSummary } from './summarizeFile';

/** 2: sync tools' copies of a session are rows of their own (fileName.ts: listedIdentity). */
const INDEX_VERSION = 2;
export const INDEX_FILE_NAME = 'session-index.json';

/** One row as stored: the summary plus what tells whether the file changed since. */
export interface IndexRecord {
  /** File name inside the sessions folder. */
  file: string;
  size: number;
  mtimeMs: number;
  summary: SessionSummary;
  /** Start of the first user message, for search. */
  firstMessage: string;
}

export interface ReconcileReport {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

export interface IndexOptions {
  /** Defaults to `session-index.json` beside the sessions folder. */
  indexFile?: string;
  fs?: FsSeam;
}

export type SummaryPatch = Partial<Omit<SessionSummary, 'id'>> & { firstMessage?: string };

/** What upsert() needs from an open session; SessionManager has it. */
export interface SummarySource {
  getSessionFile(): string;
  getSummary(): SessionSummary & { firstMessage: string };
}

export class SessionIndex {
  private readonly records = new Map<string, IndexRecord>();
  private readonly fileById = new Map<string, string>();
  private sorted: IndexRecord[] | undefined;
  private readonly haystacks = new Map<IndexRecord, string>();
  private dirty = false;
  private justRebuilt = false;
  /** What the last reconcile found. */
  lastReconcile: ReconcileReport = { added: 0, changed: 0, removed: 0, unchanged: 0 };

  private constructor(
    readonly sessionsDir: string,
    readonly indexFile: string,
    private readonly fs: FsSeam,
  ) {}

  static defaultIndexFile(sessionsDir: string): string {
    return join(dirname(sessionsDir), INDEX_FILE_NAME);
  }

  /** Reads the stored index, reconciles it with the folder (one stat per file), saves it if it changed. */
  static load(sessionsDir: string, opts: IndexOptions = {}): SessionIndex {
    const index = SessionIndex.loadStored(sessionsDir, opts);
    if (!index.justRebuilt) {
      index.reconcile();
      index.trySave();
    }
    return index;
  }

  /**
   * The fast path for a first paint: the stored rows as they are, no stat of any session file (10,000
   * stats alone cost about the whole 50 ms list budget). Call reconcile() right after showing them. A
   * missing or unreadable index is rebuilt from the files here, since there is nothing else to show.
   */
  static loadStored(sessionsDir: string, opts: IndexOptions = {}): SessionIndex {
    const fs = opts.fs ?? realFs;
    const index = new SessionIndex(sessionsDir, opts.indexFile ?? SessionIndex.defaultIndexFile(sessionsDir), fs);
    const stored = readStoredRecords(fs, index.indexFile);
    if (stored) {
      for (const record of stored) index.put(record);
      index.dirty = false;
    } else {
      index.reconcile();
      index.trySave();
      index.justRebuilt = true;
    }
    return index;
  }

  /** Re-reads (head, scan, tail) only the files whose size or mtime differ from the stored row. */
  reconcile(): ReconcileReport {
    const report: ReconcileReport = { added: 0, changed: 0, removed: 0, unchanged: 0 };
    const present = new Set<string>();
    for (const name of listSessionFiles(this.fs, this.sessionsDir)) {
      const path = join(this.sessionsDir, name);
      const known = this.records.get(name);
      present.add(name);
      // A file the index has never seen is read right away: its own fstat gives size and mtime.
      if (known) {
        const stat = this.fs.statSync(path);
        if (stat && known.size === stat.size && known.mtimeMs === stat.mtimeMs) {
          report.unchanged++;
          continue;
        }
      }
      const fresh = this.summarize(path);
      if (!fresh) {
        present.delete(name);
        continue;
      }
      this.put(fresh);
      if (known) report.changed++;
      else report.added++;
    }
    // A copy of the keys: rows are forgotten while the loop runs.
    for (const name of Array.from(this.records.keys())) {
      if (!present.has(name)) {
        this.forgetFile(name);
        report.removed++;
      }
    }
    this.lastReconcile = report;
    return report;
  }

  /**
   * Newest first (last activity, then creation). With a query: rows whose title or first user message
   * contain every word of it, case-insensitively.
   */
  list(query?: string): SessionSummary[] {
    const words = titleWords(query);
    const rows: SessionSummary[] = [];
    for (const record of this.sortedRecords()) {
      if (words.length && !this.titleMatches(record, words)) continue;
      rows.push(record.summary); // frozen in put(), so sharing it is safe
    }
    return rows;
  }

  /** Every row, newest first (the array is the index's own: read it, do not keep it). */
  rows(): readonly IndexRecord[] {
    return this.sortedRecords();
  }

  /** Each file as the index last saw it, for the full-text index to reconcile with. */
  fileStates(): FileState[] {
    return [...this.records.values()].map(({ file, size, mtimeMs }) => ({ file, size, mtimeMs }));
  }

  /** Whether the row's title or first user message contains every word (see titleWords), case-insensitively. */
  titleMatches(record: IndexRecord, words: readonly string[]): boolean {
    let haystack = this.haystacks.get(record);
    if (haystack === undefined) {
      haystack = `${record.summary.title}\n${record.firstMessage}`.toLowerCase();
      this.haystacks.set(record, haystack);
    }
    for (const word of words) if (!haystack.includes(word)) return false;
    return true;
  }

  get(id: string): SessionSummary | undefined {
    return this.recordForId(id)?.summary;
  }

  /** The session's file path, if the index knows it. */
  fileFor(id: string): string | undefined {
    const name = this.fileById.get(id);
    return name === undefined ? undefined : join(this.sessionsDir, name);
  }

  get size(): number {
    return this.records.size;
  }

  /** Takes the open session's current summary (after each saved message, rename, switch). */
  upsert(source: SummarySource): SessionSummary {
    const { firstMessage, ...summary } = source.getSummary();
    const path = source.getSessionFile();
    const stat = this.fs.statSync(path) ?? { size: 0, mtimeMs: 0 };
    const record: IndexRecord = { file: basename(path), size: stat.size, mtimeMs: stat.mtimeMs, summary, firstMessage };
    this.put(record);
    return { ...summary };
  }

  /** Applies a partial change to a row; a file the index does not know yet is read (head/scan/tail) first. */
  update(idOrFile: string, patch: SummaryPatch = {}): SessionSummary | undefined {
    const name = this.resolveFileName(idOrFile);
    if (name === undefined) return undefined;
    const path = join(this.sessionsDir, name);
    const base = this.records.get(name) ?? this.summarize(path);
    if (!base) return undefined;
    const { firstMessage, ...summaryPatch } = patch;
    const stat = this.fs.statSync(path) ?? base;
    const record: IndexRecord = {
      file: name,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      summary: { ...base.summary, ...summaryPatch, id: base.summary.id },
      firstMessage: firstMessage ?? base.firstMessage,
    };
    this.put(record);
    return { ...record.summary };
  }

  /** Forgets a session's row (its file was deleted). */
  drop(id: string): void {
    const name = this.fileById.get(id);
    if (name !== undefined) this.forgetFile(name);
  }

  /** Writes the index (temp → fsync → rename) if anything changed since the last save. */
  save(): void {
    if (!this.dirty) return;
    // In list order, so the sort after the next load meets an already sorted array.
    const stored = { version: INDEX_VERSION, records: this.sortedRecords() };
    // Pure ASCII on disk: it decodes 4× faster and parses as a one-byte string (titles carry "…").
    writeFileAtomic(this.fs, this.indexFile, escapeNonAscii(JSON.stringify(stored)));
    this.dirty = false;
  }

  private trySave(): void {
    try {
      this.save();
    } catch {
      // Derived data: failing to store it costs a rescan at the next start, nothing else.
    }
  }

  private summarize(path: string): IndexRecord | undefined {
    let found: FileSummary;
    try {
      found = summarizeSessionFile(this.fs, path);
    } catch {
      return undefined; // vanished between listing and reading
    }
    return { file: basename(path), size: found.size, mtimeMs: found.mtimeMs, summary: found.summary, firstMessage: found.firstMessage };
  }

  private put(record: IndexRecord): void {
    Object.freeze(record.summary);
    const old = this.records.get(record.file);
    if (old) this.haystacks.delete(old);
    if (old && old.summary.id !== record.summary.id) this.forgetId(old.summary.id, record.file);
    this.records.set(record.file, record);
    this.fileById.set(record.summary.id, record.file);
    this.sorted = undefined;
    this.dirty = true;
  }

  private forgetFile(name: string): void {
    const record = this.records.get(name);
    if (!record) return;
    this.records.delete(name);
    this.haystacks.delete(record);
    this.forgetId(record.summary.id, name);
    this.sorted = undefined;
    this.dirty = true;
  }

  /** Two files can claim one id (a copied file); the id then points at any other file still holding it. */
  private forgetId(id: string, name: string): void {
    if (this.fileById.get(id) !== name) return;
    this.fileById.delete(id);
    for (const other of this.records.values()) {
      if (other.summary.id === id && other.file !== name) {
        this.fileById.set(id, other.file);
        return;
      }
    }
  }

  private recordForId(id: string): IndexRecord | undefined {
    const name = this.fileById.get(id);
    return name === undefined ? undefined : this.records.get(name);
  }

  private resolveFileName(idOrFile: string): string | undefined {
    if (idOrFile.endsWith('.jsonl')) return basename(idOrFile);
    const known = this.fileById.get(idOrFile);
    if (known !== undefined) return known;
    return listSessionFiles(this.fs, this.sessionsDir).find((name) => sessionIdFromFileName(name) === idOrFile);
  }

  private sortedRecords(): IndexRecord[] {
    if (!this.sorted) {
      const rows = [...this.records.values()].map((record) => ({
        record,
        key: `${sortableTime(record.summary.updatedAt)} ${sortableTime(record.summary.createdAt)} ${record.file}`,
      }));
      rows.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
      this.sorted = rows.map((row) => row.record);
    }
    return this.sorted;
  }
}

/** The words of a title search: the query lower-cased, split at white space. */
export function titleWords(query: string | undefined): string[] {
  return (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

function listSessionFiles(fs: FsSeam, dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter(isSessionFileName);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return [];
    throw StorageError.fromFsError('listing', dir, err);
  }
}

/** The stored rows, or undefined when the index file is missing, unreadable or of another version. */
function readStoredRecords(fs: FsSeam, indexFile: string): IndexRecord[] | undefined {
  let fd: number;
  try {
    fd = fs.openSync(indexFile, 'r');
  } catch {
    return undefined;
  }
  let raw: string;
  try {
    const bytes = readAt(fs, fd, 0, fs.fstatSync(fd).size);
    raw = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { version, records } = stored as { version?: unknown; records?: unknown };
  if (version !== INDEX_VERSION || !Array.isArray(records)) return undefined;
  return records.filter(isIndexRecord);
}

/** Canonical ISO strings sort as text; anything else is normalised first (unparseable sorts oldest). */
function sortableTime(iso: string): string {
  if (iso.length === 24 && iso.endsWith('Z') && iso[10] === 'T') return iso;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

function escapeNonAscii(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const ORIGINS: ReadonlySet<unknown> = new Set(SessionOrigin.options);

/** Hand-checked rather than zod: this runs on every start for every row, inside the 50 ms list budget. */
function isIndexRecord(value: unknown): value is IndexRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  if (typeof r.file !== 'string' || typeof r.size !== 'number' || typeof r.mtimeMs !== 'number') return false;
  if (typeof r.firstMessage !== 'string' || typeof r.summary !== 'object' || r.summary === null) return false;
  const s = r.summary as Record<string, unknown>;
  return (
    typeof s.id === 'string' &&
    typeof s.title === 'string' &&
    typeof s.createdAt === 'string' &&
    typeof s.updatedAt === 'string' &&
    typeof s.messageCount === 'number' &&
    (s.parentSession === undefined || typeof s.parentSession === 'string') &&
    (s.origin === undefined || ORIGINS.has(s.origin)) &&
    (s.unreadable === undefined || typeof s.unreadable === 'string') &&
    (s.copy === undefined || typeof s.copy === 'string')
  );
}
