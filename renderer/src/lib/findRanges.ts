// Where Find in session's query shows in a mounted chat row: DOM ranges over the row's rendered text,
// read as one string across its text nodes, so a match that runs through formatting ("a **ripe** mango")
// is one range, as it is one match in the count (lib/find.ts counts in the same text, from the store).
import { occurrencesIn } from './find';

/** Text in a row that is not the message itself: the role label, buttons, a code block's header, tool calls, flags. */
const CHROME = 'button, summary, .message-role, .code-header, .tool-call, .message-flag, [aria-hidden="true"]';

export function rangesIn(row: HTMLElement, needle: string): Range[] {
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(CHROME) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!node.data) continue;
    nodes.push(node);
    starts.push(text.length);
    text += node.data;
  }
  /** The text node holding offset `at` of `text`; an end offset stays in the node it ends. */
  const locate = (at: number, isEnd: boolean): [Text, number] => {
    let lo = 0;
    let hi = nodes.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (isEnd ? starts[mid]! < at : starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return [nodes[lo]!, at - starts[lo]!];
  };
  return occurrencesIn(text, needle).map(([start, end]) => {
    const range = document.createRange();
    range.setStart(...locate(start, false));
    range.setEnd(...locate(end, true));
    return range;
  });
}
