// Where Find in session's query shows in a mounted chat row: DOM ranges over the row's rendered text,
// read as one string across its text nodes, so a match that runs through formatting ("a **ripe** mango")
// is one range, as it is one match in the count (lib/find.ts counts in the same text, from the store).
import { occurrencesIn } from './find';

/** Text in a row that is not the message itself: the role label, buttons, a code block's header, why a diagram was not drawn, tool calls, flags. */
const CHROME = 'button, summary, .message-role, .code-header, .diagram-error, .tool-call, .message-flag, [aria-hidden="true"]';
/**
 * Something shown other than as its text, a typeset formula or a drawn diagram: Find reads its source
 * (the attribute) in place of what is inside it, and a match in it marks the whole of it.
 */
const SOURCE = 'data-find-text';

export function rangesIn(row: HTMLElement, needle: string): Range[] {
  const pieces: (Text | Element)[] = [];
  const starts: number[] = [];
  let text = '';
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) => {
      if (node instanceof Element) {
        if (node.closest(CHROME)) return NodeFilter.FILTER_REJECT;
        return node.hasAttribute(SOURCE) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
      }
      return node.parentElement?.closest(`${CHROME}, [${SOURCE}]`) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const piece = node instanceof Element ? node.getAttribute(SOURCE)! : (node as Text).data;
    if (!piece) continue;
    pieces.push(node as Text | Element);
    starts.push(text.length);
    text += piece;
  }
  /** The piece holding offset `at` of `text`; an end offset stays in the piece it ends. */
  const locate = (at: number, isEnd: boolean) => {
    let lo = 0;
    let hi = pieces.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (isEnd ? starts[mid]! < at : starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return { piece: pieces[lo]!, offset: at - starts[lo]! };
  };
  return occurrencesIn(text, needle).map(([start, end]) => {
    const range = document.createRange();
    const from = locate(start, false);
    const to = locate(end, true);
    if (from.piece instanceof Element) range.setStartBefore(from.piece);
    else range.setStart(from.piece, from.offset);
    if (to.piece instanceof Element) range.setEndAfter(to.piece);
    else range.setEnd(to.piece, to.offset);
    return range;
  });
}
