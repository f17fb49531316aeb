// Versions of a message (SPEC §5 message actions). An edit or a regenerate writes a new message beside
// the one it replaces, after the same earlier message; the old one keeps its branch. The versions of a
// message are the messages of its role that follow the same message, in file order. Bookkeeping in
// between (a model change, a branch switch, a hidden reminder) does not set them apart: a regenerate with
// another model writes a model_change first, and its reply is still a version of the old one.
import type { SessionEntry } from '../../../shared/session';
import { ROOT, type EntryTree } from './entryTree';

/** Entries the user never sees as a row of their own and the versions of a message look through. */
export function isBookkeeping(entry: SessionEntry): boolean {
  switch (entry.type) {
    case 'message':
      return false;
    case 'custom_message':
      return !entry.display;
    default:
      return true;
  }
}

/** Messages that can have versions: the user's prompts and the assistant's replies, not a handoff's or tool results. */
export function isVersionable(entry: SessionEntry | undefined): entry is Extract<SessionEntry, { type: 'message' }> {
  if (entry?.type !== 'message' || entry.message.purpose === 'handoff') return false;
  const { content } = entry.message;
  const toolResultsOnly = content.length > 0 && content.every((block) => block.type === 'tool_result');
  return !toolResultsOnly;
}

/** Positions of all versions of the message at `at` (itself included, in file order); one when it has none. */
export function versionsAt(tree: EntryTree, at: number): number[] {
  const entry = tree.at(at);
  if (!isVersionable(entry) || !tree.hasBranches()) return [at];
  const role = entry.message.role;
  const found: number[] = [];
  const visit = (parent: number): void => {
    for (const child of tree.childrenOf(parent)) {
      const candidate = tree.at(child);
      if (!candidate) continue;
      if (isBookkeeping(candidate)) visit(child);
      else if (isVersionable(candidate) && candidate.message.role === role) found.push(child);
    }
  };
  visit(anchorOf(tree, at));
  return found.sort((a, b) => a - b);
}

/**
 * The leaf that shows the version at `at`: the newest entry under it, which is where the user last was
 * in that branch. A branch_switch stands for its parent.
 */
export function leafShowing(tree: EntryTree, at: number): number {
  let newest = at;
  const stack = [at];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (next > newest) newest = next;
    stack.push(...tree.childrenOf(next));
  }
  while (newest !== ROOT && tree.at(newest)?.type === 'branch_switch') newest = tree.parentOf(newest);
  return newest;
}

/** The nearest entry above `at` that is not bookkeeping (ROOT when there is none). */
function anchorOf(tree: EntryTree, at: number): number {
  let parent = tree.parentOf(at);
  while (parent !== ROOT && isBookkeeping(tree.at(parent) as SessionEntry)) parent = tree.parentOf(parent);
  return parent;
}
