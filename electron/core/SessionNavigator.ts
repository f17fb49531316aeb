// Which session is open, and what happens around a switch (SPEC §2, §5): the agent moves to another
// session, the sidebar's index follows, the renderer is told, an empty session left behind is dropped,
// and a big session shows its tail while it opens. The index is derived data, so it is saved lazily; a
// save that fails is reported as a storage error, never thrown from a timer.
import { statSync } from 'node:fs';
import type { BatonEvent, SessionView } from '../../shared/contract';
import { IMPORT_ORIGIN } from '../../shared/sessionFormat';
import { texts } from '../../shared/texts';
import type { AgentSession } from './agent/AgentSession';
import { BatonError, toApiError } from './errors';
import type { SessionManager } from './session/SessionManager';
import type { SessionStore } from './session/SessionStore';
import { previewOf, viewOf } from './sessionView';
import type { ImportedSession } from './transfer/importedSession';

/** Sessions this big (about 2,500 messages) are shown tail first while they open. */
const PREVIEW_MIN_BYTES = 1_000_000;
/** How long the index waits for more changes before it is written. */
const INDEX_SAVE_DELAY_MS = 1_000;

export class SessionNavigator {
  private saveTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly agent: AgentSession,
    private readonly store: SessionStore,
    private readonly emit: (event: BatonEvent) => void,
  ) {}

  view(): SessionView {
    return viewOf(this.agent, this.store);
  }

  open(id: string): SessionView {
    if (id === this.agent.sessionId) return this.view();
    this.refuseWhileBusy();
    // Tail first: a big session shows its end while the whole file is read.
    const previewed = statSync(this.store.fileFor(id)).size >= PREVIEW_MIN_BYTES;
    if (previewed) this.emit({ type: 'session_switched', session: previewOf(this.store.tail(id, 50), this.agent, this.store) });
    try {
      const manager = this.store.openOrRead(id);
      const view = this.switchTo(manager);
      // Open read-only (the disk, or another machine that has it open): said now, not at the first refused write.
      if (manager.readOnlyReason) this.emit({ type: 'error', sessionId: manager.getSessionId(), code: 'storage', message: manager.readOnlyReason });
      return view;
    } catch (err) {
      if (previewed) this.emit({ type: 'session_switched', session: this.view() }); // back to where the user still is
      throw err;
    }
  }

  create(): SessionView {
    this.refuseWhileBusy();
    return this.switchTo(this.store.create());
  }

  /** Writes an imported conversation as a new session and opens it; nothing is written while busy. */
  import(imported: ImportedSession, fileName: string): SessionView {
    this.refuseWhileBusy();
    const { format, title, entries, skippedLines } = imported;
    const manager = this.store.createWithEntries(entries, {
      origin: IMPORT_ORIGIN,
      importedFrom: { format, fileName, skippedLines },
      ...(title !== undefined && { title }),
    });
    return this.switchTo(manager);
  }

  delete(id: string): void {
    this.store.fileFor(id); // an unknown id is refused before anything changes
    if (id === this.agent.sessionId) this.create(); // drops the session itself if it had no entry
    if (this.store.get(id)) this.store.delete(id);
    this.changed();
  }

  rename(id: string, title: string): void {
    if (id === this.agent.sessionId) {
      this.agent.sessionManager.appendSessionInfo({ title });
      this.store.sync(this.agent.sessionManager);
    } else {
      // A session open elsewhere is refused by its lock; one that is not open costs a tail read.
      this.store.rename(id, title);
    }
    this.changed();
  }

  /** After the agent moved to another session (open, new, delete, handoff): index it and tell the UI. */
  announce(): SessionView {
    this.store.sync(this.agent.sessionManager);
    const session = this.view();
    this.emit({ type: 'session_switched', session });
    this.changed();
    return session;
  }

  /** The open session wrote something the sidebar shows. */
  synced(): void {
    this.store.sync(this.agent.sessionManager);
    this.changed();
  }

  /** Writes the index now (at shutdown). */
  flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.store.save();
  }

  private switchTo(manager: SessionManager): SessionView {
    const left = this.agent.sessionManager;
    const unused = left.getEntries().length === 0;
    this.agent.switchSession(manager);
    // A session left without a single entry holds nothing: drop it rather than fill the sidebar with
    // "New session" rows. Its lock was released by the switch.
    if (unused) this.store.delete(left.getSessionId());
    return this.announce();
  }

  private changed(): void {
    this.emit({ type: 'sessions_changed' });
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.saveInBackground(), INDEX_SAVE_DELAY_MS);
    this.saveTimer.unref?.();
  }

  private saveInBackground(): void {
    this.saveTimer = undefined;
    try {
      this.store.save();
    } catch (err) {
      // Nothing the user wrote is lost (the index is rebuilt from the files), but they should know the disk is in trouble.
      this.emit({ type: 'error', sessionId: this.agent.sessionId, ...toApiError(err) });
    }
  }

  private refuseWhileBusy(): void {
    if (this.agent.isStreaming || this.agent.isGeneratingHandoff) throw new BatonError('busy', texts.busy);
  }
}
