// Cuts Markdown into top-level blocks that parse the same apart as together, near enough for a reply
// still being streamed: a cut falls at a blank line outside code fences and display math, before a line
// that starts at the margin (an indented line may continue a list item, so it stays with it).
import { useState } from 'react';

export interface MarkdownBlock {
  /** Offset of the block in the text. */
  start: number;
  text: string;
  /**
   * What parsing it costs, in characters of prose: the lines inside a code fence or display math count
   * an eighth, as they are read as they are, not for emphasis, links and the like.
   */
  cost: number;
}

/** How much cheaper a line inside a fence is to parse than a line of prose (remark, measured). */
const FENCED_SHARE = 8;

const FENCE = /^ {0,3}(`{3,}|~{3,}|\$\$)/;

/**
 * The blocks of `text` from `from` on, which must be the start of a block (no fence open there); a block
 * is cut only once it is `minLength` long, so a short text stays one block.
 */
export function markdownBlocks(text: string, from = 0, minLength = 0): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let start = from;
  let fence: string | null = null;
  let blank = false;
  /** Characters of the block being cut that are inside a fence. */
  let fenced = 0;
  const block = (end: number): MarkdownBlock => ({ start, text: text.slice(start, end), cost: end - start - fenced + Math.ceil(fenced / FENCED_SHARE) });
  for (let at = from; at < text.length; ) {
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    const first = text[at];
    if (fence === null && blank && at - start >= Math.max(minLength, 1) && at < lineEnd && first !== ' ' && first !== '\t') {
      blocks.push(block(at));
      start = at;
      fenced = 0;
    }
    // Only a line that may be a fence is looked at closely.
    const opener = first === '`' || first === '~' || first === '$' || first === ' ' ? FENCE.exec(text.slice(at, Math.min(lineEnd, at + 16)))?.[1] : undefined;
    if (opener) {
      const mark = opener.startsWith('$') ? '$$' : opener[0]!.repeat(3);
      if (fence === null) fence = mark;
      else if (opener.startsWith(fence)) fence = null;
    } else if (fence !== null) fenced += lineEnd - at;
    blank = isBlank(text, at, lineEnd);
    at = lineEnd + 1;
  }
  if (start < text.length) blocks.push(block(text.length));
  return blocks;
}

function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text[i] !== ' ' && text[i] !== '\t' && text[i] !== '\r') return false;
  return true;
}

/** A streamed reply is cut into blocks of about this size at least: each Markdown parse has a cost of its own. */
const STREAM_BLOCK = 2_000;

/**
 * The blocks of a text that grows at its end: only the last block (the one that may still change) is
 * cut again, so a long reply is not scanned again at every frame.
 */
export function useMarkdownBlocks(text: string): MarkdownBlock[] {
  // The blocks of the text last seen, updated during render (React's pattern for state derived from a prop).
  const [memo, setMemo] = useState<{ text: string; blocks: MarkdownBlock[] }>(() => ({ text: '', blocks: [] }));
  if (memo.text === text) return memo.blocks;
  const open = memo.blocks.at(-1);
  const grown = open !== undefined && text.startsWith(memo.text);
  const kept = grown ? memo.blocks.slice(0, -1) : [];
  const next = { text, blocks: kept.concat(markdownBlocks(text, grown ? open.start : 0, STREAM_BLOCK)) };
  setMemo(next);
  return next.blocks;
}
