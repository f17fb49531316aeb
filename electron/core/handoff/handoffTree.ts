// A handoff chain as the sidebar shows it: a tree from the first session down through every session
// handed off from it, at any depth.
import type { SessionSummary } from '../../../shared/session';

/** The titles of the handoff tree `id` belongs to: its root's and those of every session below the root. */
export function treeTitles(summaries: readonly SessionSummary[], id: string): string[] {
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  const children = new Map<string, string[]>();
  for (const { id: child, parentSession } of summaries) {
    if (parentSession !== undefined) children.set(parentSession, [...(children.get(parentSession) ?? []), child]);
  }
  // Up to the root; a parent that is gone (deleted) ends the chain there, a loop (a hand-edited file) too.
  let root = id;
  const above = new Set([id]);
  for (let parent = byId.get(root)?.parentSession; parent !== undefined && byId.has(parent) && !above.has(parent); parent = byId.get(root)?.parentSession) {
    above.add(parent);
    root = parent;
  }
  const titles: string[] = [];
  const seen = new Set<string>();
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    const next = queue[i] as string;
    if (seen.has(next)) continue;
    seen.add(next);
    const summary = byId.get(next);
    if (summary) titles.push(summary.title);
    queue.push(...(children.get(next) ?? []));
  }
  return titles;
}
