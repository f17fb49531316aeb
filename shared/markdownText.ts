// Markdown as the chat shows it once rendered, near enough to find words in it and to quote it: what
// Find in session counts and what a search result's snippet shows agree with the text on screen. A
// full Markdown parse of every loaded message would cost seconds on a long session; these line and
// inline rules cover what replies use (emphasis, code, links, headings, lists, quotes, fences, math) and
// leave anything they do not recognise as it is. A formula is shown by its TeX source, without its dollars
// (what Find in session looks through in a typeset formula too).

/** A code fence, or the `$$` line around a display formula (whose rest holds no dollar: `$$x$$` is inline). */
const FENCE = /^[ \t]*(`{3,}|~{3,}|\${2,}(?=[^$]*$))/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)/;
const CLOSING_HASHES = /[ \t]+#+[ \t]*$/;
const QUOTE = /^ {0,3}(?:>[ \t]?)+/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const CODE_SPAN = /(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g;
const IMAGE_OR_LINK = /!?\[([^\]\n]*)\]\([^)\n]*\)/g;
const AUTOLINK = /<((?:https?|mailto):[^>\s]*)>/g;
// `$$…$$`, or `$…$` written like a formula: no space just inside a dollar, no digit after (so "$5 and $10" is text).
const MATH = /(?<![\\$])\$\$(?!\$)(.+?)\$\$(?!\$)|(?<![\\$])\$(?![\s$])([^$\n]*?[^\s$])\$(?![\d$])/g;
// A delimiter run touching its text on the inside; `_` only between non-word characters (snake_case stays).
const EMPHASIS = /(\*{1,3}|~~)(?=\S)([^\n]*?\S)\1|(?<![\p{L}\p{N}])(_{1,3})(?=\S)([^\n]*?\S)\3(?![\p{L}\p{N}])/gu;
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
/** Private-use marks around text set aside (they do not occur in what people write). */
const HELD = '\ue000';
const HELD_END = '\ue001';
const HELD_SPAN = /\ue000(\d+)\ue001/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The text a reader sees of `markdown`: markup gone, one line per source line, fences' contents verbatim. */
export function markdownShownText(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && !line.slice(line.indexOf(marker) + marker.length).trim()) fence = null;
      else out.push(line);
    } else if (marker) {
      fence = marker; // the fence line and its language name are not shown as text
    } else if (THEMATIC_BREAK.test(line)) {
      out.push('');
    } else {
      out.push(inlineText(blockText(line)));
    }
  }
  return out.join('\n');
}

/** A line without its block markers: quote, heading, list item. */
function blockText(line: string): string {
  let text = line.replace(QUOTE, '');
  if (HEADING.test(text)) text = text.replace(HEADING, '').replace(CLOSING_HASHES, '');
  return text.replace(LIST_ITEM, '');
}

/**
 * Inline markup gone. Links come off first (their text may hold code); code spans, formulas and escaped
 * characters are set aside while emphasis comes off around them, so they are shown as written.
 */
function inlineText(line: string): string {
  const held: string[] = [];
  const hold = (text: string) => `${HELD}${held.push(text) - 1}${HELD_END}`;
  let shown = line
    .replace(IMAGE_OR_LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(CODE_SPAN, (_, _run: string, content: string) => hold(trimCodeSpan(content)))
    .replace(MATH, (_, display?: string, inline?: string) => hold(display ? trimCodeSpan(display) : inline!))
    .replace(ESCAPE, (_, char: string) => hold(char));
  // Nested emphasis ("**bold _and italic_**") comes off one layer at a time.
  for (let layer = 0; layer < 3; layer++) {
    const next = shown.replace(EMPHASIS, (_, run?: string, inner?: string, _underscore?: string, underscoreInner?: string) => (run ? inner! : underscoreInner!));
    if (next === shown) break;
    shown = next;
  }
  return shown.replace(ENTITY, entity).replace(HELD_SPAN, (_, i: string) => held[Number(i)]!);
}

/** A code span's (or `$$` formula's) content loses one space each side when it has both (CommonMark). */
function trimCodeSpan(content: string): string {
  return content.length > 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() ? content.slice(1, -1) : content;
}

function entity(whole: string, decimal?: string, hex?: string, name?: string): string {
  if (name) return NAMED[name]!;
  const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}
