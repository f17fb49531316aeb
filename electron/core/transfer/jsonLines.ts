// A file's lines as JSON values, for the importers. Blank lines are nothing; a line that is not a JSON
// object is kept as `undefined` so an importer can count it as skipped. Each line is checked before it is
// parsed, for two reasons: a value nested deeper than MAX_DEPTH is refused (writing it back — the session
// file, every request — recursed and ran out of stack on a tool call's input nested 5,000 deep, and
// JSON.parse itself slows down sharply with depth), and a line that is not JSON is never handed to
// JSON.parse, whose SyntaxError costs about 10 µs: a file of 100,000 short bad lines took a second to
// read, and the import size limit's worth of them most of a minute.

/** Far deeper than any real message or tool input, far shallower than what overflows the stack. */
export const MAX_DEPTH = 256;

export interface JsonLine {
  /** 1-based, as an editor shows it. */
  line: number;
  value: unknown;
}

export type JsonObject = Record<string, unknown>;

export function jsonLines(text: string): JsonLine[] {
  const out: JsonLine[] = [];
  const raw = text.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i]!.trim();
    if (!line) continue;
    let value: unknown;
    if (isJsonObjectText(line, MAX_DEPTH)) {
      try {
        value = JSON.parse(line);
      } catch {
        value = undefined; // not expected after the check; a line that fails is skipped all the same
      }
    }
    out.push({ line: i + 1, value });
  }
  return out;
}

/**
 * Whether `text` is one JSON object (RFC 8259) with nothing nested more than `depth` levels down. One
 * pass, no allocation; JSON.parse agrees with it on every input (a property test holds it to that).
 */
export function isJsonObjectText(text: string, depth: number): boolean {
  if (text.charCodeAt(0) !== 0x7b) return false;
  const end = value(text, 0, depth);
  return end >= 0 && skipSpace(text, end) === text.length;
}

/** The index after the JSON value at `at` (leading space skipped), or -1 when there is none there. */
function value(text: string, at: number, depth: number): number {
  at = skipSpace(text, at);
  const char = text.charCodeAt(at);
  if (char === 0x7b || char === 0x5b) return depth === 0 ? -1 : container(text, at, depth - 1);
  if (char === 0x22) return string(text, at);
  if (char === 0x74) return text.startsWith('true', at) ? at + 4 : -1;
  if (char === 0x66) return text.startsWith('false', at) ? at + 5 : -1;
  if (char === 0x6e) return text.startsWith('null', at) ? at + 4 : -1;
  return number(text, at);
}

/** An object or array opening at `at`: its members, comma-separated, then its closing bracket. */
function container(text: string, at: number, depth: number): number {
  const isObject = text.charCodeAt(at) === 0x7b;
  const close = isObject ? 0x7d : 0x5d;
  at = skipSpace(text, at + 1);
  if (text.charCodeAt(at) === close) return at + 1;
  for (;;) {
    if (isObject) {
      at = skipSpace(text, at);
      if (text.charCodeAt(at) !== 0x22) return -1;
      at = skipSpace(text, string(text, at));
      if (at < 0 || text.charCodeAt(at) !== 0x3a) return -1;
      at++;
    }
    at = value(text, at, depth);
    if (at < 0) return -1;
    at = skipSpace(text, at);
    const next = text.charCodeAt(at);
    if (next === close) return at + 1;
    if (next !== 0x2c) return -1;
    at++;
  }
}

/** A string opening at `at`: no raw control characters, only JSON's escapes. */
function string(text: string, at: number): number {
  for (at++; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 0x22) return at + 1;
    if (char < 0x20) return -1;
    if (char !== 0x5c) continue;
    const escape = text.charCodeAt(++at);
    if (escape === 0x75) {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 1, at + 5))) return -1;
      at += 4;
    } else if (!ESCAPES.has(escape)) return -1;
  }
  return -1;
}

/** `"`, `\`, `/`, b, f, n, r, t (u is read apart). */
const ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at `at`. */
function number(text: string, at: number): number {
  if (text.charCodeAt(at) === 0x2d) at++;
  if (text.charCodeAt(at) === 0x30) at++;
  else if (isDigit(text.charCodeAt(at))) at = digits(text, at);
  else return -1;
  if (text.charCodeAt(at) === 0x2e) {
    if (!isDigit(text.charCodeAt(at + 1))) return -1;
    at = digits(text, at + 1);
  }
  const e = text.charCodeAt(at);
  if (e === 0x65 || e === 0x45) {
    at++;
    const sign = text.charCodeAt(at);
    if (sign === 0x2b || sign === 0x2d) at++;
    if (!isDigit(text.charCodeAt(at))) return -1;
    at = digits(text, at);
  }
  return at;
}

function digits(text: string, at: number): number {
  while (isDigit(text.charCodeAt(at))) at++;
  return at;
}

function isDigit(char: number): boolean {
  return char >= 0x30 && char <= 0x39;
}

/** JSON's white space: space, tab, line feed, carriage return. */
function skipSpace(text: string, at: number): number {
  if (at < 0) return at;
  for (;;) {
    const char = text.charCodeAt(at);
    if (char !== 0x20 && char !== 0x09 && char !== 0x0a && char !== 0x0d) return at;
    at++;
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
