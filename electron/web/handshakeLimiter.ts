// Failed handshakes are rate-limited per client address (SPEC §6): after too many wrong tokens or
// foreign Origins in a window, every handshake from that address is answered 429 until the window
// ends, a right token included, so guessing learns nothing. Other addresses are not affected.

export interface LimiterOptions {
  maxFailures: number;
  windowMs: number;
  now?: () => number;
}

interface Tally {
  failures: number;
  windowStart: number;
}

/** Addresses tracked at most; past this the expired ones are forgotten first, then the oldest. */
const MAX_TRACKED = 10_000;

export class HandshakeLimiter {
  private readonly tallies = new Map<string, Tally>();
  private readonly now: () => number;

  constructor(private readonly options: LimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  isBlocked(address: string): boolean {
    const tally = this.current(address);
    return tally !== undefined && tally.failures >= this.options.maxFailures;
  }

  /** Counts a failed handshake; true when this one blocks the address (to log it once). */
  recordFailure(address: string): boolean {
    const tally = this.current(address) ?? this.start(address);
    tally.failures++;
    return tally.failures === this.options.maxFailures;
  }

  private current(address: string): Tally | undefined {
    const tally = this.tallies.get(address);
    if (tally && this.now() - tally.windowStart >= this.options.windowMs) {
      this.tallies.delete(address);
      return undefined;
    }
    return tally;
  }

  private start(address: string): Tally {
    if (this.tallies.size >= MAX_TRACKED) this.forgetSome();
    const tally = { failures: 0, windowStart: this.now() };
    this.tallies.set(address, tally);
    return tally;
  }

  private forgetSome(): void {
    const now = this.now();
    for (const [address, tally] of this.tallies) {
      if (now - tally.windowStart >= this.options.windowMs) this.tallies.delete(address);
    }
    // Still full (a flood from many addresses): the oldest entries go, Map order being insertion order.
    for (const address of this.tallies.keys()) {
      if (this.tallies.size < MAX_TRACKED) break;
      this.tallies.delete(address);
    }
  }
}
