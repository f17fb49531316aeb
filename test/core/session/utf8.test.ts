// The fast UTF-8 decoder used when a session holds non-ASCII text: always exactly what Node's decoder
// gives, for well-formed text (Thai, CJK, emoji) and for any bytes at all (invalid, truncated, overlong).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../../electron/core/storage/utf8';

describe('decodeUtf8', () => {
  it('decodes Thai, CJK and emoji as Node does', () => {
    const text = 'การส่งต่อ 会话 セッション 🚀✅ café — "quoted" \\n';
    const bytes = Buffer.from(`xx${text}yy`);
    expect(decodeUtf8(bytes, 2, bytes.length - 2)).toBe(text);
  });

  it('equals buffer.toString("utf8") on any string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const bytes = Buffer.from(text, 'utf8');
        expect(decodeUtf8(bytes, 0, bytes.length)).toBe(bytes.toString('utf8'));
      }),
      { numRuns: 500 },
    );
  });

  it('equals buffer.toString("utf8") on any bytes and any range of them', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), fc.nat(), (raw, a, b) => {
        const bytes = Buffer.from(raw);
        const start = bytes.length ? a % bytes.length : 0;
        const end = start + (bytes.length - start ? b % (bytes.length - start + 1) : 0);
        expect(decodeUtf8(bytes, start, end)).toBe(bytes.toString('utf8', start, end));
      }),
      { numRuns: 2000 },
    );
  });

  it('sends overlong forms, surrogates, code points past U+10FFFF and cut sequences to the replacement character as Node does', () => {
    for (const raw of [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe0, 0xb8], [0xf0, 0x9f, 0x9a], [0x80], [0xff]]) {
      const bytes = Buffer.from([0x61, ...raw, 0x62]);
      expect(decodeUtf8(bytes, 0, bytes.length)).toBe(bytes.toString('utf8'));
    }
  });
});
