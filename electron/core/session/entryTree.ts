// The entries of a session form a tree by parentId; the leaf is where the next entry attaches. It is the
// last entry after loading, and moves elsewhere when the user shows another branch (SPEC §2).
// Entries are kept in file order. Almost every parent is the entry just before its child, so walks step
// through the array; a parent a little further back is found by looking back, and the id map (100,000
// Map inserts cost a tenth of a full open) is built only for one further away: a linear session never
// pays for it.
import type { SessionEntry } from '../../../shared/session';

/** The position of the virtual root: the parent of every root entry. */
export const ROOT = -1;

/**
 * How far back a parent is looked for before the id map is built: an edit's or a regenerate's parent is
 * a few entries back, and so is the branch_switch of a reply just regenerated.
 */
const NEARBY = 64;

export class EntryTree {
  /** id → position of its first occurrence; undefined until first needed. */
  private positions: Map<string, number> | undefined;
  /**
   * Entries whose parent is not the entry just before them (the second and later children of a parent),
   * by their parent's position; undefined until first needed, then kept up to date.
   */
  private forks: Map<number, number[]> | undefined;
  /** The last branch walked: a leaf's branch never changes (entries are only appended), so it is kept. */
  private walked: { leafId: string; positions: readonly number[] } | undefined;
  leafId: string | null;

  /** Takes ownership of `entries` (file order): the last one is the leaf. */
  constructor(private readonly entries: SessionEntry[] = []) {
    this.leafId = entries.at(-1)?.id ?? null;
  }

  /** Adds an entry in file order and makes it the leaf. */
  add(entry: SessionEntry): void {
    this.entries.push(entry);
    const at = this.entries.length - 1;
    if (this.positions && !this.positions.has(entry.id)) this.positions.set(entry.id, at);
    if (this.forks) this.noteFork(at);
    this.leafId = entry.id;
  }

  /** All entries in file order (a copy). */
  list(): SessionEntry[] {
    return this.entries.slice();
  }

  last(): SessionEntry | undefined {
    return this.entries.at(-1);
  }

  get size(): number {
    return this.entries.length;
  }

  at(position: number): SessionEntry | undefined {
    return this.entries[position];
  }

  /** Root → leaf path (or root → the given entry). */
  branch(leafId: string | null = this.leafId): SessionEntry[] {
    return this.branchPositions(leafId).map((at) => this.entries[at] as SessionEntry);
  }

  /**
   * Positions of the root → leaf path. A parent that cannot be found (its line was unreadable) is
   * replaced by the entry before the child in file order, so one bad line never hides the history above
   * it; parents always precede children, so the walk only moves backwards and cannot loop.
   */
  branchPositions(leafId: string | null = this.leafId): readonly number[] {
    if (leafId === null) return [];
    if (this.walked?.leafId === leafId) return this.walked.positions;
    const path: number[] = [];
    for (let at = this.positionOf(leafId) ?? ROOT; at !== ROOT; at = this.parentOf(at)) path.push(at);
    path.reverse();
    this.walked = { leafId, positions: path };
    return path;
  }

  /** Where the entry with this id is in file order; the last entry is found without a map. */
  positionOf(id: string): number | undefined {
    const last = this.entries.length - 1;
    if (this.entries[last]?.id === id) return last;
    if (!this.positions) {
      const positions = new Map<string, number>();
      this.entries.forEach((entry, i) => {
        if (!positions.has(entry.id)) positions.set(entry.id, i);
      });
      this.positions = positions;
    }
    return this.positions.get(id);
  }

  /** The position of the entry's parent, ROOT for a root entry. */
  parentOf(at: number): number {
    const entry = this.entries[at];
    if (!entry || entry.parentId === null) return ROOT;
    if (this.entries[at - 1]?.id === entry.parentId) return at - 1;
    return this.positionBefore(entry.parentId, at) ?? at - 1;
  }

  /** Where `id` is before `at`: a short look back first, the id map only for a parent further away. */
  private positionBefore(id: string, at: number): number | undefined {
    for (let back = at - 2; back >= 0 && back >= at - NEARBY; back--) if (this.entries[back]?.id === id) return back;
    const found = this.positionOf(id);
    return found !== undefined && found < at ? found : undefined;
  }

  /** Children of the entry at `at` (ROOT: the root entries), in file order. */
  childrenOf(at: number): number[] {
    const next = at + 1;
    const first = next < this.entries.length && this.parentOf(next) === at ? [next] : [];
    const later = this.forkMap().get(at);
    return later ? [...first, ...later] : first;
  }

  /** Whether any entry has a sibling; false for a session written as one line of descent. */
  hasBranches(): boolean {
    return this.forkMap().size > 0;
  }

  private forkMap(): Map<number, number[]> {
    if (!this.forks) {
      this.forks = new Map();
      for (let at = 1; at < this.entries.length; at++) {
        // The common case, decided without a map lookup.
        if (this.entries[at]?.parentId !== this.entries[at - 1]?.id) this.noteFork(at);
      }
    }
    return this.forks;
  }

  private noteFork(at: number): void {
    const parent = this.parentOf(at);
    if (parent === at - 1) return;
    const siblings = this.forks?.get(parent);
    if (siblings) siblings.push(at);
    else this.forks?.set(parent, [at]);
  }
}
