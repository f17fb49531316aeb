// What the server sends one client (SPEC §6): a client that stops reading is dropped, not buffered for
// without bound. A client is behind while more than MAX_BEHIND_BYTES wait for it; one that stays behind
// with nothing written out to it for STALL_MS has stopped reading. A single big answer (a long session)
// never counts against a client that is reading it, however slowly.
import type { WebSocket } from 'ws';

export const MAX_BEHIND_BYTES = 1024 * 1024;
export const STALL_MS = 3_000;

export class ClientOutbox {
  /** When the client fell behind, or the last write that went out since; undefined while it keeps up. */
  private behindSince: number | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly onStalled: (waitingBytes: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  send(frame: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.stalled()) {
      this.onStalled(this.ws.bufferedAmount);
      this.ws.terminate();
      return;
    }
    this.ws.send(frame, (err) => {
      if (!err && this.behindSince !== undefined) this.behindSince = this.now();
    });
  }

  private stalled(): boolean {
    if (this.ws.bufferedAmount <= MAX_BEHIND_BYTES) {
      this.behindSince = undefined;
      return false;
    }
    this.behindSince ??= this.now();
    return this.now() - this.behindSince > STALL_MS;
  }
}
