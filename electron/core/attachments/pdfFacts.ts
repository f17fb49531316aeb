// What the API's PDF limits need to know about a file, read from its bytes without a PDF library: the
// page count (from the root of the page tree), whether it is encrypted (the API takes no passwords),
// and whether it is whole (ends with %%EOF). A page count that cannot be found is left undefined and
// the API decides.
import { inflateSync } from 'node:zlib';

export interface PdfFacts {
  pages: number | undefined;
  encrypted: boolean;
  complete: boolean;
}

export function pdfFacts(bytes: Buffer): PdfFacts {
  const text = bytes.toString('latin1');
  return {
    pages: rootCount(plainObjects(text)) ?? rootCount(compressedObjects(text)),
    encrypted: /\/Encrypt\b/.test(text),
    // Writers may leave a little after the marker; readers look for it near the end.
    complete: text.lastIndexOf('%%EOF') >= text.length - 1024,
  };
}

/**
 * The page tree's root is the Pages node without a /Parent; its /Count is the number of pages. With
 * incremental updates the file holds several versions of it: the last one is current.
 */
function rootCount(objects: Iterable<string>): number | undefined {
  let count: number | undefined;
  for (const object of objects) {
    if (!PAGES.test(object) || /\/Parent\b/.test(object)) continue;
    const match = /\/Count\s+(\d+)/.exec(object);
    if (match) count = Number(match[1]);
  }
  return count;
}

const PAGES = /\/Type\s*\/Pages\b/;

/** Each object of the file's own text that names itself a Pages node: from the endobj before it to the one after. */
function* plainObjects(text: string): Generator<string> {
  for (const match of text.matchAll(/\/Type\s*\/Pages\b/g)) {
    const start = text.lastIndexOf('endobj', match.index);
    const end = text.indexOf('endobj', match.index);
    yield text.slice(start < 0 ? 0 : start + 6, end < 0 ? text.length : end);
  }
}

/** The objects inside compressed object streams (PDF 1.5+ writers put the page tree there). */
function* compressedObjects(text: string): Generator<string> {
  for (const match of text.matchAll(/\/Type\s*\/ObjStm\b/g)) {
    const dictStart = text.lastIndexOf('obj', match.index);
    const streamAt = text.indexOf('stream', match.index);
    if (dictStart < 0 || streamAt < 0) continue;
    const dict = text.slice(dictStart, streamAt);
    const first = /\/First\s+(\d+)/.exec(dict);
    if (!first || !/\/FlateDecode\b/.test(dict)) continue;
    const dataStart = streamAt + 6 + (text.startsWith('\r\n', streamAt + 6) ? 2 : 1);
    const dataEnd = text.indexOf('endstream', dataStart);
    if (dataEnd < 0) continue;
    let inflated: string;
    try {
      inflated = inflateSync(Buffer.from(text.slice(dataStart, dataEnd), 'latin1')).toString('latin1');
    } catch {
      continue; // not a stream we can read: the count stays unknown
    }
    yield* objectsOfStream(inflated, Number(first[1]));
  }
}

/** An object stream starts with pairs "number offset"; each object runs from its offset to the next. */
function* objectsOfStream(data: string, first: number): Generator<string> {
  const numbers = data.slice(0, first).trim().split(/\s+/).map(Number);
  const offsets = numbers.filter((_, i) => i % 2 === 1);
  for (const [i, offset] of offsets.entries()) {
    yield data.slice(first + offset, i + 1 < offsets.length ? first + (offsets[i + 1] as number) : data.length);
  }
}
