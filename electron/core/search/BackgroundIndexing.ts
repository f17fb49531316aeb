// Runs the full-text index's work in the background of the main process: short steps with the event loop
// free in between, so the app opens at once and answers while 10,000 sessions are read; says how far it
// got (the sidebar tells the user that message search is still incomplete); and saves the snapshot when a
// build round ends, a while after later changes, and at shutdown.
import type { IndexProgress } from '../../../shared/search';
import type { SearchIndex } from './SearchIndex';

export interface BackgroundIndexingOptions {
  /** How long one step may hold the event loop. */
  stepMs?: number;
  /** At most one progress report per this long while a round runs (its end is always reported). */
  reportEveryMs?: number;
  /** How long after a change (an appended message) the snapshot is saved. */
  saveDelayMs?: number;
  onProgress: (progress: IndexProgress) => void;
  /** A failed save costs a rescan at the next start; it is reported, never thrown from a timer. */
  onSaveError: (err: unknown) => void;
}

export class BackgroundIndexing {
  private scheduled: ReturnType<typeof setImmediate> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private lastReport = 0;
  private disposed = false;

  constructor(
    private readonly index: SearchIndex,
    private readonly options: BackgroundIndexingOptions,
  ) {
    index.onQueued = () => this.start();
    index.onChanged = () => this.saveLater();
  }

  /** Starts stepping if there is work and no step is scheduled yet. */
  start(): void {
    if (this.disposed || this.scheduled || !this.index.progress) return;
    this.scheduled = setImmediate(() => this.run());
  }

  /** Saves now if anything changed (at shutdown), and stops. */
  dispose(): void {
    this.disposed = true;
    if (this.scheduled) clearImmediate(this.scheduled);
    clearTimeout(this.saveTimer);
    this.index.onQueued = undefined;
    this.index.onChanged = undefined;
    this.save();
  }

  private run(): void {
    this.scheduled = undefined;
    const before = this.index.progress;
    const more = this.index.step(this.options.stepMs ?? 12);
    const now = performance.now();
    if (!more) {
      if (before) this.options.onProgress({ indexed: before.total, total: before.total });
      this.save();
      return;
    }
    if (now - this.lastReport >= (this.options.reportEveryMs ?? 250)) {
      this.lastReport = now;
      this.options.onProgress(this.index.progress!);
    }
    this.scheduled = setImmediate(() => this.run());
  }

  private saveLater(): void {
    if (this.disposed || this.saveTimer || this.index.progress) return; // a running round saves when it ends
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, this.options.saveDelayMs ?? 30_000);
    this.saveTimer.unref?.();
  }

  private save(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    try {
      this.index.save();
    } catch (err) {
      this.options.onSaveError(err);
    }
  }
}
