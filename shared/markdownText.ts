// Markdown as the chat shows it once rendered, near enough to find words in it and to quote it: what
// Find in session counts and what a search result's snippet shows agree with the text on screen. A
// full Markdown parse of every loaded message would cost seconds on a long session; these line and
// inline rules cover what replies use (emphasis, code, links, headings, lists, quotes, fences, math) and
// leave anything they do not recognise as it is. A formula shows as its TeX source without its dollars
// (what Find in session reads in a typeset formula too).
//
// Lines come from anyone (a reply, a pasted log) and this runs on the core's and the page's main
// thread, so every rule is one forward pass: no pattern that searches afresh from each opening marker
// for its close (a 300 KB line of unclosed markers took a regex tens of seconds), and no pattern that
// can fail after a run it matched, anchored at the end or repeated within a repeat (a run of 100,000
// spaces in a heading took a regex for its closing hashes 4 seconds). Those are scanned by hand.

/** A code fence, or the `$$` line around a display formula (whose rest holds no dollar: `$$x$$` is inline). */
const FENCE = /^[ \t]*(`{3,}|~{3,}|\${2,}(?=[^$]*$))/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]+|$)/;
const QUOTE = /^ {0,3}(?:>[ \t]?)+/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
/** A private-use character in place of each piece of text set aside, which come back in order. */
const HELD = '\ue000';
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
    } else if (isThematicBreak(line)) {
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
  if (HEADING.test(text)) text = withoutClosingHashes(text.replace(HEADING, ''));
  return text.replace(LIST_ITEM, '');
}

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

/** Three or more of one of `-`, `*`, `_`, with only spaces and tabs between, after up to three spaces. */
function isThematicBreak(line: string): boolean {
  let at = 0;
  while (at < 3 && line[at] === ' ') at++;
  const mark = line[at];
  if (mark !== '-' && mark !== '*' && mark !== '_') return false;
  let marks = 0;
  for (; at < line.length; at++) {
    if (line[at] === mark) marks++;
    else if (!isBlank(line[at])) return false;
  }
  return marks >= 3;
}

/** A heading's text without its closing run of `#` (one after a space or tab, only spaces and tabs after it). */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (isBlank(text[end - 1])) end--;
  const hashesEnd = end;
  while (text[end - 1] === '#') end--;
  if (end === hashesEnd || !isBlank(text[end - 1])) return text;
  while (isBlank(text[end - 1])) end--;
  return text.slice(0, end);
}

/**
 * Inline markup gone. Links come off first (their text may hold code); code spans, formulas and escaped
 * characters are set aside while emphasis comes off around them, so they are shown as written.
 */
function inlineText(line: string): string {
  const held: string[] = [];
  let shown = withoutCodeSpans(withoutAutolinks(withoutLinks(line)), held);
  // Nested emphasis ("**bold _and italic_**") comes off one layer at a time.
  for (let layer = 0; layer < 3; layer++) {
    const next = withoutEmphasis(shown);
    if (next === shown) break;
    shown = next;
  }
  shown = shown.replace(ENTITY, entity);
  if (held.length === 0) return shown;
  let out = '';
  let copied = 0;
  for (const text of held) {
    const at = shown.indexOf(HELD, copied);
    out += shown.slice(copied, at) + text;
    copied = at + 1;
  }
  return out + shown.slice(copied);
}

/**
 * A search for the first place at or after `from` (found by `find`) that remembers its last answer: asked
 * with `from` never decreasing, as the passes below do, it reads each stretch of the line once in all.
 */
function forwardSearch(find: (from: number) => number): (from: number) => number {
  let asked = Infinity;
  let answer = -1;
  return (from) => {
    if (from < asked || (answer >= 0 && answer < from)) {
      asked = from;
      answer = find(from);
    }
    return answer;
  };
}

/** `[text](url)` and `![alt](url)` show their text: the text holds no `]`, the url no `)`. */
function withoutLinks(line: string): string {
  const closeBracket = forwardSearch((from) => line.indexOf(']', from));
  const closeParen = forwardSearch((from) => line.indexOf(')', from));
  let out = '';
  let copied = 0;
  for (let open = line.indexOf('['); open >= 0; open = line.indexOf('[', open + 1)) {
    const textEnd = closeBracket(open + 1);
    if (textEnd < 0) break; // no later `[` has a `]` either
    if (line[textEnd + 1] !== '(') continue;
    const urlEnd = closeParen(textEnd + 2);
    if (urlEnd < 0) break;
    const start = open > copied && line[open - 1] === '!' ? open - 1 : open;
    out += line.slice(copied, start) + line.slice(open + 1, textEnd);
    copied = urlEnd + 1;
    open = urlEnd;
  }
  return out + line.slice(copied);
}

const AUTOLINK_START = /<(?:https?|mailto):/g;
const AUTOLINK_STOP = /[>\s]/g;

/** `<https://…>` shows its address, which holds no space. */
function withoutAutolinks(line: string): string {
  const stop = forwardSearch((from) => {
    AUTOLINK_STOP.lastIndex = from;
    return AUTOLINK_STOP.exec(line)?.index ?? -1;
  });
  let out = '';
  let copied = 0;
  AUTOLINK_START.lastIndex = 0;
  for (let start = AUTOLINK_START.exec(line); start; start = AUTOLINK_START.exec(line)) {
    const end = stop(AUTOLINK_START.lastIndex);
    if (end < 0) break;
    if (line[end] !== '>') continue;
    out += line.slice(copied, start.index) + line.slice(start.index + 1, end);
    copied = end + 1;
    AUTOLINK_START.lastIndex = copied;
  }
  return out + line.slice(copied);
}

/**
 * A run of backticks opens a code span closed by the next run of the same length (CommonMark). Code
 * spans and, outside them, formulas and escaped characters are set aside in `held`.
 */
function withoutCodeSpans(line: string, held: string[]): string {
  const runs: { start: number; end: number }[] = [];
  for (let at = line.indexOf('`'); at >= 0; at = line.indexOf('`', at)) {
    const start = at;
    while (line[at] === '`') at++;
    runs.push({ start, end: at });
  }
  // For each run, the next one of the same length, found in one pass from the end.
  const sameNext: number[] = [];
  const lastOfLength = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    const length = runs[r]!.end - runs[r]!.start;
    sameNext[r] = lastOfLength.get(length) ?? -1;
    lastOfLength.set(length, r);
  }
  let out = '';
  let copied = 0;
  for (let r = 0; r < runs.length; r++) {
    const close = sameNext[r]!;
    if (close < 0) continue;
    out += withoutEscapesAndMath(line.slice(copied, runs[r]!.start), held) + HELD;
    held.push(trimCodeSpan(line.slice(runs[r]!.end, runs[close]!.start)));
    copied = runs[close]!.end;
    r = close;
  }
  return out + withoutEscapesAndMath(line.slice(copied), held);
}

/**
 * Outside code spans: a backslash before ASCII punctuation shows the character as written, and a formula
 * its TeX source (see formulas); both are held. A HELD the text has of its own is held as itself.
 */
function withoutEscapesAndMath(text: string, held: string[]): string {
  const formulaAt = formulas(text);
  let out = '';
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    let end = at + 1;
    if (char === HELD) {
      held.push(HELD);
    } else if (char === '\\' && isAsciiPunctuation(text.charCodeAt(at + 1))) {
      held.push(text[at + 1]!);
      end = at + 2;
    } else if (char === '$') {
      const formula = formulaAt(at);
      if (!formula) {
        while (text[at + 1] === '$') at++; // a dollar just after a dollar opens nothing
        continue;
      }
      held.push(formula.tex);
      end = formula.end;
    } else {
      continue;
    }
    out += text.slice(copied, at) + HELD;
    copied = end;
    at = end - 1;
  }
  return out + text.slice(copied);
}

/**
 * The formula a run of dollars at `at` opens, as the chat's math syntax reads it: `$$…$$`, or `$…$`
 * written like a formula (no space just inside either dollar, no digit after the closing one), so prices
 * ("$5 and $10") stay text. Asked with `at` never decreasing, it reads the text once in all.
 */
function formulas(text: string): (at: number) => { tex: string; end: number } | undefined {
  const nextDollar = forwardSearch((from) => text.indexOf('$', from));
  const nextPair = forwardSearch((from) => {
    for (let at = text.indexOf('$$', from); at >= 0; at = text.indexOf('$$', at + 1)) if (text[at - 1] !== '$' && text[at + 2] !== '$') return at;
    return -1;
  });
  return (at) => {
    let run = 1;
    while (text[at + run] === '$') run++;
    if (run === 2) {
      const close = nextPair(at + 3);
      return close < 0 ? undefined : { tex: trimCodeSpan(text.slice(at + 2, close)), end: close + 2 };
    }
    const close = run === 1 ? nextDollar(at + 1) : -1;
    if (close < 0) return undefined;
    const tex = text.slice(at + 1, close);
    const after = text.charCodeAt(close + 1);
    const formulaLike = tex !== '' && !SPACE.test(tex[0]!) && !SPACE.test(tex.at(-1)!) && after !== 0x24 && !(after >= 0x30 && after <= 0x39);
    return formulaLike ? { tex, end: close + 1 } : undefined;
  };
}

function isAsciiPunctuation(code: number): boolean {
  return (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e);
}

const SPACE = /\s/;
const WORD_BEFORE = /[\p{L}\p{N}]$/u;
const WORD_AFTER = /^[\p{L}\p{N}]/u;

/**
 * One layer of emphasis: a run of `*` (up to three, longest first) or `~~` touching its text on the
 * inside, closed by the first same run after a non-space; `_` the same, only between non-word
 * characters (snake_case stays).
 */
function withoutEmphasis(text: string): string {
  const closers = new Map<string, (from: number) => number>();
  const closes = (at: number, run: string) =>
    !SPACE.test(text[at - 1]!) && (run[0] !== '_' || !WORD_AFTER.test(text.slice(at + run.length, at + run.length + 2)));
  const closer = (run: string) => {
    let search = closers.get(run);
    if (!search) {
      search = forwardSearch((from) => {
        for (let at = text.indexOf(run, from); at >= 0; at = text.indexOf(run, at + 1)) if (closes(at, run)) return at;
        return -1;
      });
      closers.set(run, search);
    }
    return search;
  };
  /** The emphasis opened by `run` at `start`: where it ends and what it holds. */
  const emphasis = (start: number, run: string) => {
    const inner = start + run.length;
    if (inner >= text.length || SPACE.test(text[inner]!)) return undefined;
    const end = closer(run)(inner + 1);
    return end < 0 ? undefined : { end: end + run.length, inner: text.slice(inner, end) };
  };
  const at = (start: number) => {
    const char = text[start]!;
    if (char === '~') return text[start + 1] === '~' ? emphasis(start, '~~') : undefined;
    if (char === '_' && WORD_BEFORE.test(text.slice(Math.max(0, start - 2), start))) return undefined;
    let length = 0;
    while (length < 3 && text[start + length] === char) length++;
    for (; length > 0; length--) {
      const found = emphasis(start, char.repeat(length));
      if (found) return found;
    }
    return undefined;
  };
  let out = '';
  let copied = 0;
  for (let start = 0; start < text.length; start++) {
    const char = text[start];
    if (char !== '*' && char !== '_' && char !== '~') continue;
    const found = at(start);
    if (!found) continue;
    out += text.slice(copied, start) + found.inner;
    copied = found.end;
    start = found.end - 1;
  }
  return out + text.slice(copied);
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
