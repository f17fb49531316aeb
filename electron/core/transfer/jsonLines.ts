// A file's lines as JSON values, for the importers. Blank lines are nothing; a line that is not JSON is
// kept as `undefined` so an importer can count it as skipped, and so is one nested deeper than
// MAX_DEPTH: writing it back (the session file, every request) recursed and ran out of stack on a tool
// call's input nested 5,000 deep, and JSON.parse itself slows down sharply with depth (2 s for a 2 MB
// line a million levels deep), so the depth is read from the text before it is parsed.

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
    try {
      value = nestsWithin(line, MAX_DEPTH) ? JSON.parse(line) : undefined;
    } catch {
      value = undefined;
    }
    out.push({ line: i + 1, value });
  }
  return out;
}

/** Whether no array or object of the JSON text `line` opens more than `depth` levels down; brackets in strings do not count. */
function nestsWithin(line: string, depth: number): boolean {
  let level = 0;
  for (let at = 0; at < line.length; at++) {
    const char = line.charCodeAt(at);
    if (char === 0x22) {
      // To the string's closing quote: the next one not escaped by an odd run of backslashes.
      for (at = line.indexOf('"', at + 1); at > 0; at = line.indexOf('"', at + 1)) {
        let backslashes = 0;
        while (line.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      if (at < 0) return true; // an unclosed string: not JSON, which the parse says
    } else if (char === 0x5b || char === 0x7b) {
      if (++level > depth) return false;
    } else if (char === 0x5d || char === 0x7d) {
      level--;
    }
  }
  return true;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
