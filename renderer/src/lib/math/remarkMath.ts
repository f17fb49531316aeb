// Math in replies (SPEC §5): `$…$` inline, `$$…$$` as a display formula (on its own lines or within a
// line), parsed with micromark's math syntax. A single-dollar pair is math only when written like a
// formula, as Pandoc has it: no space just inside either dollar and no digit just after the closing one,
// so prices stay text ("$5 and $10", "$5-$10"), and the Markdown between them is read as usual.
import { mathFromMarkdown } from 'mdast-util-math';
import { math } from 'micromark-extension-math';
import type { Code, Construct, Extension } from 'micromark-util-types';

const DOLLAR = 36;

interface MarkdownData {
  micromarkExtensions?: Extension[];
  fromMarkdownExtensions?: ReturnType<typeof mathFromMarkdown>[];
}

interface MdNode {
  type: string;
  position?: { start: { offset?: number } };
  data?: { hProperties?: { className?: string[] } };
  children?: MdNode[];
}

/** The remark plugin: math syntax, math nodes in the tree, and `$$` within a line marked as display. */
export function remarkMath(this: { data(): unknown }) {
  const data = this.data() as MarkdownData;
  const syntax = math();
  const text = { [DOLLAR]: formulaLike(syntax.text![DOLLAR] as Construct) };
  (data.micromarkExtensions ??= []).push({ ...syntax, text });
  (data.fromMarkdownExtensions ??= []).push(mathFromMarkdown());
  return (tree: MdNode, file: { value: unknown }) => markDisplay(tree, String(file.value));
}

/** The inline construct, refusing a single-dollar pair that reads as prices rather than a formula. */
function formulaLike(construct: Construct): Construct {
  return {
    ...construct,
    tokenize(effects, ok, nok) {
      const consumed: Code[] = [];
      const watched = { ...effects, consume: (code: Code) => (consumed.push(code), effects.consume(code)) };
      const done = (next: Code) => (isPriceLike(consumed, next) ? nok(next) : ok(next));
      return construct.tokenize.call(this, watched, done, nok);
    },
  };
}

/** `consumed`: the opening dollars, the content, the closing dollars; `next`: what follows them. */
function isPriceLike(consumed: Code[], next: Code): boolean {
  if (consumed[1] === DOLLAR) return false; // `$$…$$` is always math
  return isBlank(consumed[1]!) || isBlank(consumed.at(-2)!) || (next !== null && next >= 48 && next <= 57);
}

/** Spaces, tabs and line endings: micromark gives them as a space or negative codes. */
const isBlank = (code: Code) => code !== null && (code < 0 || code === 32);

function markDisplay(node: MdNode, source: string): void {
  if (node.type === 'inlineMath' && source[node.position!.start.offset! + 1] === '$') {
    node.data!.hProperties!.className = ['language-math', 'math-display'];
  }
  node.children?.forEach((child) => markDisplay(child, source));
}
