// Marks Find in session's matches in the chat rows that are mounted, with the CSS Custom Highlight API:
// ranges over the rendered text, so Markdown, code blocks and links are marked where they show, and no
// element is added to or changed in the messages. Only the mounted rows are walked (a few dozen, never
// the 10,000 of a long chat); a MutationObserver repaints as rows mount, stream or re-render.
import { useEffect, useRef, type RefObject } from 'react';
import { findNeedle } from '../lib/find';
import { rangesIn } from '../lib/findRanges';
import { selectFindMatches } from '../store/findSlice';
import { useBaton, useBatonStore } from '../store/StoreProvider';

export function useFindHighlights(scrollRef: RefObject<HTMLElement | null>): void {
  const store = useBatonStore();
  const open = useBaton((s) => s.find.open);
  const query = useBaton((s) => s.find.query);
  const current = useBaton((s) => s.find.current);
  const seq = useBaton((s) => s.find.seq);
  const matches = useBaton(selectFindMatches);
  const revealed = useRef(seq);

  useEffect(() => {
    const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
    const root = scrollRef.current;
    const needle = findNeedle(query);
    if (!registry || !root || !open || !needle) return;
    const keys = new Set(matches.map((m) => m.key));
    let frame = 0;
    const paint = () => {
      frame = 0;
      const all: Range[] = [];
      let shown: Range | undefined;
      const { items } = store.getState().chat;
      for (const row of root.querySelectorAll<HTMLElement>('[data-index]')) {
        const item = items[Number(row.dataset.index)];
        if (!item || !keys.has(item.key)) continue;
        const ranges = rangesIn(row, needle);
        all.push(...ranges);
        if (item.key === current?.key) shown = ranges[Math.min(current.occurrence, ranges.length - 1)];
      }
      registry.set('find-match', new Highlight(...all));
      if (!shown) return void registry.delete('find-current');
      registry.set('find-current', new Highlight(shown));
      if (revealed.current !== seq) {
        revealed.current = seq;
        reveal(root, shown);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(paint);
    };
    schedule();
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      registry.delete('find-match');
      registry.delete('find-current');
    };
  }, [store, scrollRef, open, query, matches, current, seq]);
}

/**
 * Scrolls the match into the upper part of the view if it is not in view: the chat, and first any box
 * inside it that scrolls on its own (a long code line, the handoff document).
 */
function reveal(root: HTMLElement, range: Range): void {
  for (let box = range.startContainer.parentElement; box; box = box.parentElement) {
    if (box === root) return bringIntoView(box, range, 'y');
    const style = getComputedStyle(box);
    if (scrolls(style.overflowY) && box.scrollHeight > box.clientHeight) bringIntoView(box, range, 'y');
    if (scrolls(style.overflowX) && box.scrollWidth > box.clientWidth) bringIntoView(box, range, 'x');
  }
}

const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';

function bringIntoView(box: HTMLElement, range: Range, axis: 'x' | 'y'): void {
  const view = box.getBoundingClientRect();
  const at = range.getBoundingClientRect();
  if (axis === 'y' && (at.top < view.top || at.bottom > view.bottom)) box.scrollTop += at.top - view.top - view.height / 3;
  if (axis === 'x' && (at.left < view.left || at.right > view.right)) box.scrollLeft += at.left - view.left - view.width / 3;
}
