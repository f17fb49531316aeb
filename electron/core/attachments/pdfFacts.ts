// What the API's PDF limits need to know about a file, read from its bytes without a PDF library: the
// page count (from the root of the page tree), whether it is encrypted (the API takes no passwords),
// and whether it is whole (ends with %%EOF). A page count that cannot be found is left undefined and
// the API decides.
//
// The file is untrusted: every pass over it is one forward scan (a file of many small objects cost
// seconds per hundred kilobytes when each object searched back and forth for its ends), and what its
// compressed streams expand to is capped, since a few megabytes of deflate can expand to gigabytes.
import { inflateSync } from 'node:zlib';

export interface PdfFacts {
  pages: number | undefined;
  encrypted: boolean;
  complete: boolean;
  /** Its object streams expand past MAX_INFLATED_BYTES: the page count could not be checked. */
  tooExpanded: boolean;
}

/** All object streams of one file together; real ones hold small dictionaries, a few megabytes at most. */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

/**
 * PDFs up to this size are read on the calling thread: a crafted one of many tiny objects, the worst
 * kind, takes some 30 ms at 256 KB on a busy two-core machine, so a bigger one goes to the check thread.
 * Images and text stay here at any size: an image's size is read from its header (a 3.75 MB JPEG of
 * nothing but empty segments takes under 10 ms), and a 2 MB text file is one decode.
 */
export const INLINE_PDF_BYTES = 256 * 1024;

export function pdfFacts(bytes: Buffer): PdfFacts {
  const text = bytes.toString('latin1');
  const eof = text.lastIndexOf('%%EOF');
  const compressed = compressedObjects(text);
  return {
    pages: compressed.tooExpanded ? undefined : (rootCount(plainObjects(text)) ?? rootCount(compressed.objects)),
    encrypted: /\/Encrypt\b/.test(text),
    // Writers may leave a little after the marker; readers look for it near the end.
    complete: eof >= 0 && eof >= text.length - 1024,
    tooExpanded: compressed.tooExpanded,
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
  let start = 0; // just after the last endobj
  let isPages = false;
  for (const match of text.matchAll(/endobj|\/Type\s*\/Pages\b/g)) {
    if (match[0] !== 'endobj') {
      isPages = true;
      continue;
    }
    if (isPages) yield text.slice(start, match.index);
    start = match.index + 6;
    isPages = false;
  }
  if (isPages) yield text.slice(start);
}

/**
 * The objects inside compressed object streams (PDF 1.5+ writers put the page tree there). An object
 * stream's dictionary runs from the "obj" before its /Type to the "stream" after it.
 */
function compressedObjects(text: string): { objects: string[]; tooExpanded: boolean } {
  const objects: string[] = [];
  let budget = MAX_INFLATED_BYTES;
  let lastObj = -1;
  let dictStart = -1; // set while an object stream's dictionary waits for its data
  const words = /obj|stream|\/Type\s*\/ObjStm\b/g;
  for (let match = words.exec(text); match; match = words.exec(text)) {
    if (match[0] === 'obj') {
      if (dictStart < 0) lastObj = match.index;
      continue;
    }
    if (match[0] !== 'stream') {
      if (dictStart < 0) dictStart = lastObj;
      continue;
    }
    if (dictStart < 0) continue;
    const dict = text.slice(dictStart, match.index);
    dictStart = -1;
    const dataStart = match.index + 6 + (text.startsWith('\r\n', match.index + 6) ? 2 : 1);
    const dataEnd = text.indexOf('endstream', dataStart);
    if (dataEnd < 0) break; // cut short: no stream after this one has an end either
    words.lastIndex = dataEnd + 9; // the data is not text to look for words in
    const first = /\/First\s+(\d+)/.exec(dict);
    if (!first || !/\/FlateDecode\b/.test(dict)) continue;
    let inflated: Buffer;
    try {
      inflated = inflateSync(Buffer.from(text.slice(dataStart, dataEnd), 'latin1'), { maxOutputLength: Math.max(budget, 1) });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { objects, tooExpanded: true };
      continue; // not a stream we can read: the count stays unknown
    }
    budget -= inflated.length;
    for (const object of objectsOfStream(inflated.toString('latin1'), Number(first[1]))) objects.push(object);
  }
  return { objects, tooExpanded: false };
}

/**
 * An object stream starts with pairs "number offset"; each object runs from its offset to the next.
 * The offsets are sorted so that objects never overlap, whatever the header says.
 */
function* objectsOfStream(data: string, first: number): Generator<string> {
  const numbers = data.slice(0, first).trim().split(/\s+/).map(Number);
  const offsets = [...new Set(numbers.filter((n, i) => i % 2 === 1 && Number.isInteger(n) && n >= 0))].sort((a, b) => a - b);
  for (const [i, offset] of offsets.entries()) {
    yield data.slice(first + offset, i + 1 < offsets.length ? first + (offsets[i + 1] as number) : data.length);
  }
}
