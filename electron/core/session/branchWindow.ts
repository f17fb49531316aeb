// What the renderer gets of the branch shown: a 100,000-message session is not shipped whole, so a
// window of its newest entries, and older pages on request, each with the versions of its messages.
import type { BranchView } from '../../../shared/contract';
import type { SessionManager } from './SessionManager';

/** How many of the newest entries a view carries. Enough to fill any screen and to scroll a while. */
export const VIEW_WINDOW = 2_000;

/** The newest `size` entries of the branch shown. */
export function branchWindow(manager: SessionManager, size = VIEW_WINDOW): BranchView {
  const firstEntryIndex = Math.max(0, manager.getBranchLength() - size);
  return { ...manager.getBranchSlice(firstEntryIndex), firstEntryIndex };
}

/**
 * Entries [end - limit, end) of the branch shown: an older page of a view. It stays right while the branch
 * grows; after a switch to another branch the renderer has a new view and drops pages of the old one.
 */
export function branchPage(
  manager: SessionManager,
  end: number,
  limit: number,
): { entries: BranchView['entries']; start: number; versions: BranchView['versions'] } {
  const stop = Math.min(end, manager.getBranchLength());
  const start = Math.max(0, stop - limit);
  return { ...manager.getBranchSlice(start, stop), start };
}
