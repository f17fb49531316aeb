// A second thread that reads and decodes session files while the main thread parses them (SPEC §8:
// opening a session within 1.3× the parse floor). It reads the file's chunks into shared memory, two
// ahead of the parse (the copy out of the page cache cost an open 7-9% of the floor), and turns each group
// of lines into one JSON array (utf8.ts), a chunk ahead: this thread only copies the array out and parses
// it at once, with no decoding, no cutting into lines and one JSON.parse per group. The main thread takes
// over any job the second thread has not started (a group of ASCII it then reads line by line, which
// measured no slower than checking the lines), so an open never waits on one that is slow, busy or not
// running, and reads the same result either way.
import { Worker } from 'node:worker_threads';
import { decodeJsonLines, jsonLinesArray, jsonLinesText, jsonLinesUnits, NODE_DECODES_UTF8_FAST, nodeJsonLines, nodeJsonLinesText } from './utf8';
import { log } from '../log';

/** Bytes per input slot: one chunk of the file. */
export const SLOT_BYTES = 4 * 1024 * 1024;
/** Input slots: one chunk is parsed while the next is decoded and the one after it read. */
export const SLOTS = 3;
/** Output regions: the arrays of the chunk being parsed, and of the one being decoded ahead of it. */
export const REGIONS = 2;
/** Jobs in flight at once; two chunks of 64 KB groups and a read need about 130. */
const MAX_JOBS = 1024;
/**
 * Per job in the control array: state, start, end, output offset, units written, kind, ASCII. A read job
 * reads [start, end) of the input from its file position, the output offset holding its file descriptor,
 * puts the bytes read (-1: failed) where a decode job puts its units, and 1 in the last field when they
 * are all ASCII (which this thread would otherwise have to find out itself); a decode job has 1 there when
 * its lines are ASCII, to be checked and copied rather than decoded.
 */
export const FIELDS = 7;
const DECODE = 0;
const READ = 1;
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
  /** A read job's file position, by job (a Float64Array: files past 2 GB). */
  positions: SharedArrayBuffer;
}

export type DecodeJob = number;

export class DecodeThread {
  /** The file's chunks are read straight into this (slot i at i × SLOT_BYTES), where the helper sees them. */
  readonly input: Buffer;
  private readonly unitBytes: Buffer;
  private readonly control: Int32Array;
  private readonly positions: Float64Array;
  private posted = 0;
  /** Set once the helper kept a job far too long: no job is queued for it again (see awaitHelper). */
  private stalled = false;
  /** Held by a reader (claim): its jobs are the only ones queued. */
  private claimed = false;
  /** Output units handed out in each region: each job's array begins where the last one ended. */
  private nextOut = [0, 0];

  private constructor(shared: Shared) {
    this.input = Buffer.from(shared.input);
    this.unitBytes = Buffer.from(shared.output);
    this.control = new Int32Array(shared.control);
    this.positions = new Float64Array(shared.positions);
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
        output: new SharedArrayBuffer(2 * REGIONS * REGION_UNITS),
        control,
        positions: new SharedArrayBuffer(8 * MAX_JOBS),
      };
      const constants = JSON.stringify({ MAX_JOBS, FIELDS, POSTED, DECODING, DONE, READ });
      // node:fs is required in the source itself, where no bundler rewrites it.
      const source = `(${serve.toString()})(require('node:worker_threads').workerData, ${DECODER.there.toString()}, ${nodeJsonLines.toString()}, require('node:fs').readSync, require('node:buffer').isAscii, ${constants})`;
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

  /** A new chunk's groups are about to be posted into `region`: its output starts over. */
  beginChunk(region: number): void {
    this.nextOut[region] = region * REGION_UNITS;
  }

  /**
   * Queues the lines in [start, end) of `input` for decoding (when `ascii`, for checking and copying one
   * byte a character), their array written to `region`; publish() hands them over. Undefined once the
   * helper has stalled: the caller reads the lines itself.
   */
  post(region: number, start: number, end: number, ascii = false): DecodeJob | undefined {
    if (this.stalled) return undefined;
    const out = this.nextOut[region]!;
    this.nextOut[region] = out + jsonLinesUnits(end - start);
    return this.queue(DECODE, start, end, out, ascii ? 1 : 0);
  }

  /**
   * Asks the helper to read `length` bytes of the file `fd` from `position` into the input from `start`,
   * handed over at once. Undefined once the helper has stalled: the caller reads the bytes itself.
   */
  postRead(fd: number, position: number, start: number, length: number): DecodeJob | undefined {
    if (this.stalled) return undefined;
    const job = this.queue(READ, start, start + length, fd, 0);
    this.positions[job % MAX_JOBS] = position;
    this.publish();
    return job;
  }

  private queue(kind: number, start: number, end: number, out: number, ascii: number): DecodeJob {
    const job = this.posted++;
    const at = field(job);
    this.control[at + 1] = start;
    this.control[at + 2] = end;
    this.control[at + 3] = out;
    this.control[at + 5] = kind;
    this.control[at + 6] = ascii;
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
   * Decodes it here if the helper has not begun it (ASCII: undefined), else waits for the helper.
   */
  take(job: DecodeJob): string | undefined {
    const at = field(job);
    const start = this.control[at + 1]!;
    const end = this.control[at + 2]!;
    const here = this.control[at + 6] === 1 ? undefined : DECODER.here;
    if (Atomics.compareExchange(this.control, at, POSTED, TAKEN) === POSTED) return here?.(this.input, start, end);
    if (!this.awaitHelper(at)) return here?.(this.input, start, end);
    const out = this.control[at + 3]!;
    const n = this.control[at + 4]!;
    return n < 0 ? undefined : jsonLinesArray(this.unitBytes, out, n);
  }

  /**
   * How many bytes the helper read for a read job, and whether they are all ASCII; undefined when this
   * thread must read them itself: the helper had not begun (the job is now withdrawn), stalled, or failed
   * (this thread's read then meets the error itself, and throws it as any read would).
   */
  takeRead(job: DecodeJob): { length: number; ascii: boolean } | undefined {
    const at = field(job);
    if (Atomics.compareExchange(this.control, at, POSTED, TAKEN) === POSTED) return undefined;
    if (!this.awaitHelper(at)) return undefined;
    const n = this.control[at + 4]!;
    return n < 0 ? undefined : { length: n, ascii: this.control[at + 6] === 1 };
  }

  /** Whether the helper kept a job far too long: it is given nothing more, and what it may still write goes unread. */
  get isStalled(): boolean {
    return this.stalled;
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

/** Output units of a region: a chunk's bytes in UTF-16 at most, and for each group its brackets and the unit that says how it is written. */
const REGION_UNITS = jsonLinesUnits(SLOT_BYTES) + 3 * MAX_JOBS;

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
  asciiLines: typeof nodeJsonLines,
  readSync: (fd: number, buffer: Uint8Array, offset: number, length: number, position: number) => number,
  isAscii: (bytes: Uint8Array) => boolean,
  k: { MAX_JOBS: number; FIELDS: number; POSTED: number; DECODING: number; DONE: number; READ: number },
): void {
  const input = new Uint8Array(shared.input);
  const output = new Uint16Array(shared.output);
  const control = new Int32Array(shared.control);
  const positions = new Float64Array(shared.positions);
  // No inner functions: a bundler that keeps function names would wrap them in a helper this thread lacks.
  for (let job = 0; ; job++) {
    while (Atomics.load(control, 0) <= job) Atomics.wait(control, 0, job);
    const at = 1 + (job % k.MAX_JOBS) * k.FIELDS;
    if (Atomics.compareExchange(control, at, k.POSTED, k.DECODING) !== k.POSTED) continue; // taken by the main thread
    const start = control[at + 1]!;
    const end = control[at + 2]!;
    if (control[at + 5] !== k.READ) control[at + 4] = control[at + 6] === 1 ? asciiLines(input, start, end, output, control[at + 3]!, true) : decode(input, start, end, output, control[at + 3]!);
    else {
      // The bytes read, or -1 when the read failed: the main thread reads again, and meets the error itself.
      try {
        const n = readSync(control[at + 3]!, input, start, end - start, positions[job % k.MAX_JOBS]!);
        control[at + 6] = isAscii(input.subarray(start, start + n)) ? 1 : 0;
        control[at + 4] = n;
      } catch {
        control[at + 4] = -1;
      }
    }
    Atomics.store(control, at, k.DONE);
    Atomics.notify(control, at);
  }
}
