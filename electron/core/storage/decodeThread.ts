// A second thread that decodes session files while the main thread parses them (SPEC §8: opening Thai or
// CJK text within 1.3× the parse floor). It turns each group of lines into one JSON array (utf8.ts), a
// chunk ahead, in shared memory: this thread only copies the UTF-16 out and parses the array at once, with
// no decoding, no cutting into lines and one JSON.parse per group. The main thread takes over any job the
// second thread has not started, so an open never waits on one that is slow, busy or not running, and
// reads the same result either way.
import { Worker } from 'node:worker_threads';
import { decodeJsonLines, jsonLinesText, jsonLinesUnits, NODE_DECODES_UTF8_FAST, nodeJsonLines, nodeJsonLinesText } from './utf8';
import { log } from '../log';

/** Bytes per input slot: one chunk of the file. Two slots, so the next chunk is decoded while this one is parsed. */
export const SLOT_BYTES = 4 * 1024 * 1024;
const SLOTS = 2;
/** Jobs in flight at once; two chunks of 64 KB groups need about 130. */
const MAX_JOBS = 1024;
/** Per job in the control array: state, start, end, output offset, units written. */
const FIELDS = 5;
/**
 * Node's decoder and our check where Node's is the fast one, else our decoder (utf8.ts): `there` is what
 * the second thread runs, `here` what this thread runs when it decodes a job itself; both give the same text.
 */
const DECODER = NODE_DECODES_UTF8_FAST ? { there: nodeJsonLines, here: nodeJsonLinesText } : { there: decodeJsonLines, here: jsonLinesText };
/** A 64 KB group takes well under a millisecond; a helper this late is stalled. */
const HELPER_PATIENCE_MS = 2_000;
const POSTED = 0;
const DECODING = 1;
const DONE = 2;
const TAKEN = 3;

interface Shared {
  input: SharedArrayBuffer;
  output: SharedArrayBuffer;
  control: SharedArrayBuffer;
}

export type DecodeJob = number;

export class DecodeThread {
  /** The file's chunks are read straight into this (slot i at i × SLOT_BYTES), where the helper sees them. */
  readonly input: Buffer;
  private readonly unitBytes: Buffer;
  private readonly control: Int32Array;
  private posted = 0;
  /** Set once the helper kept a job far too long: no job is queued for it again (see awaitHelper). */
  private stalled = false;
  /** Held by a reader (claim): its jobs are the only ones queued. */
  private claimed = false;
  /** Output units handed out in the slot being filled: each job's array begins where the last one ended. */
  private nextOut = [0, 0];

  private constructor(shared: Shared) {
    this.input = Buffer.from(shared.input);
    this.unitBytes = Buffer.from(shared.output);
    this.control = new Int32Array(shared.control);
  }

  /** The one helper of this process, started on first use; undefined where threads cannot be used. */
  static get(): DecodeThread | undefined {
    if (helper === undefined) helper = DecodeThread.start();
    return helper ?? undefined;
  }

  /**
   * The helper for one reader at a time (its slots hold that reader's chunks until it is done, and a read
   * may pause between chunks); undefined while another holds it, and the caller decodes on its own.
   */
  static claim(): DecodeThread | undefined {
    const thread = DecodeThread.get();
    if (!thread || thread.claimed) return undefined;
    thread.claimed = true;
    return thread;
  }

  release(): void {
    this.claimed = false;
  }

  private static start(): DecodeThread | null {
    try {
      const control = new SharedArrayBuffer(4 * (1 + MAX_JOBS * FIELDS));
      // Atomics.wait throws on a thread that may not block; then the main thread decodes everything itself.
      Atomics.wait(new Int32Array(control), 0, 1, 0);
      const shared: Shared = {
        input: new SharedArrayBuffer(SLOTS * SLOT_BYTES),
        output: new SharedArrayBuffer(2 * SLOTS * (jsonLinesUnits(SLOT_BYTES) + MAX_JOBS)),
        control,
      };
      const constants = JSON.stringify({ MAX_JOBS, FIELDS, POSTED, DECODING, DONE });
      const source = `(${serve.toString()})(require('node:worker_threads').workerData, ${DECODER.there.toString()}, ${constants})`;
      const worker = new Worker(source, { eval: true, workerData: shared, name: 'baton-decode' });
      worker.unref(); // never keeps the process alive
      worker.on('error', (err) => log.error(`The decode thread stopped: ${err.message}`));
      worker.on('exit', () => {
        helper = null; // later opens decode on their own thread
      });
      return new DecodeThread(shared);
    } catch {
      return null;
    }
  }

  /** A new chunk is being read into `slot`: its jobs' output starts over. */
  beginSlot(slot: number): void {
    this.nextOut[slot] = slot * (jsonLinesUnits(SLOT_BYTES) + MAX_JOBS);
  }

  /**
   * Queues the lines in [start, end) of `input` (all in `slot`) for decoding; publish() hands them over.
   * Undefined once the helper has stalled: the caller decodes the lines itself.
   */
  post(slot: number, start: number, end: number): DecodeJob | undefined {
    if (this.stalled) return undefined;
    const job = this.posted++;
    const at = field(job);
    const out = this.nextOut[slot]!;
    this.nextOut[slot] = out + jsonLinesUnits(end - start);
    this.control[at + 1] = start;
    this.control[at + 2] = end;
    this.control[at + 3] = out;
    Atomics.store(this.control, at, POSTED);
    return job;
  }

  /** Hands the jobs posted so far to the helper: one wake-up per chunk rather than one per group. */
  publish(): void {
    if (this.control[0] === this.posted) return; // nothing new (an all-ASCII chunk): no wake-up
    Atomics.store(this.control, 0, this.posted);
    Atomics.notify(this.control, 0);
  }

  /**
   * The job's `[…]` array of its lines (utf8.ts), or undefined when they must be read one by one (see decodeJsonLines).
   * Decodes it here if the helper has not begun it, else waits for the helper.
   */
  take(job: DecodeJob): string | undefined {
    const at = field(job);
    const start = this.control[at + 1]!;
    const end = this.control[at + 2]!;
    if (Atomics.compareExchange(this.control, at, POSTED, TAKEN) === POSTED) return DECODER.here(this.input, start, end);
    if (!this.awaitHelper(at)) return DECODER.here(this.input, start, end);
    const out = this.control[at + 3]!;
    const n = this.control[at + 4]!;
    return n < 0 ? undefined : this.unitBytes.toString('utf16le', out * 2, (out + n) * 2);
  }

  /** Withdraws the jobs from `first` on that were never taken (an open that failed), so none runs late. */
  cancelFrom(first: DecodeJob): void {
    for (let job = first; job < this.posted; job++) {
      const at = field(job);
      if (Atomics.compareExchange(this.control, at, POSTED, TAKEN) === DECODING) this.awaitHelper(at);
    }
  }

  /**
   * Waits while the helper decodes the job at `at`; false when it takes far longer than a group ever
   * should, and then this thread decodes the group itself. A helper that late is given nothing more,
   * so its job's fields are never reused under it, and anything it writes late goes unread.
   */
  private awaitHelper(at: number): boolean {
    const deadline = Date.now() + HELPER_PATIENCE_MS;
    while (Atomics.load(this.control, at) === DECODING) {
      const left = deadline - Date.now();
      if (left <= 0) {
        this.stalled = true;
        helper = null;
        return false;
      }
      Atomics.wait(this.control, at, DECODING, left);
    }
    return true;
  }

  /** Where a job stands: queued, being decoded by the helper, decoded by it, or taken by this thread. */
  status(job: DecodeJob): 'queued' | 'decoding' | 'done' | 'taken' {
    return (['queued', 'decoding', 'done', 'taken'] as const)[Atomics.load(this.control, field(job))]!;
  }

  get nextJob(): DecodeJob {
    return this.posted;
  }
}

/** Index of the job's first field in the control array (slot 0 is the count of jobs posted). */
function field(job: DecodeJob): number {
  return 1 + (job % MAX_JOBS) * FIELDS;
}

/** undefined: not tried yet; null: threads are not available here. */
let helper: DecodeThread | null | undefined;

/** The helper's loop, run from its source on the other thread: it names nothing outside itself. */
function serve(
  shared: Shared,
  decode: typeof decodeJsonLines,
  k: { MAX_JOBS: number; FIELDS: number; POSTED: number; DECODING: number; DONE: number },
): void {
  const input = new Uint8Array(shared.input);
  const output = new Uint16Array(shared.output);
  const control = new Int32Array(shared.control);
  for (let job = 0; ; job++) {
    while (Atomics.load(control, 0) <= job) Atomics.wait(control, 0, job);
    const at = 1 + (job % k.MAX_JOBS) * k.FIELDS;
    if (Atomics.compareExchange(control, at, k.POSTED, k.DECODING) !== k.POSTED) continue; // taken by the main thread
    control[at + 4] = decode(input, control[at + 1]!, control[at + 2]!, output, control[at + 3]!);
    Atomics.store(control, at, k.DONE);
    Atomics.notify(control, at);
  }
}
