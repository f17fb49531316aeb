// Streamed text arrives token by token; the renderer needs at most one update per frame (SPEC §8: one
// event per 16 ms per session). Text deltas are gathered and sent at most once per interval (the first at
// once, later ones at the end of the interval); any other event first sends the gathered text, so order
// is kept and nothing lags behind a message_end (which carries the whole message).
import type { BatonEvent } from '../../../shared/contract';

export const STREAM_INTERVAL_MS = 16;

export interface BatcherClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Real timers on the given clock (tests pass a fake `now`). */
export function clockFrom(now: () => number): BatcherClock {
  return {
    now,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

const realClock = clockFrom(() => performance.now());

/** Turns the text gathered so far into the one event that carries it. */
export type TextEventFormat = (sessionId: string, delta: string) => BatonEvent;

export const messageUpdate: TextEventFormat = (sessionId, delta) => ({ type: 'message_update', sessionId, delta });

export class EventBatcher {
  private pending: { sessionId: string; text: string; format: TextEventFormat } | undefined;
  private timer: unknown;
  private lastSentAt = -Infinity;

  constructor(
    private readonly emit: (event: BatonEvent) => void,
    private readonly intervalMs = STREAM_INTERVAL_MS,
    private readonly clock: BatcherClock = realClock,
  ) {}

  /** A text delta; `format` decides which event carries it (message_update, or a handoff preview). */
  text(sessionId: string, delta: string, format: TextEventFormat = messageUpdate): void {
    if (this.pending && (this.pending.sessionId !== sessionId || this.pending.format !== format)) this.flush();
    if (this.pending) this.pending.text += delta;
    else this.pending = { sessionId, text: delta, format };
    if (this.timer !== undefined) return;
    const wait = this.lastSentAt + this.intervalMs - this.clock.now();
    if (wait <= 0) this.flush();
    else this.timer = this.clock.setTimeout(() => this.onTimer(), wait);
  }

  /** Timers may fire a little early (ms-granular clocks): never send before the interval is up. */
  private onTimer(): void {
    this.timer = undefined;
    const wait = this.lastSentAt + this.intervalMs - this.clock.now();
    if (wait > 0) this.timer = this.clock.setTimeout(() => this.onTimer(), wait);
    else this.flush();
  }

  /**
   * Any other event: the gathered text goes first. Except before a message_end that comes too soon after
   * the last update: it carries the whole message, so the text is dropped rather than sent early.
   */
  event(event: BatonEvent): void {
    if (event.type === 'message_end' && this.pending && this.clock.now() < this.lastSentAt + this.intervalMs) this.drop();
    else this.flush();
    this.emit(event);
  }

  private drop(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  flush(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    this.emit(pending.format(pending.sessionId, pending.text));
    // Measured after delivery, so listeners see the gap too, however long they took.
    this.lastSentAt = this.clock.now();
  }
}
