// A long or streamed Markdown text, rendered a bounded share a task. The text is cut into blocks
// (markdownBlocks); every block but the one being written (`open`) is done and never changes. A done
// block shows its text as written until a task parses it: each task parses at most PARSE_BUDGET's worth,
// the blocks on screen first, then the others from the end (where the chat is read), so a huge delta, the
// settled message and a session opened on it each cost the page a task at a time. Done blocks sit in
// groups that are laid out only when on screen. The text is all there meanwhile: Find in session and
// copy see it whole.
import { memo, useEffect, useState } from 'react';
import { MarkdownPart, type MarkdownExtension } from './MarkdownPart';
import { useMarkdownBlocks, type MarkdownBlock } from './markdownBlocks';

/** What one task parses (MarkdownBlock.cost): some 10 ms of remark, React and layout on a slow machine. */
const PARSE_BUDGET = 4_000;
/**
 * A block that costs more than this stays as written: parsed alone it would hold up the page (one huge
 * paragraph or table; remark takes longer than linear on a long paragraph). A code block of many
 * times this is parsed, since its lines cost little.
 */
const LONG_BLOCK = 12_000;
/** Plain text is cut into pieces of about this size, so what is laid out is what is on screen. */
const PIECE = 4_000;
/** Done blocks laid out together, or not at all when off screen: some 20,000 characters. */
const GROUP = 8;

const NONE: ReadonlySet<number> = new Set();

interface Progress {
  /** The first block when the blocks were parsed: another one means another text, parsed anew. */
  first: MarkdownBlock | undefined;
  /** The starts of the done blocks parsed. */
  parsed: ReadonlySet<number>;
}

export function BlockMarkdown({ text, open, extension }: { text: string; open: boolean; extension: MarkdownExtension | undefined }) {
  const blocks = useMarkdownBlocks(text);
  const done = open ? blocks.length - 1 : blocks.length;
  const [progress, setProgress] = useState<Progress>({ first: undefined, parsed: NONE });
  const [onScreen, observe] = useOnScreen();
  const before = progress.first === blocks[0] ? progress.parsed : NONE;
  // This render parses the next task's share; the task after it takes it from there.
  const parsed = nextTask(blocks, done, before, onScreen);
  useEffect(() => {
    if (parsed === progress.parsed) return;
    const id = setTimeout(() => setProgress({ first: blocks[0], parsed }), 0);
    return () => clearTimeout(id);
  });

  const groups = [];
  for (let first = 0; first < done; first += GROUP) {
    const last = Math.min(first + GROUP, done);
    let count = 0;
    for (let i = first; i < last; i++) if (parsed.has(blocks[i]!.start)) count++;
    groups.push(<BlockGroup key={blocks[first]!.start} blocks={blocks} first={first} last={last} parsed={parsed} count={count} observe={observe} extension={extension} />);
  }
  const writing = blocks[done];
  // The block being written is parsed each frame, once the done ones are and while it is small.
  const openParsed = writing !== undefined && writing.cost <= PARSE_BUDGET && nextTask(blocks, done, parsed, onScreen) === parsed;
  return (
    <>
      {groups}
      {writing && (openParsed ? <MarkdownPart key={writing.start} text={writing.text} streaming extension={extension} /> : <PlainBlock key={writing.start} block={writing} />)}
    </>
  );
}

/**
 * The parsed blocks once the next task has parsed its share: the done blocks of the groups on screen
 * first, then the others from the last one back, as many as fit in the budget (at least one). `parsed`
 * itself when there is nothing left to parse.
 */
function nextTask(blocks: readonly MarkdownBlock[], done: number, parsed: ReadonlySet<number>, onScreen: ReadonlySet<number>): ReadonlySet<number> {
  let next: Set<number> | undefined;
  let budget = PARSE_BUDGET;
  /** Takes the block if it fits; false once the budget is spent. */
  const take = (block: MarkdownBlock): boolean => {
    if (parsed.has(block.start) || next?.has(block.start) || block.cost > LONG_BLOCK) return true;
    if (next && block.cost > budget) return false;
    next ??= new Set(parsed);
    next.add(block.start);
    budget -= block.cost;
    return budget > 0;
  };
  let more = true;
  for (const group of onScreen) for (let i = group * GROUP; i < Math.min((group + 1) * GROUP, done) && more; i++) more = take(blocks[i]!);
  for (let i = done - 1; i >= 0 && more; i--) more = take(blocks[i]!);
  return next ?? parsed;
}

interface GroupProps {
  blocks: readonly MarkdownBlock[];
  first: number;
  last: number;
  parsed: ReadonlySet<number>;
  /** How many of the group's blocks are parsed: blocks are only ever added to `parsed`. */
  count: number;
  observe: Watch | undefined;
  extension: MarkdownExtension | undefined;
}

/**
 * Done blocks, laid out and painted only when on screen (content-visibility), so that each frame costs
 * what is on screen however long the text. Done blocks never change (the same objects): a group is the
 * same while it has as many, as many parsed.
 */
const BlockGroup = memo(
  function BlockGroup({ blocks, first, last, parsed, observe, extension }: GroupProps) {
    const mine = blocks.slice(first, last);
    const chars = mine.reduce((n, block) => n + block.text.length, 0);
    return (
      <div
        className="markdown-group"
        data-group={first / GROUP}
        ref={observe}
        // Until it has been on screen, a group is as tall as its text would be in plain lines.
        style={{ containIntrinsicBlockSize: `auto ${Math.ceil(chars / 90) * 1.5}em` }}
      >
        {mine.map((block) => (parsed.has(block.start) ? <MarkdownPart key={block.start} text={block.text} extension={extension} /> : <PlainBlock key={block.start} block={block} />))}
      </div>
    );
  },
  (a, b) => a.blocks[a.first] === b.blocks[b.first] && a.last === b.last && a.count === b.count && a.observe === b.observe && a.extension === b.extension,
);

/** A block waiting for its parse, or too long to parse: its text as written, in pieces laid out when on screen. */
const PlainBlock = memo(function PlainBlock({ block }: { block: MarkdownBlock }) {
  const all = pieces(block.text);
  if (all.length === 1) return <p className="markdown-plain">{block.text}</p>;
  return all.map((piece, i) => (
    <p key={i} className="markdown-plain markdown-piece" style={{ containIntrinsicBlockSize: `auto ${lineCount(piece) * 1.5}em` }}>
      {piece}
    </p>
  ));
});

/** The text cut after a line's end (or else a space) about every PIECE characters. */
function pieces(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (text.length - at > PIECE) {
    const limit = at + PIECE;
    const line = text.lastIndexOf('\n', limit);
    const space = line > at + PIECE / 2 ? line : text.lastIndexOf(' ', limit);
    const cut = space > at + PIECE / 2 ? space + 1 : limit;
    out.push(text.slice(at, cut));
    at = cut;
  }
  out.push(text.slice(at));
  return out;
}

/** About how many lines a piece takes in a message's width. */
function lineCount(piece: string): number {
  let lines = 1;
  for (let at = piece.indexOf('\n'); at >= 0; at = piece.indexOf('\n', at + 1)) lines++;
  return lines + Math.floor(piece.length / 90);
}

/** A ref that watches whether its element is on screen, until the element goes. */
type Watch = (el: HTMLElement | null) => (() => void) | undefined;

/** The groups on screen, and the ref that watches a group. */
function useOnScreen(): [ReadonlySet<number>, Watch | undefined] {
  const [onScreen, setOnScreen] = useState<ReadonlySet<number>>(NONE);
  const [watch] = useState(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) =>
      setOnScreen((was) => {
        const next = new Set(was);
        for (const entry of entries) {
          const group = Number((entry.target as HTMLElement).dataset.group);
          if (entry.isIntersecting) next.add(group);
          else next.delete(group);
        }
        return next;
      }),
    );
    return (el: HTMLElement | null) => {
      if (!el) return;
      observer.observe(el);
      return () => observer.unobserve(el);
    };
  });
  return [onScreen, watch];
}
