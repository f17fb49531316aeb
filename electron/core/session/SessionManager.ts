// One object owns the current session file (SPEC §2): it holds the file's lock and its open descriptor,
// appends entries as complete, fsynced records, and keeps the entry tree in memory.
import { t } from '../../../shared/i18n';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import type {
  AgentMessage,
  BranchSwitchEntry,
  CustomMessageEntry,
  HandoffDraft,
  HandoffDraftEntry,
  HandoffOutcomeEntry,
  ImportedFrom,
  MessageEntry,
  PinEntry,
  SessionEntry,
  SessionHeader,
  SessionOrigin,
  SessionSummary,
} from '../../../shared/session';
import { writeFileAtomicSteps } from '../storage/atomicWrite';
import { StorageError } from '../storage/errors';
import { realFs, type FsSeam } from '../storage/fsSeam';
import { runNow, type Steps } from '../storage/steps';
import { closeQuietly, fsyncDir, openFd, unlinkQuietly } from '../storage/io';
import type { FileLock } from '../storage/lock';
import { isSessionEntry } from './entryShape';
import { entryId } from './entryId';
import { EntryTree } from './entryTree';
import { sessionFileName } from './fileName';
import { readSessionSteps } from './parseSession';
import { RecordWriter } from './recordWriter';
import { buildContext, type SessionContext } from './sessionContext';
import { newSessionParts, type EntryLines } from './sessionLines';
import { lockSession } from './sessionLock';
import { FIRST_MESSAGE_SEARCH_CHARS } from './summarizeFile';
import { SessionFacts } from './sessionFacts';
import { shortenTitle, UNTITLED } from './title';
import { isVersionable, leafShowing, versionsAt } from './versions';

export const SESSION_FORMAT_VERSION = 1;

export type ModelChangeEntry = Extract<SessionEntry, { type: 'model_change' }>;
export type SessionInfoEntry = Extract<SessionEntry, { type: 'session_info' }>;

export interface FsOptions {
  /** The fs calls to use; tests pass one that fails on cue. */
  fs?: FsSeam;
}

export interface NewSessionOptions {
  /** The new session's id, when the caller must know it before the file exists (a fresh UUID if absent). */
  id?: string;
  /** Id of the session this one was handed off from. */
  parentSession?: string;
  origin?: SessionOrigin;
  importedFrom?: ImportedFrom;
  title?: string;
}

export interface OpenOptions extends FsOptions {
  /** Load without taking the lock; every append then throws READ_ONLY. For a file another process writes. */
  readOnly?: boolean;
  /** Why the file is open read-only, said when an append is refused (the data folder cannot be written). */
  readOnlyReason?: string;
}

/** A sidebar row for this session, plus the first user message the index searches. */
export type LiveSummary = SessionSummary & { firstMessage: string };

/** Everything that belongs to the one file currently owned; replaced as a whole by newSession(). */
interface OwnedFile {
  path: string;
  header: SessionHeader;
  tree: EntryTree;
  writer: RecordWriter | undefined;
  lock: FileLock | undefined;
  unreadableRecords: number;
  /** Set when the session is open read-only because nothing can be saved; what the user is told. */
  readOnlyReason: string | undefined;
  /** Count, first message, title, instructions and pins, as the entries say. */
  facts: SessionFacts;
  /** For a sync tool's copy of another session: what its file name adds (its header's id is then its own). */
  copy: string | undefined;
}

export class SessionManager {
  private file: OwnedFile;
  private closed = false;

  private constructor(
    private readonly sessionsDir: string,
    file: OwnedFile,
    private readonly fs: FsSeam,
  ) {
    this.file = file;
  }

  /** Creates a session file with its header, fsynced, lock held: it is on disk when this returns. */
  static create(sessionsDir: string, opts: NewSessionOptions & FsOptions = {}): SessionManager {
    const fs = opts.fs ?? realFs;
    return new SessionManager(sessionsDir, createFile(fs, sessionsDir, opts), fs);
  }

  /**
   * Creates a session file that already holds entries (an imported session's, as `lines`), written
   * atomically and opened for writing: it is on disk, whole, when this returns, and nothing is left
   * behind on failure.
   */
  static createWithEntries(sessionsDir: string, lines: EntryLines, opts: NewSessionOptions & FsOptions = {}): SessionManager {
    return runNow(SessionManager.createWithEntriesSteps(sessionsDir, lines, opts));
  }

  /** The same, its reading in steps (steps.ts). */
  static *createWithEntriesSteps(sessionsDir: string, lines: EntryLines, opts: NewSessionOptions & FsOptions = {}): Steps<SessionManager> {
    const fs = opts.fs ?? realFs;
    const path = yield* writeNewFileSteps(fs, sessionsDir, opts, lines);
    try {
      return yield* SessionManager.openSteps(path, { fs });
    } catch (err) {
      unlinkQuietly(fs, path);
      throw err;
    }
  }

  /**
   * Loads a whole session file. A torn last record is dropped (and cut off before the next append);
   * unreadable interior records are skipped and counted in `unreadableRecords`. Throws
   * UnreadableSessionError for a file that is not a session, SessionLockedError when another live
   * process writes it (unless `readOnly`).
   */
  static open(filePath: string, opts: OpenOptions = {}): SessionManager {
    return runNow(SessionManager.openSteps(filePath, opts));
  }

  /** The same, a step per chunk of the file (steps.ts): the lock is held from the first step on. */
  static *openSteps(filePath: string, opts: OpenOptions = {}): Steps<SessionManager> {
    const fs = opts.fs ?? realFs;
    const file = yield* openFileSteps(fs, filePath, opts.readOnly === true);
    file.readOnlyReason = opts.readOnlyReason;
    return new SessionManager(dirname(filePath), file, fs);
  }

  /**
   * Switches to a fresh file (header only, leaf null). The old file is flushed first and released only
   * once the new one exists, so a failure leaves this manager on the old session.
   */
  newSession(opts: NewSessionOptions = {}): SessionHeader {
    if (!this.closed) this.file.writer?.syncPending();
    const next = createFile(this.fs, this.sessionsDir, opts);
    const old = this.file;
    this.file = next;
    this.closed = false;
    releaseFile(old);
    return next.header;
  }

  getHeader(): SessionHeader {
    return this.file.header;
  }

  getSessionId(): string {
    return this.file.header.id;
  }

  getSessionFile(): string {
    return this.file.path;
  }

  /** Why nothing can be saved to this session (it was opened read-only for that reason); else undefined. */
  get readOnlyReason(): string | undefined {
    return this.file.readOnlyReason;
  }

  /** Records skipped on load because they could not be read ("N records could not be read"). */
  get unreadableRecords(): number {
    return this.file.unreadableRecords;
  }

  /** All readable entries in file order (a copy). */
  getEntries(): SessionEntry[] {
    return this.file.tree.list();
  }

  getLeafId(): string | null {
    return this.file.tree.leafId;
  }

  /** The entry with this id, if the session has it. */
  getEntry(id: string): SessionEntry | undefined {
    const { tree } = this.file;
    const at = tree.positionOf(id);
    return at === undefined ? undefined : tree.at(at);
  }

  /** Root → leaf path (or root → the given entry). */
  getBranch(leafId: string | null = this.file.tree.leafId): SessionEntry[] {
    return this.file.tree.branch(leafId);
  }

  /**
   * Moves the leaf, in memory: the next entry attaches to `leafId` (null: a new root). An edit or a
   * regenerate moves it to where the new version starts; the entry written next puts it on disk.
   */
  setLeaf(leafId: string | null): void {
    if (leafId !== null && this.file.tree.positionOf(leafId) === undefined) throw new RangeError(`No entry ${leafId} in this session`);
    this.file.tree.leafId = leafId;
  }

  /**
   * Makes the leaf what a reopen shows (the last entry in file order, SPEC §2): when it is not the last
   * entry, a branch_switch entry is written under it. Returns the entry written, if one was.
   */
  saveLeaf(): BranchSwitchEntry | undefined {
    const { tree } = this.file;
    if (tree.leafId === (tree.last()?.id ?? null)) return undefined;
    return this.append({ type: 'branch_switch', ...this.entryBase() }) as BranchSwitchEntry;
  }

  /**
   * The leaf that shows the message `id` as the version on screen: the newest entry in its branch.
   * Undefined when `id` is not a message that can have versions.
   */
  leafToShow(id: string): string | null | undefined {
    const { tree } = this.file;
    const at = tree.positionOf(id);
    if (at === undefined || !isVersionable(tree.at(at))) return undefined;
    const leaf = leafShowing(tree, at);
    return tree.at(leaf)?.id ?? null;
  }

  /** The ids of every version of the message `id`, itself included, in file order; undefined when it has only one. */
  versionsOf(id: string): string[] | undefined {
    const { tree } = this.file;
    if (!tree.hasBranches()) return undefined;
    const at = tree.positionOf(id);
    if (at === undefined) return undefined;
    const versions = versionsAt(tree, at);
    return versions.length > 1 ? versions.map((v) => tree.at(v)?.id ?? '') : undefined;
  }

  /**
   * Entries [start, end) of the branch shown, with the versions of their messages (those with more than
   * one). Read by position along the branch, so a session without forks never builds a map.
   */
  getBranchSlice(start: number, end?: number): { entries: SessionEntry[]; versions: Record<string, string[]> } {
    const { tree } = this.file;
    const positions = tree.branchPositions().slice(start, end);
    const entries = positions.map((at) => tree.at(at) as SessionEntry);
    const versions: Record<string, string[]> = {};
    if (!tree.hasBranches()) return { entries, versions };
    for (const at of positions) {
      const found = versionsAt(tree, at);
      if (found.length > 1) versions[tree.at(at)?.id ?? ''] = found.map((v) => tree.at(v)?.id ?? '');
    }
    return { entries, versions };
  }

  /** How many entries the branch shown has. */
  getBranchLength(): number {
    return this.file.tree.branchPositions().length;
  }

  buildSessionContext(): SessionContext {
    return buildContext(this.getBranch());
  }

  /**
   * The session_info title (last wins: a title Claude wrote is never written after a rename), else the
   * header's, else the first user message shortened.
   */
  getTitle(): string {
    const { header } = this.file;
    const { explicitTitle, firstMessage } = this.file.facts;
    return explicitTitle ?? (header.title?.trim() || (firstMessage ? shortenTitle(firstMessage) : UNTITLED));
  }

  /** What the history index should hold for this session right now. */
  getSummary(): LiveSummary {
    const { header, tree, copy } = this.file;
    const { messageCount, firstMessage } = this.file.facts;
    const summary: LiveSummary = {
      id: header.id,
      title: this.getTitle(),
      createdAt: header.timestamp,
      updatedAt: tree.last()?.timestamp ?? header.timestamp,
      messageCount,
      firstMessage: (firstMessage ?? '').replace(/\s+/g, ' ').trim().slice(0, FIRST_MESSAGE_SEARCH_CHARS),
    };
    if (header.parentSession !== undefined) summary.parentSession = header.parentSession;
    if (header.origin !== undefined) summary.origin = header.origin;
    if (copy !== undefined) summary.copy = copy;
    return summary;
  }

  /**
   * Persists a settled message (user prompt accepted, assistant message ended, tool result) and fsyncs:
   * messages are saved only on message_end, so every call is a turn boundary, never a streamed token.
   */
  appendMessage(message: AgentMessage): MessageEntry {
    return this.append({ type: 'message', ...this.entryBase(), message }) as MessageEntry;
  }

  appendCustomMessageEntry(customType: string, content: string, display: boolean, details?: unknown): CustomMessageEntry {
    const entry = { type: 'custom_message' as const, ...this.entryBase(), customType, content, display };
    return this.append(details === undefined ? entry : { ...entry, details }) as CustomMessageEntry;
  }

  appendHandoffOutcome(outcome: Omit<HandoffOutcomeEntry, 'type' | 'id' | 'parentId' | 'timestamp'>): HandoffOutcomeEntry {
    return this.append({ type: 'handoff_outcome', ...this.entryBase(), ...outcome }) as HandoffOutcomeEntry;
  }

  /** Pins (or unpins) the message `entryId` for handoff; the last pin entry of a message wins. */
  appendPin(entryId: string, pinned: boolean): PinEntry {
    return this.append({ type: 'pin', ...this.entryBase(), entryId, pinned }) as PinEntry;
  }

  /** The ids of the pinned messages, in the order they were pinned. */
  getPinned(): ReadonlySet<string> {
    return this.file.facts.pinned;
  }

  /** Keeps a document waiting for review (undefined: the review ended). */
  appendHandoffDraft(draft: HandoffDraft | undefined): HandoffDraftEntry {
    const entry = { type: 'handoff_draft' as const, ...this.entryBase() };
    return this.append(draft === undefined ? entry : { ...entry, draft }) as HandoffDraftEntry;
  }

  appendModelChange(model: string): ModelChangeEntry {
    return this.append({ type: 'model_change', ...this.entryBase(), model }) as ModelChangeEntry;
  }

  appendSessionInfo(info: Pick<SessionInfoEntry, 'title' | 'autoTitle' | 'instructions'>): SessionInfoEntry {
    const fields = Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined));
    return this.append({ type: 'session_info', ...this.entryBase(), ...fields }) as SessionInfoEntry;
  }

  /** Whether the user named the session (then no title Claude writes replaces it). */
  hasUserTitle(): boolean {
    return this.file.facts.userTitled;
  }

  /** Whether Claude wrote the session a title already. */
  hasAutoTitle(): boolean {
    return this.file.facts.autoTitled;
  }

  /** The session's own custom instructions ('' for none), or undefined: the Settings' ones apply. */
  getInstructions(): string | undefined {
    return this.file.facts.instructions;
  }

  /** Makes everything written so far durable. */
  flush(): void {
    this.file.writer?.sync();
  }

  /** Flushes what is not yet durable, closes the file and releases the lock. Further appends throw CLOSED. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const { writer } = this.file;
    try {
      writer?.syncPending();
    } finally {
      releaseFile(this.file);
    }
  }

  private entryBase(): { id: string; parentId: string | null; timestamp: string } {
    return { id: entryId(), parentId: this.file.tree.leafId, timestamp: new Date().toISOString() };
  }

  /**
   * Writes the record, then updates memory: after a failed write the caller gets a StorageError and the
   * session (on disk and in memory) is exactly as before.
   */
  private append(draft: SessionEntry): SessionEntry {
    const { writer, path } = this.file;
    if (this.closed) throw new StorageError('CLOSED', t('texts.sessionClosed', { path }));
    if (!writer) throw new StorageError('READ_ONLY', this.file.readOnlyReason ?? t('texts.sessionOpenReadOnly', { path }));
    if (!isSessionEntry(draft)) throw new TypeError(`Refusing to save a malformed ${(draft as SessionEntry).type} entry`);
    const line = JSON.stringify(draft);
    writer.append(line, true);
    // The stored entry is what the file says (undefined fields dropped, no aliasing of the caller's objects).
    const entry = JSON.parse(line) as SessionEntry;
    this.file.tree.add(entry);
    this.file.facts.note(entry);
    return entry;
  }
}

function newHeader(opts: NewSessionOptions): SessionHeader {
  const header: SessionHeader = {
    type: 'session',
    version: SESSION_FORMAT_VERSION,
    id: opts.id ?? randomUUID(),
    timestamp: new Date().toISOString(),
  };
  if (opts.title !== undefined) header.title = opts.title;
  if (opts.parentSession !== undefined) header.parentSession = opts.parentSession;
  if (opts.origin !== undefined) header.origin = opts.origin;
  if (opts.importedFrom !== undefined) header.importedFrom = opts.importedFrom;
  return header;
}

/** The folder exists, and the path a new session with this header gets in it. */
function newSessionPath(fs: FsSeam, sessionsDir: string, header: SessionHeader): string {
  try {
    fs.mkdirSync(sessionsDir);
  } catch (err) {
    throw StorageError.fromFsError('creatingSessionsFolder', sessionsDir, err);
  }
  return join(sessionsDir, sessionFileName(header.timestamp, header.id));
}

/**
 * A whole new session file, header and entries, written in one atomic step (temp file, fsync, rename):
 * it exists complete or not at all, however many entries it has.
 */
function* writeNewFileSteps(fs: FsSeam, sessionsDir: string, opts: NewSessionOptions, lines: EntryLines): Steps<string> {
  const header = newHeader(opts);
  const path = newSessionPath(fs, sessionsDir, header);
  yield* writeFileAtomicSteps(fs, path, newSessionParts(header, lines));
  return path;
}

function createFile(fs: FsSeam, sessionsDir: string, opts: NewSessionOptions): OwnedFile {
  const header = newHeader(opts);
  const path = newSessionPath(fs, sessionsDir, header);
  const lock = lockSession(fs, path);
  let fd: number | undefined;
  try {
    fd = openFd(fs, path, 'wx', 0o600);
    const writer = new RecordWriter(fs, fd, path, 0, false);
    writer.append(JSON.stringify(header), true);
    // The new name in the directory must survive a crash too, or the fsynced file is unreachable.
    fsyncDir(fs, sessionsDir);
    return { ...emptyFile(path, header), writer, lock };
  } catch (err) {
    if (fd !== undefined) {
      closeQuietly(fs, fd);
      unlinkQuietly(fs, path);
    }
    lock.release();
    throw err;
  }
}

function* openFileSteps(fs: FsSeam, path: string, readOnly: boolean): Steps<OwnedFile> {
  // Lock before reading, so nobody appends between our read and our first write.
  const lock = readOnly ? undefined : lockSession(fs, path);
  let fd: number | undefined;
  let opened = false;
  try {
    fd = openFd(fs, path, readOnly ? 'r' : 'r+');
    const parsed = yield* readSessionSteps(fs, fd, path);
    const file: OwnedFile = { ...emptyFile(path, parsed.header), lock, tree: new EntryTree(parsed.entries), facts: parsed.facts };
    file.unreadableRecords = parsed.unreadableRecords;
    file.copy = parsed.copy;
    if (readOnly) closeQuietly(fs, fd);
    else file.writer = new RecordWriter(fs, fd, path, parsed.completeLength, parsed.fileLength > parsed.completeLength);
    opened = true;
    return file;
  } finally {
    // Failed, or abandoned between steps: nothing stays open or locked.
    if (!opened) {
      if (fd !== undefined) closeQuietly(fs, fd);
      lock?.release();
    }
  }
}

function emptyFile(path: string, header: SessionHeader): OwnedFile {
  return {
    path,
    header,
    tree: new EntryTree(),
    writer: undefined,
    lock: undefined,
    unreadableRecords: 0,
    readOnlyReason: undefined,
    facts: new SessionFacts(),
    copy: undefined,
  };
}

function releaseFile(file: OwnedFile): void {
  try {
    file.writer?.close();
  } finally {
    file.writer = undefined;
    file.lock?.release();
    file.lock = undefined;
  }
}
