// UTF-8 lines of JSON to one JSON array, for text that is mostly multi-byte (Thai, CJK, emoji): one
// JSON.parse of a whole group of lines costs less than one per line, and the lines need not be cut out.
// Before Node 24, Node's decoder costs several times JSON.parse on such text, more than the whole open
// budget; decodeJsonLines, compiled by the JIT, runs several times faster. From Node 24 on, Node's decoder
// is the faster one (SIMD) and nodeJsonLines checks and joins what it decodes. The decoders here are
// self-contained (no outer names): the decode thread runs their source.

/**
 * Node's decoder from Node 24 on, where it is faster than ours: 20 MB of Thai in 64 KB groups takes
 * 3.5 ms there against 57 ms on Node 20 and 22, where our decoder (about 0.4× the parse) pays.
 * A version check rather than a timing at startup: the result is the same on every run.
 */
export const NODE_DECODES_UTF8_FAST = Number(process.versions.node.split('.')[0]) >= 24;

/**
 * Writes `[line1,line2,…]` for the lines of [start, end) of `bytes` (end excludes the last `\n`) to `out`
 * from `at`, after a first unit that says how (see jsonLinesArray): text that is mostly ASCII (English
 * with a dash, a quote mark or an emoji here and there) one byte a character with the rest as JSON
 * escapes, which halves what the parsing thread copies and collects and gives JSON.parse a string it
 * reads faster (Node 20, mixed text: the open from 1.38-1.41 to 1.20-1.26 × the parse); other text as
 * UTF-16. Returns how many units in all, or -1 when the array would not say exactly what the lines say
 * one by one: bytes that are not well-formed UTF-8 (left to Node's decoder, which replaces
 * them), or a line that is not one whole JSON value on its own (a line break inside a string, object or
 * array, a comma between two values on one line). Brackets and quotes are counted, not validated: a line
 * that passes may still be bad JSON, and then the array does not parse.
 */
export function decodeJsonLines(bytes: Uint8Array, start: number, end: number, out: Uint16Array, at: number): number {
  // Mostly ASCII is judged on the first 2 KB; if the escapes come to more than an eighth of the group,
  // it is written again in UTF-16.
  let high = 0;
  for (let i = start, stop = Math.min(end, start + 2048); i < stop; i++) if (bytes[i]! >= 0x80) high++;
  let oneByte = high * 32 < Math.min(end - start, 2048);
  const outBytes = new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  const first = 2 * (at + 1);
  const most = (end - start) >> 3; // bytes the escapes may add
  for (;;) {
    let o = oneByte ? first : at + 1; // in bytes or in units
    if (oneByte) outBytes[o++] = 0x5b; // [
    else out[o++] = 0x5b;
    let depth = 0;
    let inString = false;
    let escaped = false;
    let i = start;
    let overflow = false;
    while (i < end) {
      const c = bytes[i]!;
      let u = c; // the character as one or two UTF-16 units
      let low = -1;
      if (c < 0x80) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) inString = false;
          else if (c === 0x0a) return -1;
        } else if (c === 0x0a) {
          if (depth !== 0) return -1;
          u = 0x2c; // the line break becomes the comma between values
        } else if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (--depth < 0) return -1;
        } else if (c === 0x2c && depth === 0) return -1;
        i++;
        if (oneByte) outBytes[o++] = u;
        else out[o++] = u;
        continue;
      } else if (c < 0xe0) {
        if (c < 0xc2 || i + 1 >= end) return -1;
        const c1 = bytes[i + 1]!;
        if ((c1 & 0xc0) !== 0x80) return -1;
        u = ((c & 0x1f) << 6) | (c1 & 0x3f);
        i += 2;
      } else if (c < 0xf0) {
        if (i + 2 >= end) return -1;
        const c1 = bytes[i + 1]!;
        const c2 = bytes[i + 2]!;
        if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80) return -1;
        u = ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
        if (u < 0x800 || (u >= 0xd800 && u <= 0xdfff)) return -1;
        i += 3;
      } else {
        if (c > 0xf4 || i + 3 >= end) return -1;
        const c1 = bytes[i + 1]!;
        const c2 = bytes[i + 2]!;
        const c3 = bytes[i + 3]!;
        if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80 || (c3 & 0xc0) !== 0x80) return -1;
        const cp = ((c & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f);
        if (cp < 0x10000 || cp > 0x10ffff) return -1;
        u = 0xd800 + ((cp - 0x10000) >> 10);
        low = 0xdc00 + ((cp - 0x10000) & 0x3ff);
        i += 4;
      }
      if (!oneByte) {
        out[o++] = u;
        if (low >= 0) out[o++] = low;
        continue;
      }
      // After a backslash it is bad JSON, which an escape would make good: read line by line instead.
      if (escaped) return -1;
      if (o + 12 - first - (i - start) > most) {
        overflow = true;
        break;
      }
      for (let unit = u; unit >= 0; unit = unit === low ? -1 : low) {
        outBytes[o++] = 0x5c; // \
        outBytes[o++] = 0x75; // u
        for (let shift = 12; shift >= 0; shift -= 4) {
          const d = (unit >> shift) & 15;
          outBytes[o++] = d < 10 ? 0x30 + d : 0x57 + d;
        }
      }
    }
    if (overflow) {
      oneByte = false;
      continue;
    }
    if (depth !== 0 || inString) return -1;
    if (!oneByte) {
      out[at] = 0; // UTF-16
      out[o++] = 0x5d; // ]
      return o - at;
    }
    out[at] = 1; // one byte a character
    outBytes[o++] = 0x5d; // ]
    if (o & 1) outBytes[o++] = 0x20; // to a whole unit: a space after the array is still JSON
    return o / 2 - at;
  }
}

/**
 * decodeJsonLines where Node's decoder is the fast one: the lines decoded by Node (bytes that are not
 * UTF-8 replaced, as when each line is decoded by itself), then joined into `[line1,line2,…]` in place,
 * or -1 when a line is not one whole JSON value on its own (the same counting as decodeJsonLines). Lines
 * known to be `ascii` are copied one byte a character, on every runtime: one JSON.parse of a chunk of
 * English instead of one per line, with the lines checked on the helper rather than cut out here. The
 * counting runs over the bytes before they are decoded: every character it looks for is ASCII, which
 * UTF-8 never uses inside another character and Node's decoder never swallows, and Buffer's indexOf
 * steps over a string's contents far faster there than over UTF-16 (a Thai open's check took 75-80 ms of
 * the helper's time that way, on a 2-core machine time the parsing thread then waited for). Always
 * UTF-16: written one byte a character, as decodeJsonLines writes mostly ASCII text, the open measured no
 * faster here (Node's decoder gives a string to escape, which costs the helper what this thread saves).
 */
export function nodeJsonLines(bytes: Uint8Array, start: number, end: number, out: Uint16Array, at: number, ascii = false): number {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
  const n = view.length;
  let depth = 0;
  let lineEnd = view.indexOf(10);
  let backslash = view.indexOf(92);
  for (let i = 0; i < n; ) {
    const c = view[i]!;
    if (c === 0x22) {
      // A short string (a key) is stepped over here, where that costs less than a call to indexOf.
      let k = i + 1;
      const near = Math.min(n, k + 24);
      let u = 0;
      while (k < near && (u = view[k]!) !== 0x22 && u !== 0x5c && u !== 0x0a) k++;
      if (k < near && u === 0x22) {
        i = k + 1;
        continue;
      }
      // Else its closing quote is the first one that no backslash escapes.
      let from = i + 1;
      let close = view.indexOf(0x22, from);
      if (backslash >= 0 && backslash < from) backslash = view.indexOf(92, from); // one outside a string (bad JSON)
      while (backslash >= from && backslash < close) {
        from = backslash + 2; // the escape and the byte it escapes (a multi-byte one is never " or \)
        if (close < from) close = view.indexOf(0x22, from);
        backslash = view.indexOf(92, from);
      }
      if (close < 0 || (lineEnd >= 0 && lineEnd < close)) return -1; // unclosed, or a line break inside it
      i = close + 1;
      continue;
    }
    if (c === 0x0a) {
      if (depth !== 0) return -1;
      lineEnd = view.indexOf(10, i + 1);
    } else if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) {
      if (--depth < 0) return -1;
    } else if (c === 0x2c && depth === 0) return -1;
    i++;
  }
  if (depth !== 0) return -1;
  const outBytes = Buffer.from(out.buffer, out.byteOffset, out.byteLength);
  if (ascii) {
    out[at] = 1; // one byte a character
    const first = 2 * (at + 1);
    outBytes[first] = 0x5b; // [
    view.copy(outBytes, first + 1);
    for (let nl = view.indexOf(10); nl >= 0; nl = view.indexOf(10, nl + 1)) outBytes[first + 1 + nl] = 0x2c; // the comma between values
    let o = first + 1 + n;
    outBytes[o++] = 0x5d; // ]
    if (o & 1) outBytes[o++] = 0x20; // to a whole unit: a space after the array is still JSON
    return o / 2 - at;
  }
  const text = view.toString('utf8');
  out[at] = 0; // UTF-16
  out[at + 1] = 0x5b; // [
  const units = outBytes.write(text, (at + 2) * 2, 'utf16le') / 2;
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) out[at + 2 + nl] = 0x2c; // the line break becomes the comma between values
  out[at + 2 + units] = 0x5d; // ]
  return units + 3;
}

/** Units a group of `n` bytes may need: the one that says how it is written, at most one per byte, and the two brackets. */
export function jsonLinesUnits(n: number): number {
  return n + 3;
}

/**
 * The array a decoder wrote at `at` in `units` units of `bytes`: its first unit says whether the rest is
 * one byte a character (latin1: ASCII, with JSON escapes for the rest) or UTF-16.
 */
export function jsonLinesArray(bytes: Buffer, at: number, units: number): string {
  const oneByte = bytes[at * 2] === 1;
  return bytes.toString(oneByte ? 'latin1' : 'utf16le', (at + 1) * 2, (at + units) * 2);
}

let scratch = { units: new Uint16Array(0), bytes: Buffer.alloc(0) };

/** decodeJsonLines on this thread: the array's text, or undefined when the lines must be read one by one. */
export function jsonLinesText(bytes: Uint8Array, start: number, end: number): string | undefined {
  return arrayText(decodeJsonLines, bytes, start, end);
}

/** The same with nodeJsonLines. */
export function nodeJsonLinesText(bytes: Uint8Array, start: number, end: number): string | undefined {
  return arrayText(nodeJsonLines, bytes, start, end);
}

function arrayText(decode: typeof decodeJsonLines, bytes: Uint8Array, start: number, end: number): string | undefined {
  const need = jsonLinesUnits(end - start);
  if (scratch.units.length < need) {
    const units = new Uint16Array(Math.max(need, 64 * 1024));
    scratch = { units, bytes: Buffer.from(units.buffer) };
  }
  const n = decode(bytes, start, end, scratch.units, 0);
  return n < 0 ? undefined : jsonLinesArray(scratch.bytes, 0, n);
}
