// Every token the full-text index has seen, each with a small number (its id) that the per-session
// postings store instead of the text. Ids never change while the index lives, so a session's postings
// stay valid as other sessions add terms. A query word is looked up by prefix in a sorted view of the
// terms; terms added since that view was sorted are kept aside and merged into it once there are many.
//
// Indexing looks up every word of every message, so the lookup is a hash table of its own over the
// characters of a range of the text: a word already known costs no string allocation (a Map would need
// each word cut out of the text first), which is most of the time of building the index.

/** Terms added since the sorted view was built are looked through one by one at a query, up to this many. */
const RECENT_MAX = 2048;

export class TermDictionary {
  private readonly list: string[];
  private hashes: Uint32Array;
  /** Open addressing: id + 1 per slot, 0 for an empty one; kept at most half full. */
  private table: Int32Array;
  /** Ids in term order (as JavaScript compares strings). */
  private sorted: Uint32Array;
  private recent: number[] = [];

  constructor(terms: string[] = [], sorted?: Uint32Array) {
    this.list = terms;
    this.hashes = new Uint32Array(Math.max(1024, terms.length * 2));
    this.table = new Int32Array(tableSizeFor(terms.length));
    for (let id = 0; id < terms.length; id++) {
      const term = terms[id]!;
      this.hashes[id] = hashRange(term, 0, term.length);
      this.place(id);
    }
    this.sorted = sorted?.length === terms.length ? sorted : sortIds(terms, Uint32Array.from(terms.keys()));
  }

  get size(): number {
    return this.list.length;
  }

  term(id: number): string {
    return this.list[id]!;
  }

  /** All terms, in id order (for the snapshot). */
  terms(): readonly string[] {
    return this.list;
  }

  id(term: string): number | undefined {
    const id = this.find(term, 0, term.length, hashRange(term, 0, term.length));
    return id < 0 ? undefined : id;
  }

  /** The term's id, adding the term when it is new. */
  intern(term: string): number {
    return this.internRange(term, 0, term.length);
  }

  /** The id of text[start, end), adding it when it is new. */
  internRange(text: string, start: number, end: number): number {
    const hash = hashRange(text, start, end);
    const found = this.find(text, start, end, hash);
    if (found >= 0) return found;
    const id = this.list.length;
    this.list.push(ownCopy(text.slice(start, end)));
    if (id >= this.hashes.length) {
      const grown = new Uint32Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[id] = hash;
    if ((id + 1) * 2 > this.table.length) this.rehash();
    else this.place(id);
    this.recent.push(id);
    return id;
  }

  /** Ids of every term that starts with `prefix` (the term itself included). */
  withPrefix(prefix: string): number[] {
    if (this.recent.length > RECENT_MAX) this.mergeRecent();
    const { list, sorted } = this;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[sorted[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < sorted.length && list[sorted[i]!]!.startsWith(prefix); i++) out.push(sorted[i]!);
    for (const id of this.recent) if (list[id]!.startsWith(prefix)) out.push(id);
    return out;
  }

  /** Ids in term order, every term included (for the snapshot, so a load need not sort). */
  sortedIds(): Uint32Array {
    this.mergeRecent();
    return this.sorted;
  }

  private find(text: string, start: number, end: number, hash: number): number {
    const { table, hashes, list } = this;
    const mask = table.length - 1;
    for (let slot = hash & mask; table[slot] !== 0; slot = (slot + 1) & mask) {
      const id = table[slot]! - 1;
      if (hashes[id] === hash && equalsRange(list[id]!, text, start, end)) return id;
    }
    return -1;
  }

  private place(id: number): void {
    const { table } = this;
    const mask = table.length - 1;
    let slot = this.hashes[id]! & mask;
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = id + 1;
  }

  private rehash(): void {
    this.table = new Int32Array(tableSizeFor(this.list.length));
    for (let id = 0; id < this.list.length; id++) this.place(id);
  }

  private mergeRecent(): void {
    if (!this.recent.length) return;
    const added = sortIds(this.list, Uint32Array.from(this.recent));
    const merged = new Uint32Array(this.sorted.length + added.length);
    let a = 0;
    let b = 0;
    let k = 0;
    while (a < this.sorted.length && b < added.length) {
      merged[k++] = this.list[this.sorted[a]!]! <= this.list[added[b]!]! ? this.sorted[a++]! : added[b++]!;
    }
    while (a < this.sorted.length) merged[k++] = this.sorted[a++]!;
    while (b < added.length) merged[k++] = added[b++]!;
    this.sorted = merged;
    this.recent = [];
  }
}

/** FNV-1a over the UTF-16 code units. */
function hashRange(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function equalsRange(term: string, text: string, start: number, end: number): boolean {
  if (term.length !== end - start) return false;
  for (let i = 0; i < term.length; i++) if (term.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

function tableSizeFor(terms: number): number {
  let size = 1024;
  while (size < terms * 2 + 2) size *= 2;
  return size;
}

/**
 * A copy that does not keep the text it was cut from alive: V8 makes a longer slice a view into its
 * parent (here a whole message), and the dictionary keeps its terms for as long as the app runs.
 */
function ownCopy(term: string): string {
  return term.length < 13 ? term : Buffer.from(term, 'utf16le').toString('utf16le');
}

function sortIds(terms: readonly string[], ids: Uint32Array): Uint32Array {
  return ids.sort((x, y) => (terms[x]! < terms[y]! ? -1 : terms[x]! > terms[y]! ? 1 : 0));
}
