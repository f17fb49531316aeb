// The reply being streamed. Only this row re-renders as text arrives (once per frame at most). The text
// is cut into Markdown blocks (markdownBlocks); every block but the last is done and never changes. The
// done blocks are parsed in order, at most PARSE_BUDGET characters a task, and shown as plain text until
// then, so one huge delta never blocks the page; they are rendered in groups that stay the same from one
// task to the next, so each task touches only what it parses. The settled message renders once, as any
// other.
import { memo, useEffect, useState } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { Markdown } from './Markdown';
import { useMarkdownBlocks, type MarkdownBlock } from './markdownBlocks';

/** Characters of new Markdown parsed in one task: some 20 ms of remark and React on a slow machine. */
const PARSE_BUDGET = 6_000;
/** Done blocks rendered together (and compared together between renders). */
const GROUP = 64;

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
  const blocks = useMarkdownBlocks(text);
  const done = blocks.length - 1;
  // How many done blocks earlier renders parsed, kept for the row's life; this render parses up to the
  // budget more, and the next task takes it from there.
  const [parsedBefore, setParsed] = useState(0);
  const before = Math.min(parsedBefore, done);
  const parsed = parsedAfterTask(blocks, before, done);
  const open = blocks[done]!;
  const more = parsed < done;
  useEffect(() => {
    if (parsed === parsedBefore) return;
    const id = setTimeout(() => setParsed(parsed), 0);
    return () => clearTimeout(id);
  });

  const groups = [];
  for (let first = 0; first < done; first += GROUP) {
    const last = Math.min(first + GROUP, done);
    groups.push(<BlockGroup key={first} blocks={blocks} first={first} last={last} parsed={Math.min(Math.max(parsed - first, 0), last - first)} />);
  }
  // The block being written is parsed each frame, while it is small enough.
  const openParsed = !more && open.text.length <= PARSE_BUDGET;
  return (
    <>
      {groups}
      {openParsed ? <Markdown key={open.start} text={open.text} streaming /> : <PlainBlock key={open.start} text={open.text} />}
    </>
  );
}

/** How many done blocks are parsed once the next task has parsed its budget's worth (at least one block). */
function parsedAfterTask(blocks: readonly MarkdownBlock[], parsed: number, done: number): number {
  let next = parsed;
  let budget = PARSE_BUDGET;
  while (next < done && blocks[next]!.text.length <= budget) budget -= blocks[next++]!.text.length;
  // A block bigger than the budget is parsed alone, in a task of its own.
  return next < done && budget === PARSE_BUDGET ? next + 1 : next;
}

interface GroupProps {
  blocks: readonly MarkdownBlock[];
  first: number;
  last: number;
  /** How many of the group's blocks are parsed (the rest are plain). */
  parsed: number;
}

/** Done blocks never change (the same objects): a group is the same while it has as many, as many parsed. */
const BlockGroup = memo(
  function BlockGroup({ blocks, first, last, parsed }: GroupProps) {
    return blocks.slice(first, last).map((block, i) => (i < parsed ? <Markdown key={block.start} text={block.text} /> : <PlainBlock key={block.start} text={block.text} />));
  },
  (a, b) => a.blocks[a.first] === b.blocks[b.first] && a.last === b.last && a.parsed === b.parsed,
);

/** A block waiting for its parse: its text as written. */
const PlainBlock = memo(function PlainBlock({ text }: { text: string }) {
  return <p className="streaming-plain">{text}</p>;
});
