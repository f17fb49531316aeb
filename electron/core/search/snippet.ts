// The few words around a search match that a result shows, with the matched parts marked. Matching is done
// on folded text, whose offsets are those of the original, so the marks land on the original words.
import type { SearchSnippet } from '../../../shared/search';
import { foldText } from '../../../shared/textFold';
import { isUnspacedToken, isWordChar } from './tokenize';

/** Characters shown before the first match, and in all. */
const LEAD = 40;
const LENGTH = 160;

/** `marks` are folded query words (found at word starts) and unspaced runs (found anywhere). */
export function makeSnippet(text: string, marks: readonly string[]): SearchSnippet {
  const ranges = findMarks(foldText(text), marks);
  let start = Math.max(0, (ranges[0]?.[0] ?? 0) - LEAD);
  // Start at a word if one begins shortly before.
  const space = text.lastIndexOf(' ', start);
  if (start > 0 && space >= 0 && start - space < 15) start = space + 1;
  let end = Math.min(text.length, start + LENGTH);
  if (isLowSurrogate(text, start)) start++;
  if (isLowSurrogate(text, end)) end++;

  let out = start > 0 ? '…' : '';
  const at = new Map<number, number>(); // offset in text → offset in out
  let spaced = false;
  for (let i = start; i < end; i++) {
    at.set(i, out.length);
    const char = text[i]!;
    if (/\s/.test(char)) {
      if (!spaced && out.length > 0) out += ' ';
      spaced = true;
    } else {
      out += char;
      spaced = false;
    }
  }
  at.set(end, out.length);
  out = out.trimEnd();
  if (end < text.length) out += '…';
  const highlights: [number, number][] = [];
  for (const [from, to] of ranges) {
    if (from < start || to > end) continue;
    const a = at.get(from)!;
    const b = Math.min(at.get(to)!, out.length);
    if (b > a) highlights.push([a, b]);
  }
  return { text: out, highlights };
}

/** Where the marks occur, sorted, overlaps merged. */
function findMarks(folded: string, marks: readonly string[]): [number, number][] {
  const found: [number, number][] = [];
  for (const mark of marks) {
    const anywhere = isUnspacedToken(mark) || !isWordChar(mark);
    for (let i = folded.indexOf(mark); i >= 0; i = folded.indexOf(mark, i + 1)) {
      if (anywhere || i === 0 || !isWordChar(folded[i - 1]!)) found.push([i, i + mark.length]);
    }
  }
  found.sort((x, y) => x[0] - y[0] || y[1] - x[1]);
  const merged: [number, number][] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}

function isLowSurrogate(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff;
}
