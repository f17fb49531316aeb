// The importers' line check decides which lines JSON.parse sees; it must agree with JSON.parse exactly,
// or a good record would be skipped (or a bad one parsed).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonObjectText, jsonLines, MAX_DEPTH } from '../../../electron/core/transfer/jsonLines';

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

/** What the check must say: JSON.parse reads an object no deeper than `depth`. */
function parsesAsObject(text: string, depth: number): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) && depthOf(value) <= depth;
  } catch {
    return false;
  }
}

const TOKENS = ['"\u0001"', '"\t"', '"\u001f"', '{', '}', '[', ']', '"', '\\', '\\"', '\\u00e9', '\\u12', '\\x', ',', ':', ' ', '\t', '\r', '\u000b', '\u0001', '\u00a0',
  'true', 'tru', 'false', 'null', 'nul', '0', '01', '-', '-0', '1.', '.5', '1.5', '1e5', '1E+5', '1e', '2e-3', 'é', '😀', '"a"', '"k":'];

describe('isJsonObjectText', () => {
  it('agrees with JSON.parse on JSON values written out', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.constantFrom(0, 2), (value, space) => {
        const text = JSON.stringify({ value }, null, space);
        expect(isJsonObjectText(text, MAX_DEPTH)).toBe(parsesAsObject(text, MAX_DEPTH));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with JSON.parse on fragments of JSON and near-JSON', () => {
    const piece = fc.array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 2 })), { maxLength: 24 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(piece, fc.boolean(), (body, wrap) => {
        const text = wrap ? `{"a":${body}}` : `{${body}`;
        expect(isJsonObjectText(text, MAX_DEPTH)).toBe(parsesAsObject(text, MAX_DEPTH));
      }),
      { numRuns: 20_000 },
    );
  });

  it('counts depth as JSON.parse nests it, strings not counted', () => {
    const nested = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    expect(isJsonObjectText(nested(3), 3)).toBe(true);
    expect(isJsonObjectText(nested(4), 3)).toBe(false);
    expect(isJsonObjectText(`{"a":"${'['.repeat(1000)}"}`, 3)).toBe(true);
    expect(isJsonObjectText('[1]', 3)).toBe(false);
  });
});

describe('jsonLines', () => {
  it('keeps a line that is not a JSON object as nothing, and numbers lines as an editor does', () => {
    const lines = jsonLines('{"a":1}\n\n3os\n[1]\n{"b":\n  {"c":[true,null]}  \n');
    expect(lines).toEqual([
      { line: 1, value: { a: 1 } },
      { line: 3, value: undefined },
      { line: 4, value: undefined },
      { line: 5, value: undefined },
      { line: 6, value: { c: [true, null] } },
    ]);
  });
});
