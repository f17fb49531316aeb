// The open sessions (SPEC §1, §3 "Runs in the background"): one Conversation per open session, opened
// when a view shows it and released when nothing runs in it and no view shows it, so memory stays bounded
// however many sessions are opened one after another. There is no "current session". The sidebar's index
// follows what each session writes; it is derived data, saved lazily, and a save that fails is reported
// as a storage error, never thrown from a timer.
import type { BatonEvent } from '../../../shared/contract';
import type { AgentSession } from '../agent/AgentSession';
import { toApiError } from '../errors';
import type { SessionManager } from '../session/SessionManager';
import type { SessionStore } from '../session/SessionStore';
import { SteppedTask } from '../storage/steps';
import { Conversation, type ConversationParts } from './Conversation';

/** How long quitting waits for a stopped reply to be saved. */
const STOP_WAIT_MS = 2_000;
/** How long the index waits for more changes before it is written. */
const INDEX_SAVE_DELAY_MS = 1_000;

/** Events after which the sidebar's row of the session may read differently. */
const INDEXED: ReadonlySet<BatonEvent['type']> = new Set(['message_end', 'entry_added', 'branch_changed']);

export interface ConversationsOptions {
  store: SessionStore;
  /** Builds the agent of a session opened here. */
  agentFor(manager: SessionManager): AgentSession;
  /** Every event of every open session, and the sidebar's. */
  emit(event: BatonEvent): void;
  /** What a conversation needs of the core, but the child it creates (that is this registry's). */
  parts: Omit<ConversationParts, 'createChild'>;
  /** After each run of a session has ended (a title may be asked for). */
  afterRun?(conversation: Conversation): void;
}

/** A session being read in steps, and the conversation it became once taken in. */
interface Opening {
  task: SteppedTask<SessionManager>;
  conversation?: Conversation;
}

export class Conversations {
  private readonly open = new Map<string, Conversation>();
  /** Sessions being read by openSessionYielding. */
  private readonly opening = new Map<string, Opening>();
  private readonly views = new Map<string, number>();
  /** Whether each session was last said to be running (session_status is sent on changes only). */
  private readonly running = new Set<string>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ConversationsOptions) {}

  get(id: string): Conversation | undefined {
    return this.open.get(id);
  }

  /** The open conversation of a session, opening it from its file when it is not (read-only when nothing can be written). */
  openSession(id: string): Conversation {
    const open = this.open.get(id);
    if (open) return open;
    const opening = this.opening.get(id);
    return opening ? this.adoptOpened(id, opening) : this.adopt(this.options.store.openOrRead(id));
  }

  /**
   * The same, reading the file a chunk per turn of the event loop, so that a huge session does not hold
   * the core (other sessions go on streaming). A call that needs the session sooner (openSession) finishes
   * the read at once; two of these for one session share one read.
   */
  async openSessionYielding(id: string): Promise<Conversation> {
    const open = this.open.get(id);
    if (open) return open;
    let opening = this.opening.get(id);
    if (!opening) {
      opening = { task: new SteppedTask(this.options.store.openOrReadSteps(id)) };
      this.opening.set(id, opening);
    }
    try {
      await opening.task.done;
    } catch (err) {
      if (this.opening.get(id) === opening) this.opening.delete(id);
      throw err;
    }
    // Taken in already by a call that could not wait (and perhaps released since): as any other open.
    return opening.conversation ? this.openSession(id) : this.adoptOpened(id, opening);
  }

  private adoptOpened(id: string, opening: Opening): Conversation {
    this.opening.delete(id);
    opening.conversation = this.adopt(opening.task.finishNow());
    return opening.conversation;
  }

  /**
   * Where the user left off: the most recently active session that opens, else a new one. One open on
   * another machine (a synced data folder) is passed over for the next that can be written.
   */
  openLatest(): Conversation {
    for (const summary of this.options.store.list()) {
      if (summary.unreadable) continue;
      try {
        return this.open.get(summary.id) ?? this.adopt(this.options.store.openOrRead(summary.id, false));
      } catch {
        // Locked by another instance or unreadable after all: try the next one.
      }
    }
    return this.create();
  }

  create(): Conversation {
    return this.adopt(this.options.store.create());
  }

  /** Takes a session opened (or just written) through the store into the registry and the sidebar. */
  adopt(manager: SessionManager): Conversation {
    const agent = this.options.agentFor(manager);
    const conversation = new Conversation(agent, {
      ...this.options.parts,
      createChild: ({ instructions, ...header }, seed) => {
        const child = this.options.store.create(header);
        try {
          for (const m of seed) child.appendCustomMessageEntry(m.customType, m.content, m.display, m.details);
          if (instructions !== undefined) child.appendSessionInfo({ instructions });
        } catch (err) {
          child.close();
          this.deleteQuietly(header.id);
          throw err;
        }
        // Open at once: the views that showed the parent move to it.
        this.adopt(child);
      },
    });
    this.open.set(conversation.id, conversation);
    conversation.subscribe((event) => this.observe(conversation, event));
    this.options.store.sync(manager);
    this.changed();
    // Nobody may be looking yet (a handoff's child): it is released unless a view takes it meanwhile.
    this.releaseSoon(conversation.id);
    return conversation;
  }

  /** A view shows the session. */
  retain(id: string): void {
    this.views.set(id, (this.views.get(id) ?? 0) + 1);
  }

  /** A view no longer shows the session. */
  release(id: string): void {
    const count = (this.views.get(id) ?? 0) - 1;
    if (count > 0) this.views.set(id, count);
    else this.views.delete(id);
    this.releaseIfIdle(id);
  }

  /** Why the session (else any open one) can only be read, when nothing can be saved. */
  readOnlyReason(id: string | undefined): string | undefined {
    const shown = id === undefined ? undefined : this.open.get(id);
    if (shown) return shown.manager.readOnlyReason;
    for (const conversation of this.open.values()) if (conversation.manager.readOnlyReason) return conversation.manager.readOnlyReason;
    return undefined;
  }

  /** The sessions whose reply or handoff is being written. */
  runningIds(): string[] {
    return [...this.running];
  }

  /** Stops what runs in the session, closes it and deletes its file and row. */
  delete(id: string): void {
    this.options.store.fileFor(id); // an unknown id is refused before anything changes
    const conversation = this.open.get(id);
    if (conversation) this.forget(conversation);
    if (this.options.store.get(id)) this.options.store.delete(id);
    this.changed();
  }

  /** Renames a session: the open one appends its own session_info; any other costs a tail read. */
  rename(id: string, title: string): void {
    const conversation = this.open.get(id);
    if (conversation) {
      conversation.manager.appendSessionInfo({ title });
      this.options.store.sync(conversation.manager);
    } else {
      this.options.store.rename(id, title); // a session open elsewhere is refused by its lock
    }
    this.changed();
  }

  /**
   * Writes a title Claude wrote, unless the user named the session meanwhile (a rename always wins). A
   * session released since is opened for it, and released again.
   */
  nameAutomatically(id: string, title: string): void {
    const wasOpen = this.open.has(id);
    const conversation = this.openSession(id);
    try {
      if (conversation.manager.hasUserTitle()) return;
      const entry = conversation.manager.appendSessionInfo({ title, autoTitle: true });
      conversation.agent.emit({ type: 'entry_added', sessionId: id, entry });
    } finally {
      if (!wasOpen) this.releaseSoon(id);
    }
  }

  /** The sidebar's rows changed: tell every view, and save the index a moment later. */
  changed(): void {
    this.options.emit({ type: 'sessions_changed' });
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.saveInBackground(), INDEX_SAVE_DELAY_MS);
    this.saveTimer.unref?.();
  }

  /**
   * At shutdown: stops every run and waits a moment for their partial replies to be saved (as Stop keeps
   * them; a tool call still waiting for approval is saved as denied), then closes every file and writes
   * the index.
   */
  async dispose(): Promise<void> {
    for (const opening of this.opening.values()) opening.task.cancel();
    this.opening.clear();
    const open = [...this.open.values()];
    for (const conversation of open) conversation.handoff.abort();
    await Promise.all(open.map((conversation) => conversation.agent.stop(STOP_WAIT_MS)));
    for (const conversation of open) conversation.close();
    this.open.clear();
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.options.store.save();
  }

  private observe(conversation: Conversation, event: BatonEvent): void {
    if (INDEXED.has(event.type)) {
      this.options.store.sync(conversation.manager);
      this.changed();
    }
    this.options.emit(event);
    if (event.type === 'agent_start' || event.type === 'agent_end' || event.type === 'handoff_progress') this.statusOf(conversation);
    if (event.type === 'agent_end') this.options.afterRun?.(conversation);
  }

  /** Tells every view when a session starts or stops writing (the sidebar's Generating and New reply). */
  private statusOf(conversation: Conversation): void {
    const id = conversation.id;
    const running = conversation.isRunning;
    if (running === this.running.has(id)) return;
    if (running) this.running.add(id);
    else this.running.delete(id);
    this.options.emit({ type: 'session_status', sessionId: id, running });
    if (!running) this.releaseSoon(id);
  }

  /** Once the call or run at hand has finished with the session. */
  private releaseSoon(id: string): void {
    setTimeout(() => this.releaseIfIdle(id), 0).unref?.();
  }

  private releaseIfIdle(id: string): void {
    const conversation = this.open.get(id);
    if (!conversation || this.views.has(id) || conversation.isBusy) return;
    const unused = conversation.manager.getEntries().length === 0;
    this.forget(conversation);
    // A session left without a single entry holds nothing: drop it rather than fill the sidebar with
    // "New session" rows.
    if (unused) {
      this.deleteQuietly(id);
      this.changed();
    }
  }

  private forget(conversation: Conversation): void {
    this.open.delete(conversation.id);
    conversation.close();
    if (this.running.delete(conversation.id)) this.options.emit({ type: 'session_status', sessionId: conversation.id, running: false });
  }

  private deleteQuietly(id: string): void {
    try {
      if (this.options.store.get(id)) this.options.store.delete(id);
    } catch {
      // An empty file left behind is harmless; the next start lists it as an empty session.
    }
  }

  private saveInBackground(): void {
    this.saveTimer = undefined;
    try {
      this.options.store.save();
    } catch (err) {
      // Nothing the user wrote is lost (the index is rebuilt from the files), but they should know the disk is in trouble.
      this.options.emit({ type: 'error', ...toApiError(err) });
    }
  }
}
