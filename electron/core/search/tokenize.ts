// Words for the full-text index (SPEC §5 "Search"). Text is folded (case, Latin and Greek accents) and cut
// into runs of letters, digits and marks; every emoji is a token of its own. Scripts written without
// spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar) are cut into overlapping pairs of
// characters instead: a query's pairs are then found wherever its words occur, whatever a dictionary
// segmenter would have made of the sentence around them.
//
// One scanner serves the index and the queries, so both cut text the same way. It walks the text's code
// units and hands each token over as a range of the folded text: indexing makes no string per word.
import { foldQuery, foldText } from '../../../shared/textFold';

/** Longer tokens (base64, hashes) are cut: a query of up to this many characters still finds them by prefix. */
export const MAX_TOKEN_LENGTH = 64;

/**
 * What an unspaced run becomes. `index`: its character pairs and its last character alone (so a
 * one-character query finds it too). `query`: its pairs only (one character stands alone). `mark`: the
 * run whole, for marking where a query occurs in text.
 */
type RunMode = 'index' | 'query' | 'mark';
type Visit = (source: string, start: number, end: number) => void;

const SEPARATOR = 1;
const WORD = 2;
const UNSPACED = 3;
const MARK = 4;
const EMOJI = 5;

/** ASCII letters and digits (text is folded, but a query's single characters are checked unfolded too). */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) => Number((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)));
/** Class of each BMP code unit, worked out with the regexes below on first sight (0: not yet). */
const classes = new Uint8Array(0x10000);
const astralClasses = new Map<number, number>();
const UNSPACED_CHAR = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\u30fc]/u;
const MARK_CHAR = /\p{M}/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const EMOJI_CHAR = /\p{Extended_Pictographic}/u;
/** Combining accents (of decomposed Latin text): dropped from words, as folding drops composed ones. */
const COMBINING = /[\u0300-\u036f]/g;

/** The tokens of a text to index, in order, repeats included. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  forEachToken(text, (source, start, end) => out.push(source.slice(start, end)));
  return out;
}

/** The tokens of tokenize(), each handed over as a range of a string. */
export function forEachToken(text: string, visit: Visit): void {
  scan(foldText(text), 'index', visit);
}

/** The tokens of what the user typed, each to be found as the start of an indexed token ("banan" finds "bananas"). */
export function queryTokens(query: string): string[] {
  return collect(foldQuery(query), 'query');
}

/** What to mark where a query matched: its words, and its unspaced runs whole (not their pairs). */
export function queryMarks(query: string): string[] {
  return collect(foldQuery(query), 'mark');
}

/** Whether the character is part of a word (letter, digit or mark), for matching at word starts. */
export function isWordChar(char: string): boolean {
  const kind = classOf(char, 0);
  return kind === WORD || kind === MARK || kind === UNSPACED;
}

/** Whether a token comes from an unspaced script (matched anywhere, not only at a word start). */
export function isUnspacedToken(token: string): boolean {
  return classOf(token, 0) === UNSPACED;
}

function collect(folded: string, mode: RunMode): string[] {
  const out = new Set<string>();
  scan(folded, mode, (source, start, end) => out.add(source.slice(start, end)));
  return [...out];
}

function scan(text: string, mode: RunMode, visit: Visit): void {
  let run = 0; // WORD or UNSPACED while in a run, else 0
  let start = 0;
  let combining = false;
  /** Where each code point of an unspaced run starts. */
  let points: number[] = [];
  for (let i = 0; i < text.length; ) {
    const code = text.charCodeAt(i);
    if (code < 128) {
      // The common case first: ASCII, inline.
      if (ASCII_WORD[code]) {
        if (run !== WORD) {
          endRun(text, run, start, i, combining, points, mode, visit);
          run = WORD;
          start = i;
          combining = false;
        }
      } else if (run !== 0) {
        endRun(text, run, start, i, combining, points, mode, visit);
        run = 0;
      }
      i++;
      continue;
    }
    const width = isPair(text, i) ? 2 : 1;
    let kind = classOf(text, i);
    if (kind === MARK) {
      if (run === UNSPACED) points.push(i);
      else if (run === WORD) combining ||= isCombining(code);
      else kind = WORD; // a mark with nothing before it starts a word
    }
    if (kind !== MARK && kind !== run) {
      endRun(text, run, start, i, combining, points, mode, visit);
      run = 0;
      if (kind === WORD || kind === UNSPACED) {
        run = kind;
        start = i;
        combining = false;
        points = [];
      } else if (kind === EMOJI) {
        visit(text, i, i + width);
      }
    }
    if (kind === UNSPACED) points.push(i);
    i += width;
  }
  endRun(text, run, start, text.length, combining, points, mode, visit);
}

function endRun(text: string, run: number, start: number, end: number, combining: boolean, points: number[], mode: RunMode, visit: Visit): void {
  if (run === WORD) word(text, start, end, combining, visit);
  else if (run === UNSPACED) unspaced(text, points, end, mode, visit);
}

function word(text: string, start: number, end: number, combining: boolean, visit: Visit): void {
  if (combining) {
    const bare = text.slice(start, end).replace(COMBINING, '');
    if (bare) visit(bare, 0, cutAt(bare, 0, bare.length));
    return;
  }
  visit(text, start, cutAt(text, start, end));
}

function unspaced(text: string, points: number[], end: number, mode: RunMode, visit: Visit): void {
  if (points.length === 1 || mode === 'mark') {
    visit(text, points[0]!, end);
    return;
  }
  for (let j = 0; j + 1 < points.length; j++) visit(text, points[j]!, points[j + 2] ?? end);
  if (mode === 'index') visit(text, points.at(-1)!, end);
}

/** The end of a token starting at `start`, cut to MAX_TOKEN_LENGTH without splitting a surrogate pair. */
function cutAt(text: string, start: number, end: number): number {
  if (end - start <= MAX_TOKEN_LENGTH) return end;
  const cut = start + MAX_TOKEN_LENGTH;
  return isPair(text, cut - 1) ? cut - 1 : cut;
}

function classOf(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_WORD[code] ? WORD : SEPARATOR;
  if (isPair(text, i)) {
    const point = text.codePointAt(i)!;
    let kind = astralClasses.get(point);
    if (kind === undefined) {
      kind = classify(String.fromCodePoint(point));
      astralClasses.set(point, kind);
    }
    return kind;
  }
  let kind = classes[code]!;
  if (kind === 0) {
    kind = classify(String.fromCharCode(code));
    classes[code] = kind;
  }
  return kind;
}

function classify(char: string): number {
  if (UNSPACED_CHAR.test(char)) return UNSPACED;
  if (MARK_CHAR.test(char)) return MARK;
  if (WORD_CHAR.test(char)) return WORD;
  return EMOJI_CHAR.test(char) ? EMOJI : SEPARATOR;
}

function isPair(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdbff) return false;
  const next = text.charCodeAt(i + 1);
  return next >= 0xdc00 && next <= 0xdfff;
}

function isCombining(code: number): boolean {
  return code >= 0x300 && code <= 0x36f;
}
