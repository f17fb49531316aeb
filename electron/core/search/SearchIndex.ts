// The full-text index of the session files (SPEC §5 "Search"): for every session, which terms occur in
// which of its messages. Derived data like the history index: kept in `<dataDir>/search-index.bin`,
// rebuilt from the files when missing or damaged, reconciled with them at startup (size + mtime say
// which files changed; one that only grew has just its new lines read). The store tells it about every
// append, so it stays current without rescanning; the work a file needs is done a slice at a time by
// step(), which BackgroundIndexing calls between other events, so the app answers while it builds.
import { basename, dirname, join } from 'node:path';
import type { IndexProgress, SearchSnippet } from '../../../shared/search';
import { writeFileAtomic } from '../storage/atomicWrite';
import { errnoCode } from '../storage/errors';
import { realFs, type FsSeam } from '../storage/fsSeam';
import { readAt } from '../storage/io';
import { isSessionEntry } from '../session/entryShape';
import { indexMore } from './FileIndexer';
import { shownText } from './searchableText';
import { decodeSnapshot, encodeSnapshot } from './snapshot';
import { makeSnippet } from './snippet';
import { TermDictionary } from './TermDictionary';
import { LOOKUP_MAX, TextDoc, type TermSet } from './TextDoc';
import { queryMarks, queryTokens } from './tokenize';

export const SEARCH_INDEX_FILE_NAME = 'search-index.bin';

/** How much of a file one step reads: a few milliseconds of work. An append bigger than this (a pasted
 * book) is left to the background steps too. */
const STEP_BYTES = 256 * 1024;
/** A line longer than this gives no snippet (reading and parsing it would cost more than a whole search). */
const SNIPPET_MAX_LINE = 1024 * 1024;

/** What the index needs to know of a session file to tell whether it changed. */
export interface FileState {
  /** File name inside the sessions folder. */
  file: string;
  size: number;
  mtimeMs: number;
}

export interface SearchIndexOptions {
  /** Defaults to `search-index.bin` beside the sessions folder. */
  indexFile?: string;
  fs?: FsSeam;
}

/** A query, cut into tokens and looked up in the dictionary once for all sessions. */
export interface PreparedQuery {
  /** What to mark in a snippet. */
  marks: string[];
  sets: TermSet[];
}

export class SearchIndex {
  private readonly docs = new Map<string, TextDoc>();
  /** Docs with lines still to read, oldest request first. */
  private readonly queue = new Map<string, TextDoc>();
  private round: IndexProgress = { indexed: 0, total: 0 };
  private dirty = false;
  /** Called when work is queued (BackgroundIndexing schedules steps). */
  onQueued: (() => void) | undefined;
  /** Called when an append or a delete changed the index (BackgroundIndexing saves it a while later). */
  onChanged: (() => void) | undefined;

  private constructor(
    readonly sessionsDir: string,
    readonly indexFile: string,
    private readonly fs: FsSeam,
    private readonly dict: TermDictionary,
  ) {}

  /** Reads the snapshot, if there is a sound one; reconcile() then says what the files need. */
  static load(sessionsDir: string, opts: SearchIndexOptions = {}): SearchIndex {
    const fs = opts.fs ?? realFs;
    const indexFile = opts.indexFile ?? join(dirname(sessionsDir), SEARCH_INDEX_FILE_NAME);
    const snapshot = readSnapshot(fs, indexFile);
    const index = new SearchIndex(sessionsDir, indexFile, fs, snapshot?.dict ?? new TermDictionary());
    for (const doc of snapshot?.docs ?? []) index.docs.set(doc.file, doc);
    index.dirty = !snapshot;
    return index;
  }

  /**
   * Compares the index with the files as they are: a new file is queued whole, a grown one from where
   * it was left, a changed one (shrunk, rewritten) anew; a gone one is forgotten. Nothing is read here.
   */
  reconcile(files: readonly FileState[]): void {
    const present = new Set<string>();
    for (const state of files) {
      present.add(state.file);
      const doc = this.docs.get(state.file);
      if (doc && doc.size === state.size && doc.mtimeMs === state.mtimeMs) continue;
      if (doc && state.size > doc.size && this.endsLineAt(state.file, doc.size)) this.enqueue(doc);
      else this.enqueue(this.fresh(state.file));
    }
    for (const file of Array.from(this.docs.keys())) if (!present.has(file)) this.drop(file);
  }

  /** Sessions indexed of those queued this round; null when nothing is left to do. */
  get progress(): IndexProgress | null {
    return this.queue.size ? { ...this.round } : null;
  }

  /** Reads and indexes for about `budgetMs`; true while work is left. */
  step(budgetMs: number): boolean {
    const deadline = performance.now() + budgetMs;
    while (this.queue.size) {
      const [file, doc] = this.queue.entries().next().value!;
      let done: boolean;
      try {
        done = indexMore(this.fs, this.pathOf(file), doc, this.dict, STEP_BYTES);
      } catch (err) {
        // Gone since it was listed: forget it. Unreadable: leave what was read, the next start tries again.
        if (errnoCode(err) === 'ENOENT') this.docs.delete(file);
        done = true;
      }
      this.dirty = true;
      if (done) {
        this.queue.delete(file);
        doc.compact();
        this.round.indexed++;
      } else {
        doc.compactIfLarge();
      }
      if (performance.now() >= deadline) break;
    }
    if (!this.queue.size) this.round = { indexed: 0, total: 0 };
    return this.queue.size > 0;
  }

  /** Indexes what was just appended to a file (after each saved message, rename, new session). */
  refresh(file: string): void {
    if (this.queue.has(file)) return; // the background steps will read it
    let doc = this.docs.get(file);
    if (!doc) {
      doc = new TextDoc(file, 0, 0);
      this.docs.set(file, doc);
    }
    let done: boolean;
    try {
      done = indexMore(this.fs, this.pathOf(file), doc, this.dict, STEP_BYTES);
    } catch {
      done = false;
    }
    this.dirty = true;
    if (!done) this.enqueue(doc);
    doc.compactIfLarge();
    this.onChanged?.();
  }

  /** Forgets a session's file (deleted). */
  drop(file: string): void {
    if (this.queue.delete(file)) this.round.indexed++;
    if (this.docs.delete(file)) {
      this.dirty = true;
      this.onChanged?.();
    }
  }

  /** The query's tokens resolved to term ids; undefined when it has no word the index could hold. */
  prepare(query: string): PreparedQuery | undefined {
    const tokens = queryTokens(query);
    if (!tokens.length) return undefined;
    const sets = tokens.map((token): TermSet => {
      const ids = this.dict.withPrefix(token);
      if (ids.length <= LOOKUP_MAX) return { ids };
      const marked = new Uint8Array(this.dict.size);
      for (const id of ids) marked[id] = 1;
      return { ids, marked };
    });
    return { marks: queryMarks(query), sets };
  }

  /** Whether every token of the query occurs in the session (cheap: no message is picked). */
  holds(file: string, query: PreparedQuery): boolean {
    const doc = this.docs.get(file);
    if (!doc || doc.messageCount === 0) return false;
    return query.sets.every((set) => set.ids.length > 0 && doc.hasAny(set));
  }

  /** The message of the file that best matches (every token must occur in the session), or undefined. */
  match(file: string, query: PreparedQuery): { ordinal: number; entryId: string } | undefined {
    if (!this.holds(file, query)) return undefined;
    const doc = this.docs.get(file)!;
    const ordinal = doc.bestMessage(query.sets);
    return ordinal < 0 ? undefined : { ordinal, entryId: doc.entryId(ordinal) };
  }

  /**
   * The words around the match in that message, read from the file by the line's offset. A line longer
   * than `budget.bytes` gives none; one read is taken from the budget.
   */
  snippet(file: string, ordinal: number, query: PreparedQuery, budget: { bytes: number }): SearchSnippet | undefined {
    const doc = this.docs.get(file);
    if (!doc || ordinal >= doc.messageCount) return undefined;
    const { start, length } = doc.line(ordinal);
    if (length > SNIPPET_MAX_LINE || length > budget.bytes) return undefined;
    budget.bytes -= length;
    let fd: number;
    try {
      fd = this.fs.openSync(this.pathOf(file), 'r');
    } catch {
      return undefined;
    }
    try {
      const value: unknown = JSON.parse(readAt(this.fs, fd, start, length).toString('utf8'));
      const text = isSessionEntry(value) ? shownText(value) : undefined;
      return text === undefined ? undefined : makeSnippet(text, query.marks);
    } catch {
      return undefined; // the file changed under the index: no snippet until it is read again
    } finally {
      this.fs.closeSync(fd);
    }
  }

  /** Whether the file is indexed through its end (false while queued or unknown). */
  isCurrent(file: string): boolean {
    return this.docs.has(file) && !this.queue.has(file);
  }

  /** Writes the snapshot (temp → fsync → rename) if anything changed since the last one. */
  save(): void {
    if (!this.dirty) return;
    const docs = [...this.docs.values()];
    writeFileAtomic(this.fs, this.indexFile, encodeSnapshot(this.dict, docs));
    this.dirty = false;
  }

  private fresh(file: string): TextDoc {
    const doc = new TextDoc(file, 0, 0);
    this.docs.set(file, doc);
    return doc;
  }

  private enqueue(doc: TextDoc): void {
    if (!this.queue.has(doc.file)) this.round.total++;
    this.queue.set(doc.file, doc);
    this.onQueued?.();
  }

  /** Whether the file still has a line break just before `offset` (so what was indexed is still its start). */
  private endsLineAt(file: string, offset: number): boolean {
    if (offset === 0) return true;
    try {
      const fd = this.fs.openSync(this.pathOf(file), 'r');
      try {
        return readAt(this.fs, fd, offset - 1, 1)[0] === 10;
      } finally {
        this.fs.closeSync(fd);
      }
    } catch {
      return false;
    }
  }

  private pathOf(file: string): string {
    return join(this.sessionsDir, basename(file));
  }
}

function readSnapshot(fs: FsSeam, file: string): ReturnType<typeof decodeSnapshot> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    return decodeSnapshot(readAt(fs, fd, 0, fs.fstatSync(fd).size));
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
