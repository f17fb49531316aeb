// The reply being streamed. Only this row re-renders as text arrives (once per frame at most). The text
// is cut into Markdown blocks (markdownBlocks): a block that something follows is done and keeps its
// rendering (Markdown is memoized), so a frame parses only what is new. New text is parsed at most
// PARSE_BUDGET characters a task and what is past that is shown as plain text until the next task, so
// one huge delta never blocks the page; the settled message then renders once, as any other.
import { useEffect, useMemo, useState } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { Markdown } from './Markdown';
import { markdownBlocks } from './markdownBlocks';

/** Characters of new Markdown parsed in one task: well under 50 ms of remark and React. */
const PARSE_BUDGET = 16_000;

export function StreamingMessage() {
  const text = useBaton((s) => s.chat.stream?.text ?? '');
  return (
    <article data-testid="message" className="message assistant streaming" aria-busy="true">
      <div className="message-role">Claude</div>
      {text ? <StreamedText text={text} /> : <p className="typing">Thinking…</p>}
    </article>
  );
}

function StreamedText({ text }: { text: string }) {
  const blocks = useMemo(() => markdownBlocks(text), [text]);
  // What each block was last rendered as (by its offset): rendering it so again costs nothing (memo). A
  // record kept for the row's life, written as it renders: a render thrown away only makes one block
  // count against the budget twice.
  const [parsed] = useState(() => new Map<number, string>());
  const [, nextTask] = useState(0);
  let budget = PARSE_BUDGET;
  let plainFrom: number | null = null;
  let more = false;
  const parts = [];
  for (const [i, block] of blocks.entries()) {
    const streaming = i === blocks.length - 1;
    const as = `${streaming}:${block.text}`;
    if (parsed.get(block.start) !== as) {
      if (block.text.length > budget) {
        plainFrom = block.start;
        // A last block too big for any one task stays plain until the message settles.
        more = !streaming || block.text.length <= PARSE_BUDGET;
        break;
      }
      budget -= block.text.length;
      parsed.set(block.start, as);
    }
    parts.push(<Markdown key={block.start} text={block.text} streaming={streaming} />);
  }
  // What is left plain is parsed in the next task.
  useEffect(() => {
    if (!more) return;
    const id = setTimeout(() => nextTask((n) => n + 1), 0);
    return () => clearTimeout(id);
  });
  return (
    <>
      {parts}
      {plainFrom !== null && <p className="streaming-plain">{text.slice(plainFrom)}</p>}
    </>
  );
}
