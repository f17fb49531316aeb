// A session file's bytes after the header, read in chunks of SLOT_BYTES. With the decode thread, the
// chunks go into its shared slots and it reads them too, two ahead of the parse: the copy out of the page
// cache (some 9 ms of an English open, 16 of a Thai one on Node 24) then costs the parsing thread nothing.
// This thread reads a chunk itself when the helper has not begun it, stalled or failed (so a read error is
// thrown here, as any read's), and always through a test's fs seam, which must see every read.
import { DecodeThread, REGIONS, SLOT_BYTES, SLOTS, type DecodeJob } from '../storage/decodeThread';
import { realFs, type FsSeam } from '../storage/fsSeam';

/** A chunk read whole (or to the end of a file that shrank meanwhile), ready to be planned. */
export interface ReadChunk {
  bytes: Buffer;
  /** Where its bytes begin in the helper's input. */
  inputOffset: number;
  /** The output region its decoded groups go to. */
  region: number;
  /** Whether its bytes are all ASCII, as the helper found when it read them; false when not known. */
  ascii: boolean;
}

/** A chunk asked for and not yet taken. */
interface Asked {
  slot: number;
  position: number;
  length: number;
  /** The helper's read job, when the helper reads it. */
  job?: DecodeJob;
}

export class ChunkReader {
  private slots: Buffer[];
  private readonly helperReads: boolean;
  private readonly asked: Asked[] = [];
  private asks = 0;
  private takes = 0;
  private ended = false;
  /** Whether the slots are this thread's own memory rather than the helper's (after it stalled). */
  private ownSlots = false;

  constructor(
    private readonly fs: FsSeam,
    private readonly fd: number,
    private position: number,
    private readonly size: number,
    private readonly thread?: DecodeThread,
  ) {
    this.slots = thread
      ? Array.from({ length: SLOTS }, (_, i) => thread.input.subarray(i * SLOT_BYTES, (i + 1) * SLOT_BYTES))
      : [Buffer.allocUnsafe(Math.min(SLOT_BYTES, Math.max(1, size - position)))];
    this.helperReads = thread !== undefined && fs === realFs;
  }

  /** Whether the next chunk is read while this one is parsed (then a chunk taken stays whole until the one after it is taken). */
  get ahead(): boolean {
    return this.slots.length > 1;
  }

  /**
   * The next chunk, read. Where the helper reads, the chunk after it is asked for first, so that it is
   * read there while the caller parses: with three slots, one chunk is parsed, the next decoded, the one
   * after it read.
   */
  next(): ReadChunk | undefined {
    if (this.ended) return undefined; // nothing more is asked of a file that shrank
    while (this.asked.length < Math.max(1, this.slots.length - 1) && this.position < this.size) this.ask();
    return this.take();
  }

  private ask(): void {
    const length = Math.min(SLOT_BYTES, this.size - this.position);
    const slot = this.asks++ % this.slots.length;
    const job = this.helperReads ? this.thread!.postRead(this.fd, this.position, slot * SLOT_BYTES, length) : undefined;
    this.asked.push({ slot, position: this.position, length, job });
    this.position += length;
  }

  /** The chunk asked for first, read; undefined once the file is read (or ended early: it shrank). */
  private take(): ReadChunk | undefined {
    const asked = this.asked.shift();
    if (!asked) return undefined;
    const { slot, position, length, job } = asked;
    const read = job === undefined ? undefined : this.thread!.takeRead(job);
    let n = read?.length;
    // A helper that stalled may still write into the shared slots: from now on this thread reads into its own.
    if (n === undefined && this.thread?.isStalled && !this.ownSlots) {
      this.slots = this.slots.map(() => Buffer.allocUnsafe(SLOT_BYTES));
      this.ownSlots = true;
    }
    const bytes = this.slots[slot]!;
    n ??= 0;
    while (n < length) {
      const got = this.fs.readSync(this.fd, bytes, n, length - n, position + n);
      if (got === 0) break;
      n += got;
    }
    // Shorter than the file was: it shrank while being read. What was read is all there is.
    if (n < length) this.ended = true;
    if (n === 0) return undefined;
    return { bytes: n === bytes.length ? bytes : bytes.subarray(0, n), inputOffset: slot * SLOT_BYTES, region: this.takes++ % REGIONS, ascii: read?.length === n && read.ascii };
  }
}
