// Long reads written once as steps (a generator that yields between them) and run either at once or a
// step per turn of the event loop, so that opening a huge session never holds the core for its whole
// parse (SPEC §8: other sessions keep streaming), while code that needs the result now still gets it.
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now. */
export function runNow<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Steps run one per turn of the event loop; `finishNow` runs the rest at once when the result cannot wait. */
export class SteppedTask<T> {
  private outcome: { value: T } | { error: unknown } | undefined;
  /** Settles with the result; rejects with what a step threw. */
  readonly done: Promise<T>;

  constructor(private readonly steps: Steps<T>) {
    this.done = this.run();
    this.done.catch(() => undefined); // whoever waits hears of it; nobody waiting is not a crash
  }

  finishNow(): T {
    while (!this.outcome) this.step();
    return this.result();
  }

  /** Abandons the steps not run yet: their `finally` blocks run (a lock is released, a file closed). */
  cancel(): void {
    if (this.outcome) return;
    this.steps.return(undefined as T);
    this.outcome = { error: new Error('cancelled') };
  }

  private async run(): Promise<T> {
    while (!this.outcome) {
      this.step();
      if (!this.outcome) await nextTurn();
    }
    return this.result();
  }

  private step(): void {
    try {
      const step = this.steps.next();
      if (step.done) this.outcome = { value: step.value };
    } catch (error) {
      this.outcome = { error };
    }
  }

  private result(): T {
    const outcome = this.outcome!;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }
}

/** Resolves in the next turn of the event loop, after what else is waiting (I/O, timers). */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
