// Chains (SPEC §4.3): what changed since the previous document, for review. Whole lines of the model's
// part (what Baton appended is left out on both sides), compared as multisets: a line moved elsewhere is
// no change, a line reworded is one removed and one added.
import type { DocumentChanges } from '../../../shared/session';
import { documentLines } from '../../../shared/handoffSections';

export function documentChanges(previous: string, next: string): DocumentChanges {
  const before = meaningfulLines(previous);
  const after = meaningfulLines(next);
  return { added: without(after, before), removed: without(before, after) };
}

function meaningfulLines(document: string): string[] {
  return documentLines(document)
    .map((line) => line.text.trim())
    .filter(Boolean);
}

/** The lines of `lines` that `other` does not have (as many times as they occur), in order. */
function without(lines: readonly string[], other: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const line of other) left.set(line, (left.get(line) ?? 0) + 1);
  return lines.filter((line) => {
    const n = left.get(line) ?? 0;
    if (n === 0) return true;
    left.set(line, n - 1);
    return false;
  });
}
