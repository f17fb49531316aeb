// What Baton reads from a file's bytes before it lets it near the API: its type (never from its name),
// an image's size in pixels, a PDF's page count, password and completeness.
import { describe, expect, it } from 'vitest';
import { sniffMediaType } from '../../../electron/core/attachments/fileType';
import { imageDimensions } from '../../../electron/core/attachments/imageSize';
import { inspectFile } from '../../../electron/core/attachments/attachmentLimits';
import { pdfFacts } from '../../../electron/core/attachments/pdfFacts';
import { checks } from '../../../electron/core/checks/CheckPool';
import { texts } from '../../../shared/texts';
import { deflateBombPdf, manyObjectsPdf } from '../../support/hostileFiles';
import { gif, JPEG_3X2, pdf, png, WEBP_3X2 } from '../../support/testFiles';

/** A WebP header of the given chunk type with `payload` after the chunk size (the rest does not matter for the size). */
function webpHeader(chunk: string, payload: number[]): Buffer {
  const out = Buffer.alloc(40);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(32, 4);
  out.write('WEBP', 8, 'latin1');
  out.write(chunk, 12, 'latin1');
  out.writeUInt32LE(20, 16);
  out.set(payload, 20);
  return out;
}

describe('sniffMediaType', () => {
  it('tells PNG, JPEG, GIF, WebP and PDF by their first bytes', () => {
    expect([png(2, 2), JPEG_3X2, gif(2, 2), WEBP_3X2, pdf(1)].map((b) => sniffMediaType(b))).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/pdf',
    ]);
  });

  it('knows nothing else, whatever the file would be called: BMP, a RIFF that is audio, text, an empty file', () => {
    const wav = Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1');
    for (const bytes of [Buffer.from('BM\x36\x00\x00\x00', 'latin1'), wav, Buffer.from('hello'), Buffer.alloc(0)]) {
      expect(sniffMediaType(bytes)).toBeUndefined();
    }
  });
});

describe('imageDimensions', () => {
  it('reads the size of real PNG, GIF, JPEG and WebP files', () => {
    expect(imageDimensions(png(9000, 3), 'image/png')).toEqual({ width: 9000, height: 3 });
    expect(imageDimensions(gif(640, 480), 'image/gif')).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(JPEG_3X2, 'image/jpeg')).toEqual({ width: 3, height: 2 });
    expect(imageDimensions(WEBP_3X2, 'image/webp')).toEqual({ width: 3, height: 2 });
  });

  it('reads lossless and extended WebP headers', () => {
    // VP8L: signature 2f, then width-1 and height-1 in 14 bits each (here 1000 × 300).
    const bits = 999 | (299 << 14);
    expect(imageDimensions(webpHeader('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]), 'image/webp')).toEqual({ width: 1000, height: 300 });
    // VP8X: flags and reserved bytes, then canvas width-1 and height-1 in 24 bits each (here 8001 × 2).
    expect(imageDimensions(webpHeader('VP8X', [0, 0, 0, 0, 0x40, 0x1f, 0, 1, 0, 0]), 'image/webp')).toEqual({ width: 8001, height: 2 });
  });

  it('finds a JPEG frame after other segments and fill bytes', () => {
    const sof = JPEG_3X2.indexOf(Buffer.from([0xff, 0xc0]));
    const padded = Buffer.concat([JPEG_3X2.subarray(0, sof), Buffer.from([0xff, 0xff]), JPEG_3X2.subarray(sof)]);
    expect(imageDimensions(padded, 'image/jpeg')).toEqual({ width: 3, height: 2 });
  });

  it('gives up on a header cut short or broken, rather than guess', () => {
    expect(imageDimensions(png(10, 10).subarray(0, 20), 'image/png')).toBeUndefined();
    expect(imageDimensions(JPEG_3X2.subarray(0, 40), 'image/jpeg')).toBeUndefined();
    expect(imageDimensions(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp')).toBeUndefined();
    expect(imageDimensions(gif(0, 5), 'image/gif')).toBeUndefined();
  });
});

describe('pdfFacts', () => {
  it('counts the pages of the page tree, also inside a compressed object stream', () => {
    expect(pdfFacts(pdf(7))).toEqual({ pages: 7, encrypted: false, complete: true, tooExpanded: false });
    expect(pdfFacts(pdf(120, { objectStream: true }))).toEqual({ pages: 120, encrypted: false, complete: true, tooExpanded: false });
  });

  it('takes the last version of the page tree after an incremental update', () => {
    const updated = Buffer.concat([pdf(3), Buffer.from('2 0 obj\n<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 3 0 R] /Count 4 >>\nendobj\n%%EOF\n')]);
    expect(pdfFacts(updated).pages).toBe(4);
  });

  it('sees a password-protected file and a file cut short', () => {
    expect(pdfFacts(pdf(2, { encrypted: true })).encrypted).toBe(true);
    expect(pdfFacts(pdf(2, { encrypted: true, objectStream: true })).encrypted).toBe(true);
    const whole = pdf(2, { padding: 4000 });
    expect(pdfFacts(whole.subarray(0, whole.length - 2000)).complete).toBe(false);
  });

  it('sees a small file cut short too: under 1 KB the end marker is still required', () => {
    const small = pdf(1);
    expect(small.length).toBeLessThan(1024);
    expect(pdfFacts(small.subarray(0, small.lastIndexOf('%%EOF'))).complete).toBe(false);
  });

  it('reads a file of tens of thousands of tiny objects with missing ends in one pass, not one per object', () => {
    // Searching back and forth for each object's ends took seconds here (and minutes at a few MB).
    const started = performance.now();
    expect(pdfFacts(manyObjectsPdf(400_000)).complete).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a deflate bomb, naming the file, without expanding it', async () => {
    // 3 MB that expands to about 480 MB: inflated whole, it took seconds and as much memory, then passed.
    const bomb = deflateBombPdf(3_000_000);
    expect(pdfFacts(bomb)).toMatchObject({ tooExpanded: true, pages: undefined });
    await expect(inspectFile('bomb.pdf', bomb, 200_000, checks)).rejects.toThrow(texts.attachmentUncheckable('bomb.pdf', '16 MB'));
  });

  it('leaves the page count unknown when no page tree can be read', () => {
    expect(pdfFacts(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n')).pages).toBeUndefined();
  });
});
