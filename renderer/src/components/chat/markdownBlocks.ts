// Cuts Markdown into top-level blocks that parse the same apart as together, near enough for a reply
// still being streamed: a cut falls at a blank line outside code fences and display math, before a line
// that starts at the margin (an indented line may continue a list item, so it stays with it).
export interface MarkdownBlock {
  /** Offset of the block in the text. */
  start: number;
  text: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,}|\$\$)/;

export function markdownBlocks(text: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let start = 0;
  let fence: string | null = null;
  let blank = false;
  for (let at = 0; at < text.length; ) {
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    const line = text.slice(at, lineEnd);
    const opener = FENCE.exec(line)?.[1];
    if (fence === null && blank && at > start && line.length > 0 && line[0] !== ' ' && line[0] !== '\t') {
      blocks.push({ start, text: text.slice(start, at) });
      start = at;
    }
    if (opener) {
      const mark = opener.startsWith('$') ? '$$' : opener[0]!.repeat(3);
      if (fence === null) fence = mark;
      else if (opener.startsWith(fence)) fence = null;
    }
    blank = line.trim() === '';
    at = lineEnd + 1;
  }
  if (start < text.length) blocks.push({ start, text: text.slice(start) });
  return blocks;
}
