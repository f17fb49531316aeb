// What the server sends one client (SPEC §6): a client that stops reading is dropped, not buffered for
// without bound. A client is behind while more than MAX_BEHIND_BYTES wait for it; one that stays behind
// with nothing written out to it for STALL_MS has stopped reading. A single big answer (a long session,
// a message with large attachments) never counts against a client that is reading it, however slowly.
//
// How far a write has got is only known when it has gone out whole, so a message goes out in fragments of
// FRAGMENT_BYTES, each handed to the socket once the one before has left: every fragment that goes out
// shows the client is reading, even while one message takes far longer than STALL_MS.
import type { WebSocket } from 'ws';

export const MAX_BEHIND_BYTES = 1024 * 1024;
export const STALL_MS = 3_000;
export const FRAGMENT_BYTES = 64 * 1024;

interface Fragment {
  bytes: Buffer;
  /** The last fragment of its message. */
  fin: boolean;
}

export class ClientOutbox {
  /** When the client fell behind, or the last fragment that went out since; undefined while it keeps up. */
  private behindSince: number | undefined;
  /** Fragments not yet handed to the socket, in order. */
  private readonly waiting: Fragment[] = [];
  private waitingBytes = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly onStalled: (waitingBytes: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  send(frame: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.stalled()) {
      this.onStalled(this.behindBytes());
      this.ws.terminate();
      return;
    }
    const bytes = Buffer.from(frame);
    for (let at = 0; at === 0 || at < bytes.length; at += FRAGMENT_BYTES) {
      this.waiting.push({ bytes: bytes.subarray(at, at + FRAGMENT_BYTES), fin: at + FRAGMENT_BYTES >= bytes.length });
    }
    this.waitingBytes += bytes.length;
    this.writeOut();
  }

  /** Hands fragments to the socket while less than one is still on its way out. */
  private writeOut(): void {
    while (this.ws.readyState === this.ws.OPEN && this.ws.bufferedAmount < FRAGMENT_BYTES) {
      const fragment = this.waiting.shift();
      if (!fragment) return;
      this.waitingBytes -= fragment.bytes.length;
      // A text message, cut anywhere: only the whole message has to be valid UTF-8.
      this.ws.send(fragment.bytes, { binary: false, fin: fragment.fin }, (err) => {
        if (err) return;
        if (this.behindSince !== undefined) this.behindSince = this.now();
        this.writeOut();
      });
    }
  }

  private behindBytes(): number {
    return this.waitingBytes + this.ws.bufferedAmount;
  }

  private stalled(): boolean {
    if (this.behindBytes() <= MAX_BEHIND_BYTES) {
      this.behindSince = undefined;
      return false;
    }
    this.behindSince ??= this.now();
    return this.now() - this.behindSince > STALL_MS;
  }
}
