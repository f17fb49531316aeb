// The decoder used when a session holds non-ASCII text: a group of lines becomes one JSON array, and that
// array says exactly what the lines say one by one, or the decoder declines and the lines are read one by
// one as Node decodes them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeJsonLines, jsonLinesArray, jsonLinesText, jsonLinesUnits, nodeJsonLines, nodeJsonLinesText } from '../../../electron/core/storage/utf8';

/** What reading the lines one by one gives: each line's value, or 'unreadable'. */
function oneByOne(bytes: Buffer): unknown[] {
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length && line !== '\r')
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return 'unreadable';
      }
    });
}

function asArray(bytes: Buffer, decode = jsonLinesText): unknown[] | undefined {
  const text = decode(bytes, 0, bytes.length);
  if (text === undefined) return undefined;
  try {
    const values = JSON.parse(text) as unknown[];
    return values.length ? values : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lines of real values with damage put in at random places: a line break, quote, backslash, comma or
 * bracket where it breaks a value apart or joins two. Random fragments alone seldom make lines that are
 * bad one by one and yet a good array together; these do.
 */
const damagedLines = fc
  .tuple(
    fc.array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('การส่งต่อ เซสชัน', '会话 🚀'), fc.jsonValue({ maxDepth: 2 })), { minLength: 1, maxLength: 6 }),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('\n', '"', '\\', ',', '}', '{', '[', ']', '\n"', '"\n', ',"x":"')), { minLength: 1, maxLength: 3 }),
  )
  .map(([values, damage]) => {
    let text = values.map((v) => JSON.stringify(v)).join('\n');
    for (const [at, what] of damage) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + what + text.slice(i);
    }
    return Buffer.from(text);
  });

describe('jsonLinesText', () => {
  it('decodes lines of Thai, CJK and emoji into one array of their values', () => {
    const values = [{ text: 'การส่งต่อ 会话 セッション 🚀✅ café — "quoted" \\n' }, ['ข้อความ', 1, null], 'สตรีม', 42];
    const bytes = Buffer.from(values.map((v) => JSON.stringify(v)).join('\r\n'));
    expect(asArray(bytes)).toEqual(values);
  });

  it('gives the same values as the lines one by one, for any strings (lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.jsonValue()), { minLength: 1, maxLength: 8 }), (values) => {
        const bytes = Buffer.from(values.map((v) => JSON.stringify(v)).join('\n'));
        expect(asArray(bytes)).toEqual(oneByOne(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('declines whenever the array would not say what the lines say one by one', () => {
    // Fragments that make lines break inside values, two values share a line, blank lines, bad JSON.
    const fragment = fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', '1', 'a', ' ', '\n', '\r', 'ก', '🚀', '"x"', 'null', '{"a":1}', '[2]');
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 24 }), (parts) => {
        const bytes = Buffer.from(parts.join(''));
        const values = asArray(bytes);
        if (values !== undefined) expect(values).toEqual(oneByOne(bytes));
      }),
      { numRuns: 5000 },
    );
  });

  it('declines lines that real values were broken or joined in', () => {
    fc.assert(
      fc.property(damagedLines, (bytes) => {
        const values = asArray(bytes);
        if (values !== undefined) expect(values).toEqual(oneByOne(bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it('declines bytes that are not well-formed UTF-8 (overlong, surrogate, past U+10FFFF, cut short)', () => {
    for (const raw of [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0xb8], [0xf0, 0x9f, 0x9a], [0x80], [0xff]]) {
      const bytes = Buffer.from([0x22, ...raw, 0x22]);
      expect(jsonLinesText(bytes, 0, bytes.length)).toBeUndefined();
    }
  });
});

/** Lines of English with, here and there, a character that is not: a dash, a quote mark, an emoji. */
const mostlyEnglish = fc
  .array(
    fc.string({
      unit: fc.oneof({ arbitrary: fc.constantFrom('a', 'b', ' ', '.'), weight: 80 }, { arbitrary: fc.constantFrom('\\', '"', '\n', 'é', '—', '’', '🚀', '\u2028'), weight: 1 }),
      maxLength: 400,
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((texts) => Buffer.from(texts.map((text) => JSON.stringify({ text })).join('\n')));

describe('mostly ASCII text (English with a dash or an emoji here and there)', () => {
  for (const [name, decode, text] of [
    ['decodeJsonLines', decodeJsonLines, jsonLinesText],
    ['nodeJsonLines', nodeJsonLines, nodeJsonLinesText],
  ] as const) {
    it(`${name} gives what the lines say one by one`, () => {
      fc.assert(
        fc.property(mostlyEnglish, (bytes) => {
          expect(asArray(bytes, text)).toEqual(oneByOne(bytes));
        }),
        { numRuns: 300 },
      );
    });

    it(`${name} writes it one byte a character (decodeJsonLines, with escapes) or in UTF-16, and Thai in UTF-16`, () => {
      const english = Buffer.from(['a dash — here', 'a quote ’ there', 'and a 🚀'].map((t) => JSON.stringify({ text: t.padEnd(3000, ' and so on') })).join('\n'));
      const thai = Buffer.from([JSON.stringify({ text: 'a'.repeat(2100) }), ...Array.from({ length: 40 }, () => JSON.stringify({ text: 'การส่งต่อ เซสชัน ข้อความ' }))].join('\n'));
      for (const [bytes, oneByte] of [
        [english, decode === decodeJsonLines ? 1 : 0],
        [thai, 0],
      ] as const) {
        const out = new Uint16Array(jsonLinesUnits(bytes.length));
        const units = decode(bytes, 0, bytes.length, out, 0);
        expect(out[0]).toBe(oneByte);
        expect(JSON.parse(jsonLinesArray(Buffer.from(out.buffer), 0, units))).toEqual(oneByOne(bytes));
      }
    });

    it(`${name} declines a character after a backslash, which an escape would make good JSON`, () => {
      const bytes = Buffer.from(`${JSON.stringify({ text: 'a'.repeat(3000) })}\n{"text":"\\é{"}`);
      expect(oneByOne(bytes)[1]).toBe('unreadable');
      const values = asArray(bytes, text);
      if (values !== undefined) expect(values).toEqual(oneByOne(bytes));
    });

    it(`${name} never writes past the room it is given, whatever the lines`, () => {
      // A run of ASCII first, so that a group begins one byte a character and may have to start over.
      const text = fc.tuple(fc.integer({ min: 1_500, max: 2_500 }), fc.array(fc.oneof({ arbitrary: fc.constant('🚀'), weight: 6 }, fc.constantFrom('é', '—', 'a', '"', '\\')), { minLength: 1_000, maxLength: 2_000 }));
      fc.assert(
        fc.property(fc.array(text, { minLength: 1, maxLength: 3 }), fc.nat(40), (lines, pad) => {
          const bytes = Buffer.from(lines.map(([ascii, parts]) => JSON.stringify('a'.repeat(ascii) + parts.join(''))).join('\n'));
          const room = jsonLinesUnits(bytes.length);
          const out = new Uint16Array(pad + room + 16).fill(0xabcd);
          const units = decode(bytes, 0, bytes.length, out, pad);
          expect(units).toBeLessThanOrEqual(room);
          expect(out.subarray(0, pad).every((u) => u === 0xabcd)).toBe(true);
          expect(out.subarray(pad + room).every((u) => u === 0xabcd)).toBe(true);
          expect(JSON.parse(jsonLinesArray(Buffer.from(out.buffer), pad, units))).toEqual(oneByOne(bytes));
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('nodeJsonLinesText (what the decode thread runs from Node 24 on)', () => {
  it('gives the same values as the lines one by one, for any strings (lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.jsonValue()), { minLength: 1, maxLength: 8 }), (values) => {
        const bytes = Buffer.from(values.map((v) => JSON.stringify(v)).join('\n'));
        expect(asArray(bytes, nodeJsonLinesText)).toEqual(oneByOne(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('declines whenever the array would not say what the lines say one by one, bytes that are not UTF-8 read as Node reads them', () => {
    const fragment = fc.oneof(
      fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', '1', 'a', ' ', '\n', '\r', 'ก', '🚀', '"x"', 'null', '{"a":1}', '[2]').map((f) => Buffer.from(f)),
      fc.constantFrom([0xe0, 0xb8], [0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x9a]).map((b) => Buffer.from(b)),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 24 }), (parts) => {
        const bytes = Buffer.concat(parts);
        const values = asArray(bytes, nodeJsonLinesText);
        if (values !== undefined) expect(values).toEqual(oneByOne(bytes));
      }),
      { numRuns: 5000 },
    );
  });

  it('declines lines that real values were broken or joined in', () => {
    fc.assert(
      fc.property(damagedLines, (bytes) => {
        const values = asArray(bytes, nodeJsonLinesText);
        if (values !== undefined) expect(values).toEqual(oneByOne(bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a line whose bytes are not UTF-8 as Node decodes it', () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xe0, 0xb8]), Buffer.from('"}\n"ก"')]);
    expect(asArray(bytes, nodeJsonLinesText)).toEqual([{ a: '\ufffd' }, 'ก']);
  });
});

/** A value as ASCII JSON: what is not ASCII written as an escape. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

describe('nodeJsonLines on lines known to be ASCII (what the decode thread runs for English, on every runtime)', () => {
  /** The array written, or undefined when the lines must be read one by one (declined, or not JSON: see decodeJsonLines). */
  function asciiArray(bytes: Buffer): { oneByte: boolean; values: unknown } | undefined {
    const out = new Uint16Array(jsonLinesUnits(bytes.length));
    const units = nodeJsonLines(bytes, 0, bytes.length, out, 0, true);
    if (units < 0) return undefined;
    try {
      return { oneByte: out[0] === 1, values: JSON.parse(jsonLinesArray(Buffer.from(out.buffer), 0, units)) };
    } catch {
      return undefined;
    }
  }

  it('copies the lines one byte a character into one array of their values', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 8 }), (values) => {
        const bytes = Buffer.from(values.map(asciiJson).join('\n'));
        expect(asciiArray(bytes)).toEqual({ oneByte: true, values: oneByOne(bytes) });
      }),
      { numRuns: 500 },
    );
  });

  it('declines lines that real values were broken or joined in', () => {
    const damaged = fc
      .tuple(
        fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('\n', '"', '\\', ',', '}', '{', '[', ']', '\n"', '"\n', ',"x":"')), { minLength: 1, maxLength: 3 }),
      )
      .map(([values, damage]) => {
        let text = values.map(asciiJson).join('\n');
        for (const [at, what] of damage) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + what + text.slice(i);
        }
        return Buffer.from(text);
      });
    fc.assert(
      fc.property(damaged, (bytes) => {
        const array = asciiArray(bytes);
        if (array !== undefined) expect(array.values).toEqual(oneByOne(bytes));
      }),
      { numRuns: 3000 },
    );
  });
});
