// The sidebar's sessions as a tree (SPEC §4.2 "Lineage you can see"): a handed-off session under the
// session it came from, its own hand-offs under it. Chains are ordered by their newest activity and grouped
// by that day; within a chain, children come in the order they were made.
import type { SessionSummary } from '../../../shared/session';
import { groupByDay, type DayGroup } from './format';

/** Deeper levels stay at this indentation, so a long chain keeps room for its titles. */
export const MAX_INDENT = 5;

export interface TreeRow<T extends SessionSummary = SessionSummary> {
  summary: T;
  /** Indentation level, 0 for a chain's first session (capped at MAX_INDENT). */
  depth: number;
  /** For each level above this row's own connector (1 … depth-1): whether that level's line runs on past it. */
  guides: boolean[];
  /** The last child of its parent: its connector ends here (└), else it runs on (├). */
  last: boolean;
  /** The parent is listed and shown above this row. */
  underParent: boolean;
  /** The listed sessions handed off from this one. */
  children: T[];
}

export function sessionTree<T extends SessionSummary>(summaries: readonly T[], now: Date = new Date()): DayGroup<TreeRow<T>>[] {
  // Built again at every change of any session, over all of them (10,000 in some 20 ms): one pass each,
  // and no array made for a row without children or guides, which most rows are.
  const byId = new Map<string, T>();
  for (const s of summaries) byId.set(s.id, s);
  const children = new Map<string, T[]>();
  for (const s of summaries) {
    const parent = s.parentSession;
    if (!parent || parent === s.id || !byId.has(parent)) continue;
    const list = children.get(parent);
    if (list) list.push(s);
    else children.set(parent, [s]);
  }
  for (const list of children.values()) if (list.length > 1) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const placed = new Set<string>();
  const chains: { newest: string; rows: TreeRow<T>[] }[] = [];
  const addChain = (root: T) => {
    const rows: TreeRow<T>[] = [];
    let newest = root.updatedAt;
    const visit = (s: T, depth: number, guides: boolean[], last: boolean) => {
      placed.add(s.id);
      if (s.updatedAt > newest) newest = s.updatedAt;
      // A parent link that loops back (a damaged file) never places a session twice.
      const listed = children.get(s.id);
      const kids = listed ? listed.filter((k) => !placed.has(k.id)) : NONE;
      rows.push({ summary: s, depth: Math.min(depth, MAX_INDENT), guides: guides.length ? guides.slice(0, MAX_INDENT - 1) : NONE, last, underParent: depth > 0, children: kids });
      if (!kids.length) return;
      const below = depth === 0 ? NONE : [...guides, !last];
      kids.forEach((kid, i) => visit(kid, depth + 1, below, i === kids.length - 1));
    };
    visit(root, 0, NONE, true);
    chains.push({ newest, rows });
  };

  for (const s of summaries) if (!s.parentSession || !byId.has(s.parentSession)) addChain(s);
  // Whatever a loop of parent links left out still gets a row.
  if (placed.size < summaries.length) for (const s of summaries) if (!placed.has(s.id)) addChain(s);

  return groupByDay(chains, (c) => c.newest, now).map((group) => ({ label: group.label, items: group.items.flatMap((c) => c.rows) }));
}

/** Shared by every row without children or guides (frozen: nothing may add to it). */
const NONE = Object.freeze([]) as never[];
