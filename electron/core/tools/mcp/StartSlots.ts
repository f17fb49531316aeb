// How many stdio servers boot at once. Spawning a process blocks the event loop until the child has
// exec'd, and a child starved of CPU execs late: with all 20 servers booting at once on 2 cores, single
// spawns held the app 30-150 ms (SPEC §8: no job blocks it over 100 ms). Booting is CPU-bound, so at most
// one server per core boots at a time, each spawned in a turn of the event loop of its own. A server slow
// to answer gives its slot up after `slotMs`, so one that hangs delays the rest by that much, not by its
// whole time limit.
export class StartSlots {
  private taken = 0;
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(
    private readonly limit: number,
    private readonly slotMs: number,
  ) {}

  /** Resolves, in a turn of its own, when a server may spawn; with the function to call once its start has ended. */
  take(): Promise<() => void> {
    return new Promise((resolve) => {
      this.waiting.push(() => {
        this.taken++;
        let given = false;
        const giveBack = () => {
          if (given) return;
          given = true;
          clearTimeout(timer);
          this.taken--;
          this.next();
        };
        const timer = setTimeout(giveBack, this.slotMs);
        resolve(giveBack);
      });
      this.next();
    });
  }

  private next(): void {
    if (this.taken >= this.limit || this.waiting.length === 0 || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      this.next();
    });
  }
}
