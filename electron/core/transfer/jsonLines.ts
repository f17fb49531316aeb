// A file's lines as JSON values, for the importers. Blank lines are nothing; a line that is not JSON is
// kept as `undefined` so an importer can count it as skipped.

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
    out.push({ line: i + 1, value });
  }
  return out;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}
