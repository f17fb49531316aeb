// The entries of a session form a tree by parentId; the leaf is where the next entry attaches.
// Entries are kept in file order. Almost every parent is the entry just before its child, so walks step
// through the array and the id map (100,000 Map inserts cost a tenth of a full open) is built only when
// a walk jumps.
import type { SessionEntry } from '../../../shared/session';

export class EntryTree {
  /** id → position of its first occurrence; undefined until first needed. */
  private positions: Map<string, number> | undefined;
  leafId: string | null;

  /** Takes ownership of `entries` (file order): the last one is the leaf. */
  constructor(private readonly entries: SessionEntry[] = []) {
    this.leafId = entries.at(-1)?.id ?? null;
  }

  /** Adds an entry in file order and makes it the leaf. */
  add(entry: SessionEntry): void {
    this.entries.push(entry);
    if (this.positions && !this.positions.has(entry.id)) this.positions.set(entry.id, this.entries.length - 1);
    this.leafId = entry.id;
  }

  /** All entries in file order (a copy). */
  list(): SessionEntry[] {
    return this.entries.slice();
  }

  last(): SessionEntry | undefined {
    return this.entries.at(-1);
  }

  /**
   * Root → leaf path. A parent that cannot be found (its line was unreadable) is replaced by the entry
   * before the child in file order, so one bad line never hides the history above it; parents always
   * precede children, so the walk only moves backwards and cannot loop.
   */
  branch(leafId: string | null = this.leafId): SessionEntry[] {
    if (leafId === null) return [];
    let at = leafId === this.leafId ? this.entries.length - 1 : this.positionOf(leafId);
    const path: SessionEntry[] = [];
    while (at !== undefined && at >= 0) {
      const entry = this.entries[at];
      if (!entry) break;
      path.push(entry);
      at = this.parentPosition(entry, at);
    }
    return path.reverse();
  }

  private parentPosition(entry: SessionEntry, at: number): number | undefined {
    if (entry.parentId === null) return undefined;
    if (this.entries[at - 1]?.id === entry.parentId) return at - 1;
    const found = this.positionOf(entry.parentId);
    return found !== undefined && found < at ? found : at - 1;
  }

  private positionOf(id: string): number | undefined {
    if (!this.positions) {
      this.positions = new Map();
      this.entries.forEach((entry, i) => {
        if (!this.positions?.has(entry.id)) this.positions?.set(entry.id, i);
      });
    }
    return this.positions.get(id);
  }
}
