// A long or streamed Markdown text, rendered a bounded share a task, and only where it is read. The text is
// cut into blocks (markdownBlocks); every block but the one being written (`open`) is done and never
// changes. Done blocks sit in groups; a group is shown as Markdown only while it is near the view (within a
// view's height of it), and as written elsewhere, so what the page holds of a huge text (its elements, and
// what React tears down when it goes) is bounded by what is near the view, not by the text's size. A
// group near the view is parsed a share a task: each task parses at most PARSE_BUDGET's worth, the groups
// nearest the end first (where the chat is read); a huge delta is drawn as written first, and parsed from
// the next task on. A group that leaves the view's neighbourhood goes back
// to its text as written, and is parsed again when it comes back. Groups off screen are not laid out. The
// text is all there meanwhile: Find in session and copy see it whole. Where the page cannot tell what is
// in view (no IntersectionObserver), every group counts as near.
import { memo, useEffect, useState } from 'react';
import { MarkdownPart, type MarkdownExtension } from './MarkdownPart';
import { useMarkdownBlocks, type MarkdownBlock } from './markdownBlocks';

/** What one task parses (MarkdownBlock.cost): some 10 ms of remark, React and layout on a slow machine. */
const PARSE_BUDGET = 3_000;
/**
 * A block that costs more than this stays as written: parsed alone it would hold up the page (one huge
 * paragraph or table; remark takes longer than linear on a long paragraph). A code block of many
 * times this is parsed, since its lines cost little.
 */
const LONG_BLOCK = 12_000;
/**
 * A streamed text that grew by more than this since the last task is drawn as written in the frame it
 * arrives, and parsed from the next task on: drawing that much new text is that frame's share.
 */
const BIG_DELTA = 8 * PARSE_BUDGET;
/** Plain text is cut into pieces of about this size, so what is laid out is what is on screen. */
const PIECE = 4_000;
/** Done blocks laid out together, or not at all when off screen: some 20,000 characters. */
const GROUP = 8;

const NONE: ReadonlySet<number> = new Set();

interface Progress {
  /** The first block when the blocks were parsed: another one means another text, parsed anew. */
  first: MarkdownBlock | undefined;
  /** The starts of the done blocks parsed, in groups near the view. */
  parsed: ReadonlySet<number>;
  /** How long the text was then. */
  length: number;
}

export function BlockMarkdown({ text, open, extension }: { text: string; open: boolean; extension: MarkdownExtension | undefined }) {
  const blocks = useMarkdownBlocks(text);
  const done = open ? blocks.length - 1 : blocks.length;
  const [progress, setProgress] = useState<Progress>({ first: undefined, parsed: NONE, length: 0 });
  const [reported, observe] = useNearGroups();
  const groupCount = Math.ceil(done / GROUP);
  // Until the observer has said where the view is, the last group (where the chat opens) counts as near.
  const near = reported === undefined ? ALL : (reported ?? new Set(groupCount ? [groupCount - 1] : []));
  const same = progress.first === blocks[0];
  const before = same ? keepNear(blocks, progress.parsed, near) : NONE;
  const jumped = open && text.length - (same ? progress.length : 0) > BIG_DELTA;
  // This render parses the next task's share; the task after it takes it from there.
  const parsed = jumped ? before : nextTask(blocks, done, before, near);
  useEffect(() => {
    if (parsed === progress.parsed && !jumped) return;
    const id = setTimeout(() => setProgress({ first: blocks[0], parsed, length: text.length }), 0);
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
  // The block being written is parsed each frame, once the done ones near the view are and while it is small.
  const openParsed = writing !== undefined && !jumped && writing.cost <= PARSE_BUDGET && nextTask(blocks, done, parsed, near) === parsed;
  return (
    <>
      {groups}
      {writing && (openParsed ? <MarkdownPart key={writing.start} text={writing.text} streaming extension={extension} /> : <PlainBlock key={writing.start} block={writing} />)}
    </>
  );
}

/** Every group: where the page cannot tell which are near the view. */
const ALL = { has: () => true } as const;
type Groups = ReadonlySet<number> | typeof ALL;

/** The parsed blocks of the groups near the view: a group that has left it is shown as written again. */
function keepNear(blocks: readonly MarkdownBlock[], parsed: ReadonlySet<number>, near: Groups): ReadonlySet<number> {
  if (near === ALL || parsed.size === 0) return parsed;
  let kept: Set<number> | undefined;
  for (let i = 0; i < blocks.length; i++) {
    const start = blocks[i]!.start;
    if (!parsed.has(start) || near.has(Math.floor(i / GROUP))) continue;
    kept ??= new Set(parsed);
    kept.delete(start);
  }
  return kept ?? parsed;
}

/**
 * The parsed blocks once the next task has parsed its share: the done blocks of the groups near the view,
 * from the last one back, as many as fit in the budget (at least one). `parsed` itself when there is
 * nothing left to parse.
 */
function nextTask(blocks: readonly MarkdownBlock[], done: number, parsed: ReadonlySet<number>, near: Groups): ReadonlySet<number> {
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
  for (let i = done - 1; i >= 0 && more; i--) if (near.has(Math.floor(i / GROUP))) more = take(blocks[i]!);
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
 * same while it has as many, as many parsed (a group away from the view has none).
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

/** A ref that watches whether its element is near the view, until the element goes. */
type Watch = (el: HTMLElement | null) => (() => void) | undefined;

/**
 * The groups near the view (null until the observer has first said; undefined where there is no
 * IntersectionObserver), and the ref that watches a group. Near is within a view's height above or below
 * what the nearest scrolling box shows: more than the page lays out ahead of scrolling, so a group is shown
 * as written only where it is not painted, and its size there stays what it was.
 */
function useNearGroups(): [ReadonlySet<number> | null | undefined, Watch | undefined] {
  const [near, setNear] = useState<ReadonlySet<number> | null | undefined>(() => (typeof IntersectionObserver === 'undefined' ? undefined : null));
  const [watch] = useState(() => {
    if (typeof IntersectionObserver === 'undefined') return undefined;
    let observer: IntersectionObserver | undefined;
    // Made for the first group watched: all the groups of a text scroll in the same box.
    const observerFor = (el: HTMLElement) => {
      if (!observer) {
        observer = new IntersectionObserver(
          (entries) =>
            setNear((was) => {
              const next = new Set(was);
              for (const entry of entries) {
                const group = Number((entry.target as HTMLElement).dataset.group);
                if (entry.isIntersecting) next.add(group);
                else next.delete(group);
              }
              return next;
            }),
          { root: scrollingBox(el), rootMargin: '100% 0px' },
        );
      }
      return observer;
    };
    return (el: HTMLElement | null) => {
      if (!el) return;
      const watching = observerFor(el);
      watching.observe(el);
      return () => watching.unobserve(el);
    };
  });
  return [near, watch];
}

/** The nearest box that scrolls `el` (the page when none does): a margin around the view is taken in it. */
function scrollingBox(el: HTMLElement): Element | null {
  for (let box = el.parentElement; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if (overflowY === 'auto' || overflowY === 'scroll') return box;
  }
  return null;
}
