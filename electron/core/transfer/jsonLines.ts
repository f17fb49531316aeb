// A file's lines as JSON values, for the importers. Blank lines are nothing; a line that is not JSON is
// kept as `undefined` so an importer can count it as skipped, and so is one nested deeper than
// MAX_DEPTH: JSON.parse reads any depth, but writing it back (the session file, every request) recurses
// and ran out of stack on a tool call's input nested 5,000 deep.

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
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    out.push({ line: i + 1, value: nestsWithin(value, MAX_DEPTH) ? value : undefined });
  }
  return out;
}

/** Whether no array or object in `value` is more than `depth` levels down (walked without recursion). */
function nestsWithin(value: unknown, depth: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth >= depth) return false;
    for (const child of Object.values(next.value)) stack.push({ value: child, depth: next.depth + 1 });
  }
  return true;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
