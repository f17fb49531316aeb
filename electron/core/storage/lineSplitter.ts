// Splits a byte stream read in chunks into lines without copying them: a line inside a chunk is handed
// over as a range of that chunk. Only a line that crosses a chunk boundary is assembled, and then only
// whole if the sink wants it (else just its first bytes), so a scan over a 40 MB session never holds
// more than a chunk plus one wanted line.

/** Enough for a JSONL record's leading fields, e.g. a session entry's `{"type":…,"id":…,"parentId":…,"timestamp":"…"`. */
export const LINE_HEAD_BYTES = 160;

export interface LineSink {
  /** For a line crossing a chunk boundary: from its first bytes, should the whole line be kept? */
  wantWhole(head: Buffer): boolean;
  /**
   * A complete line (its `\n` seen) is bytes [start, end) of `buf`. `whole` is false when only the line's
   * first bytes were kept (a long line the sink did not want).
   */
  line(buf: Buffer, start: number, end: number, whole: boolean): void;
}

export class LineSplitter {
  private carrying = false;
  private head: Buffer[] = [];
  private headLength = 0;
  private parts: Buffer[] | undefined;
  private decided = false;

  constructor(private readonly sink: LineSink) {}

  /** Feeds the next bytes; the caller must not reuse the buffer afterwards. */
  push(chunk: Buffer): void {
    let i = 0;
    if (this.carrying) {
      const nl = chunk.indexOf(10);
      this.carry(chunk.subarray(0, nl < 0 ? chunk.length : nl));
      if (nl < 0) return;
      this.finishCarried();
      i = nl + 1;
    }
    while (i < chunk.length) {
      const nl = chunk.indexOf(10, i);
      if (nl < 0) {
        this.startCarry(chunk.subarray(i));
        return;
      }
      this.sink.line(chunk, i, nl, true);
      i = nl + 1;
    }
  }

  private startCarry(segment: Buffer): void {
    this.carrying = true;
    this.head = [];
    this.headLength = 0;
    this.parts = [];
    this.decided = false;
    this.carry(segment);
  }

  private carry(segment: Buffer): void {
    if (this.headLength < LINE_HEAD_BYTES) {
      const part = segment.subarray(0, LINE_HEAD_BYTES - this.headLength);
      this.head.push(part);
      this.headLength += part.length;
    }
    this.parts?.push(segment);
    if (!this.decided && this.headLength >= LINE_HEAD_BYTES) {
      this.decided = true;
      if (!this.sink.wantWhole(Buffer.concat(this.head))) this.parts = undefined;
    }
  }

  private finishCarried(): void {
    this.carrying = false;
    const head = Buffer.concat(this.head);
    const wanted = this.decided ? this.parts !== undefined : this.sink.wantWhole(head);
    const line = wanted && this.parts ? Buffer.concat(this.parts) : head;
    this.sink.line(line, 0, line.length, wanted);
    this.head = [];
    this.parts = undefined;
  }
}
