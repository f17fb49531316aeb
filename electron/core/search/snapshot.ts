// The full-text index on disk: one binary file, written whole (temp → fsync → rename) and read whole. The
// postings are flat typed arrays, so loading maps them straight out of the file's bytes instead of
// parsing anything per term or per message; a CRC-32 over the body turns any damage into "no index"
// (rebuilt from the session files), never into wrong answers.
//
//   0  "BATONFTS"            8  u32 version           12  u32 CRC-32 of bytes 16…end
//   16 u32 meta length       20  u32 0                24  meta JSON (terms, docs), padded to 8
//   then the terms ("\n"-joined UTF-8), the term ids in term order, and per doc its columns,
//   each padded to 8. Numbers are little-endian, as on every platform Electron runs on.
import { crc32 } from 'node:zlib';
import { TermDictionary } from './TermDictionary';
import { TextDoc, type DocColumns } from './TextDoc';

const MAGIC = 'BATONFTS';
const VERSION = 1;
const HEAD = 24;

/** [file, size, mtimeMs, messages, id bytes, terms, posting bytes] */
type DocMeta = [string, number, number, number, number, number, number];

interface Meta {
  terms: number;
  termBytes: number;
  docs: DocMeta[];
}

export interface Snapshot {
  dict: TermDictionary;
  docs: TextDoc[];
}

export function encodeSnapshot(dict: TermDictionary, docs: readonly TextDoc[]): Buffer {
  const termBlob = Buffer.from(dict.terms().join('\n'), 'utf8');
  const sorted = dict.sortedIds();
  const columns = docs.map((doc) => doc.columns());
  const meta: Meta = {
    terms: dict.size,
    termBytes: termBlob.length,
    docs: docs.map((doc, i) => {
      const c = columns[i]!;
      return [doc.file, doc.size, doc.mtimeMs, c.count, c.idBytes.length, c.terms.length, c.posts.length];
    }),
  };
  const metaBytes = Buffer.from(JSON.stringify(meta), 'utf8');
  const parts: Uint8Array[] = [metaBytes, termBlob, bytesOf(sorted)];
  for (const c of columns) {
    parts.push(bytesOf(c.lineStart), bytesOf(c.lineLength), bytesOf(c.idOffsets), c.idBytes, bytesOf(c.terms), bytesOf(c.postOffsets), c.posts);
  }
  const out = Buffer.alloc(HEAD + parts.reduce((n, p) => n + pad8(p.length), 0));
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(VERSION, 8);
  out.writeUInt32LE(metaBytes.length, 16);
  let at = HEAD;
  for (const part of parts) {
    out.set(part, at);
    at += pad8(part.length);
  }
  out.writeUInt32LE(crc32(out.subarray(16)), 12);
  return out;
}

/** The index in `bytes`, or undefined when they are not a complete, undamaged snapshot of this version. */
export function decodeSnapshot(bytes: Buffer): Snapshot | undefined {
  if (bytes.length < HEAD || bytes.toString('latin1', 0, 8) !== MAGIC || bytes.readUInt32LE(8) !== VERSION) return undefined;
  if (bytes.readUInt32LE(12) !== crc32(bytes.subarray(16))) return undefined;
  // Typed-array views need aligned offsets; a small read may sit unaligned in Node's buffer pool.
  const buf = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
  try {
    const metaLength = buf.readUInt32LE(16);
    const meta = JSON.parse(buf.toString('utf8', HEAD, HEAD + metaLength)) as Meta;
    const reader = new Reader(buf, HEAD + pad8(metaLength));
    const termBlob = reader.bytes(meta.termBytes);
    const terms = meta.terms === 0 ? [] : termBlob.toString('utf8').split('\n');
    if (terms.length !== meta.terms) return undefined;
    const dict = new TermDictionary(terms, reader.u32(meta.terms));
    const docs = meta.docs.map(([file, size, mtimeMs, count, idBytes, termCount, postBytes]) => {
      const columns: DocColumns = {
        count,
        lineStart: reader.f64(count),
        lineLength: reader.u32(count),
        idOffsets: reader.u32(count + 1),
        idBytes: reader.bytes(idBytes),
        terms: reader.u32(termCount),
        postOffsets: reader.u32(termCount + 1),
        posts: reader.bytes(postBytes),
      };
      return new TextDoc(file, size, mtimeMs, columns);
    });
    return reader.atEnd() ? { dict, docs } : undefined;
  } catch {
    return undefined; // a meta that does not describe the bytes after it
  }
}

class Reader {
  constructor(
    private readonly buf: Buffer,
    private at: number,
  ) {}

  bytes(length: number): Buffer {
    const start = this.take(length);
    return this.buf.subarray(start, start + length);
  }

  u32(count: number): Uint32Array {
    return new Uint32Array(this.buf.buffer, this.buf.byteOffset + this.take(count * 4), count);
  }

  f64(count: number): Float64Array {
    return new Float64Array(this.buf.buffer, this.buf.byteOffset + this.take(count * 8), count);
  }

  atEnd(): boolean {
    return this.at === this.buf.length;
  }

  private take(length: number): number {
    if (!Number.isInteger(length) || length < 0 || this.at + length > this.buf.length) throw new RangeError('snapshot is short');
    const start = this.at;
    this.at += pad8(length);
    return start;
  }
}

function bytesOf(array: Uint32Array | Float64Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

function pad8(n: number): number {
  return (n + 7) & ~7;
}
