// Case and accent folding for search (SPEC §5 "Search"): "Crème" is found by "creme" and "CRÈME". Both the
// main process (full-text search) and the renderer (Find in session) fold with this, so they agree.
//
// foldText keeps every UTF-16 position where it was, so a match found in folded text is a match at the
// same offsets of the original: the snippet and the find highlights rely on it. Accents are dropped only
// from Latin and Greek letters; in other scripts (Cyrillic й, Thai vowel signs, Devanagari) the marks
// are part of the letter, and dropping them would merge different words.

/** Precomposed Latin and Greek letters that may carry an accent. */
const ACCENTED = /[\u00c0-\u024f\u0386-\u03ce\u1e00-\u1eff\u1f00-\u1ffc]/g;
/** Combining accents, as they occur in decomposed (NFD) text. */
const COMBINING = /[\u0300-\u036f]/g;
const NON_ASCII = /[\u0080-\uffff]/;

const folded = new Map<string, string>();

function foldAccented(char: string): string {
  let out = folded.get(char);
  if (out === undefined) {
    const base = char.normalize('NFD').replace(COMBINING, '');
    out = base.length === 1 ? base : char;
    if (out === 'ς') out = 'σ'; // the final sigma is the same letter
    folded.set(char, out);
  }
  return out;
}

/** Lower case and accent-free, with the same length and offsets as `text`. */
export function foldText(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  let lower = text.toLowerCase();
  // A few letters grow when lowered (İ → i̇); those keep their case so offsets stay put.
  if (lower.length !== text.length) lower = Array.from(text, lowerSameLength).join('');
  return lower.replace(ACCENTED, foldAccented);
}

function lowerSameLength(char: string): string {
  const lower = char.toLowerCase();
  return lower.length === char.length ? lower : char;
}

/** What the user typed, folded like the text, with stray combining accents dropped. */
export function foldQuery(query: string): string {
  return foldText(query.normalize('NFC')).replace(COMBINING, '');
}
