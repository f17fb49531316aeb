// UTF-8 bytes to a string, for text that is mostly multi-byte (Thai, CJK, emoji). Node's decoder costs
// several times JSON.parse on such text, more than the whole open budget; this loop, compiled by the JIT,
// runs several times faster. It only takes well-formed UTF-8 and leaves anything else (an invalid or
// truncated sequence, an overlong form, a surrogate) to Node, so the result is always exactly what
// `buffer.toString('utf8')` gives.

/** Decodes [start, end) of `bytes`; one string, however many lines it holds. */
export function decodeUtf8(bytes: Buffer, start: number, end: number): string {
  const units = unitsFor(end - start);
  const length = decodeWellFormed(bytes, start, end, units.array);
  return length < 0 ? bytes.toString('utf8', start, end) : units.bytes.toString('utf16le', 0, length * 2);
}

let shared = { array: new Uint16Array(0), bytes: Buffer.alloc(0) };

/** A reused output buffer of at least `n` UTF-16 units (a byte never yields more than one unit). */
function unitsFor(n: number): { array: Uint16Array; bytes: Buffer } {
  if (shared.array.length < n) {
    const array = new Uint16Array(Math.max(n, 64 * 1024));
    shared = { array, bytes: Buffer.from(array.buffer) };
  }
  return shared;
}

/** Writes the UTF-16 units of [start, end) to `out`; returns how many, or -1 if the bytes are not well-formed UTF-8. */
function decodeWellFormed(b: Uint8Array, start: number, end: number, out: Uint16Array): number {
  let o = 0;
  let i = start;
  while (i < end) {
    const c = b[i]!;
    if (c < 0x80) {
      out[o++] = c;
      i++;
    } else if (c < 0xe0) {
      if (c < 0xc2 || i + 1 >= end) return -1;
      const c1 = b[i + 1]!;
      if ((c1 & 0xc0) !== 0x80) return -1;
      out[o++] = ((c & 0x1f) << 6) | (c1 & 0x3f);
      i += 2;
    } else if (c < 0xf0) {
      if (i + 2 >= end) return -1;
      const c1 = b[i + 1]!;
      const c2 = b[i + 2]!;
      if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80) return -1;
      const cp = ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
      if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
      out[o++] = cp;
      i += 3;
    } else {
      if (c > 0xf4 || i + 3 >= end) return -1;
      const c1 = b[i + 1]!;
      const c2 = b[i + 2]!;
      const c3 = b[i + 3]!;
      if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80 || (c3 & 0xc0) !== 0x80) return -1;
      const cp = ((c & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f);
      if (cp < 0x10000 || cp > 0x10ffff) return -1;
      out[o++] = 0xd800 + ((cp - 0x10000) >> 10);
      out[o++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
      i += 4;
    }
  }
  return o;
}
