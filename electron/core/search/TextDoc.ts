// One session file in the full-text index: which terms occur in which of its messages, and where each
// message's line is in the file (so a result can show a snippet without reading anything else). The bulk
// lives in flat typed arrays (compact, and loaded from the snapshot without copying); messages appended
// since then go to a small tail that compact() folds in before the next save.

export interface DocColumns {
  /** Indexed messages: the entries that have searchable text. */
  count: number;
  /** Byte offset of each message's line in the file. */
  lineStart: Float64Array;
  /** Its length in bytes, without the `\n`. */
  lineLength: Uint32Array;
  /** count + 1 offsets into idBytes. */
  idOffsets: Uint32Array;
  /** The entry ids, UTF-8, back to back. */
  idBytes: Buffer;
  /** Term ids, ascending. */
  terms: Uint32Array;
  /** terms.length + 1 offsets into posts. */
  postOffsets: Uint32Array;
  /** Per term, the ordinals of the messages holding it: ascending, as LEB128 varints of the gaps. */
  posts: Uint8Array;
}

/** A query word resolved against the dictionary: the ids of the terms it matches. */
export interface TermSet {
  ids: readonly number[];
  /** For a set too big to look up one by one: marked[id] is 1 for each id in the set. */
  marked?: Uint8Array;
}

/** Messages added since the columns were built: plain arrays, one entry per token (repeats included). */
interface DocTail {
  lineStart: number[];
  lineLength: number[];
  ids: string[];
  tokenTerms: number[];
  tokenOrdinals: number[];
}

/** A tail of fewer messages is not worth folding in yet. */
const TAIL_MIN = 64;

/** Up to this many ids, a set is looked up id by id (binary search); above, the doc's terms are scanned. */
export const LOOKUP_MAX = 16;

export const EMPTY_COLUMNS: DocColumns = Object.freeze({
  count: 0,
  lineStart: new Float64Array(0),
  lineLength: new Uint32Array(0),
  idOffsets: new Uint32Array(1),
  idBytes: Buffer.alloc(0),
  terms: new Uint32Array(0),
  postOffsets: new Uint32Array(1),
  posts: new Uint8Array(0),
});

export class TextDoc {
  private tail: DocTail | undefined;

  constructor(
    /** File name inside the sessions folder. */
    readonly file: string,
    /** Bytes of the file indexed so far: always the end of a complete line. */
    public size: number,
    public mtimeMs: number,
    private base: DocColumns = EMPTY_COLUMNS,
  ) {}

  get messageCount(): number {
    return this.base.count + (this.tail?.ids.length ?? 0);
  }

  /** Messages added since the columns were last compacted. */
  get tailSize(): number {
    return this.tail?.ids.length ?? 0;
  }

  columns(): DocColumns {
    this.compact();
    return this.base;
  }

  entryId(ordinal: number): string {
    const { base } = this;
    if (ordinal >= base.count) return this.tail!.ids[ordinal - base.count]!;
    return base.idBytes.toString('utf8', base.idOffsets[ordinal]!, base.idOffsets[ordinal + 1]!);
  }

  line(ordinal: number): { start: number; length: number } {
    const { base } = this;
    if (ordinal >= base.count) {
      const i = ordinal - base.count;
      return { start: this.tail!.lineStart[i]!, length: this.tail!.lineLength[i]! };
    }
    return { start: base.lineStart[ordinal]!, length: base.lineLength[ordinal]! };
  }

  /** Adds a message (the next ordinal) with the ids of its terms, repeats allowed. */
  addMessage(entryId: string, lineStart: number, lineLength: number, termIds: readonly number[]): void {
    const tail: DocTail = (this.tail ??= { lineStart: [], lineLength: [], ids: [], tokenTerms: [], tokenOrdinals: [] });
    const ordinal = this.base.count + tail.ids.length;
    tail.ids.push(entryId);
    tail.lineStart.push(lineStart);
    tail.lineLength.push(lineLength);
    // Each term once: the index records which messages hold a term, not how often, and a message saying
    // one word 200 times made compact() sort 200 keys for it (a 43 MB import's took 95 ms).
    const stamp = scratch.nextStamp();
    for (const id of termIds) {
      if (!scratch.mark(id, stamp)) continue;
      tail.tokenTerms.push(id);
      tail.tokenOrdinals.push(ordinal);
    }
  }

  /** Whether any term of the set occurs in this session. */
  hasAny(set: TermSet): boolean {
    const { terms } = this.base;
    if (set.marked) {
      const marked = set.marked;
      for (let i = 0; i < terms.length; i++) if (marked[terms[i]!]) return true;
    } else {
      for (const id of set.ids) if (indexOf(terms, id) >= 0) return true;
    }
    if (this.tail) for (const id of this.tail.tokenTerms) if (inSet(set, id)) return true;
    return false;
  }

  /**
   * The message holding the most of the sets (a set counts once however many of its terms the message
   * has), the earliest of those on a tie; -1 when no message holds any.
   */
  bestMessage(sets: readonly TermSet[]): number {
    const count = new Uint16Array(this.messageCount);
    const seenBy = new Uint16Array(this.messageCount);
    for (let s = 0; s < sets.length; s++) {
      const stamp = s + 1;
      this.forEachMessage(sets[s]!, (ordinal) => {
        if (seenBy[ordinal] === stamp) return;
        seenBy[ordinal] = stamp;
        count[ordinal]!++;
      });
    }
    let best = -1;
    for (let i = 0; i < count.length; i++) if (count[i]! > (best < 0 ? 0 : count[best]!)) best = i;
    return best;
  }

  /** Calls `visit` with the ordinal of each message holding a term of the set (a message may come more than once). */
  private forEachMessage(set: TermSet, visit: (ordinal: number) => void): void {
    const { terms, postOffsets, posts } = this.base;
    const visitBase = (i: number) => decodeEach(posts, postOffsets[i]!, postOffsets[i + 1]!, visit);
    if (set.marked) {
      for (let i = 0; i < terms.length; i++) if (set.marked[terms[i]!]) visitBase(i);
    } else {
      for (const id of set.ids) {
        const i = indexOf(terms, id);
        if (i >= 0) visitBase(i);
      }
    }
    if (this.tail) {
      const { tokenTerms, tokenOrdinals } = this.tail;
      for (let i = 0; i < tokenTerms.length; i++) if (inSet(set, tokenTerms[i]!)) visit(tokenOrdinals[i]!);
    }
  }

  /**
   * Folds the tail in once it is big next to the columns: queries scan the tail, and each message is
   * copied only a few times however big the session grows.
   */
  compactIfLarge(): void {
    if (this.tailSize >= Math.max(TAIL_MIN, this.base.count / 4)) this.compact();
  }

  /** Folds the tail into the columns. */
  compact(): void {
    const { tail, base } = this;
    if (!tail) return;
    this.tail = undefined;
    const count = base.count + tail.ids.length;
    const lineStart = new Float64Array(count);
    lineStart.set(base.lineStart);
    lineStart.set(tail.lineStart, base.count);
    const lineLength = new Uint32Array(count);
    lineLength.set(base.lineLength);
    lineLength.set(tail.lineLength, base.count);
    const { idOffsets, idBytes } = appendIds(base, tail.ids);

    // The tail's tokens grouped by term, ascending, each term's messages in order: a counting sort, since
    // the tokens come message by message and each (term, message) once.
    const { tokenTerms, tokenOrdinals } = tail;
    const added = scratch.distinct(tokenTerms);
    const bucketEnd = scratch.bucketEnds(added);
    const ordinals = new Uint32Array(tokenTerms.length);
    for (let i = 0; i < tokenTerms.length; i++) ordinals[scratch.place(tokenTerms[i]!)] = tokenOrdinals[i]!;
    scratch.clear(added);

    const terms = mergeAscending(base.terms, added);
    const postOffsets = new Uint32Array(terms.length + 1);
    const writer = new VarintWriter(base.posts.length + ordinals.length);
    let b = 0;
    let a = 0;
    for (let t = 0; t < terms.length; t++) {
      const id = terms[t]!;
      postOffsets[t] = writer.length;
      let last = -1;
      if (b < base.terms.length && base.terms[b] === id) {
        // Base postings are already gap-encoded from -1; copy them and remember where they ended.
        const from = base.postOffsets[b]!;
        const to = base.postOffsets[b + 1]!;
        writer.copy(base.posts, from, to);
        last = lastOrdinal(base.posts, from, to);
        b++;
      }
      if (a < added.length && added[a] === id) {
        for (let k = a === 0 ? 0 : bucketEnd[a - 1]!; k < bucketEnd[a]!; k++) {
          writer.write(ordinals[k]! - last);
          last = ordinals[k]!;
        }
        a++;
      }
    }
    postOffsets[terms.length] = writer.length;
    this.base = { count, lineStart, lineLength, idOffsets, idBytes, terms, postOffsets, posts: writer.bytes() };
  }
}

function appendIds(base: DocColumns, ids: string[]): { idOffsets: Uint32Array; idBytes: Buffer } {
  const added = ids.map((id) => Buffer.from(id, 'utf8'));
  const idBytes = Buffer.concat([base.idBytes, ...added]);
  const idOffsets = new Uint32Array(base.count + ids.length + 1);
  idOffsets.set(base.idOffsets);
  let at = base.idOffsets[base.count]!;
  for (let i = 0; i < added.length; i++) {
    at += added[i]!.length;
    idOffsets[base.count + i + 1] = at;
  }
  return { idOffsets, idBytes };
}

function indexOf(sorted: Uint32Array, id: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function mergeAscending(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (k === 0 || out[k - 1] !== next) out[k++] = next;
  }
  return out.subarray(0, k);
}

function inSet(set: TermSet, id: number): boolean {
  return set.marked ? set.marked[id] === 1 : set.ids.includes(id);
}

function decodeEach(posts: Uint8Array, from: number, to: number, visit: (ordinal: number) => void): void {
  let value = -1;
  let pos = from;
  while (pos < to) {
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = posts[pos++]!;
      gap += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    value += gap;
    visit(value);
  }
}

/** The last ordinal of a posting list: the gaps add up to it. */
function lastOrdinal(posts: Uint8Array, from: number, to: number): number {
  let value = -1;
  let shift = 0;
  for (let pos = from; pos < to; pos++) {
    const byte = posts[pos]!;
    value += (byte & 0x7f) * 2 ** shift;
    shift = byte & 0x80 ? shift + 7 : 0;
  }
  return value;
}

/**
 * Per-term working space shared by every doc, indexed by term id, so that neither deduplicating a
 * message's terms nor grouping a tail's tokens by term allocates per message or sorts the tokens.
 */
class TermScratch {
  /** Per term: the stamp of the last message that held it (addMessage). */
  private stamps = new Uint32Array(1024);
  private stamp = 0;
  /** Per term of the tail being compacted: its count, then where its next ordinal goes. */
  private slots = new Uint32Array(1024);

  nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Whether the term is new to the message stamped `stamp` (and marks it). */
  mark(id: number, stamp: number): boolean {
    if (id >= this.stamps.length) this.stamps = grown(this.stamps, id);
    if (this.stamps[id] === stamp) return false;
    this.stamps[id] = stamp;
    return true;
  }

  /** The tokens' terms, each once, ascending; counts them on the way. */
  distinct(tokenTerms: readonly number[]): Uint32Array {
    const found: number[] = [];
    for (const id of tokenTerms) {
      if (id >= this.slots.length) this.slots = grown(this.slots, id);
      const seen = this.slots[id]!;
      this.slots[id] = seen + 1;
      if (seen === 0) found.push(id);
    }
    return Uint32Array.from(found).sort();
  }

  /** Where each term's tokens end once grouped; each term's slot is left at where its group begins. */
  bucketEnds(terms: Uint32Array): Uint32Array {
    const ends = new Uint32Array(terms.length);
    let at = 0;
    for (let i = 0; i < terms.length; i++) {
      const count = this.slots[terms[i]!]!;
      this.slots[terms[i]!] = at;
      at += count;
      ends[i] = at;
    }
    return ends;
  }

  /** The next position in the term's group. */
  place(id: number): number {
    return this.slots[id]!++;
  }

  clear(terms: Uint32Array): void {
    for (const id of terms) this.slots[id] = 0;
  }
}

function grown(array: Uint32Array<ArrayBuffer>, index: number): Uint32Array<ArrayBuffer> {
  let length = array.length;
  while (length <= index) length *= 2;
  const next = new Uint32Array(length);
  next.set(array);
  return next;
}

const scratch = new TermScratch();

/** A growable byte buffer of LEB128 varints. */
class VarintWriter {
  private buf: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.buf = new Uint8Array(Math.max(16, capacity));
  }

  write(value: number): void {
    this.ensure(5);
    let v = value;
    while (v >= 0x80) {
      this.buf[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.length++] = v;
  }

  copy(from: Uint8Array, start: number, end: number): void {
    this.ensure(end - start);
    this.buf.set(from.subarray(start, end), this.length);
    this.length += end - start;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.length);
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.length + extra));
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
  }
}
