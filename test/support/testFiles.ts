// Small, real files of every type Baton attaches, made in the test instead of kept as binaries. PNG,
// GIF and PDF are written here byte by byte (any size, page count, padding); the JPEG and the WebP come
// from Chromium's own encoders (canvas.toBlob, a 3 × 2 picture; the JPEG's ICC profile and the WebP's
// extended header left out), small enough to keep as text.
import { crc32, deflateSync } from 'node:zlib';

export const JPEG_3X2 = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/' +
    '2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAMDASIAAhEBAxEB/8QA' +
    'FQABAQAAAAAAAAAAAAAAAAAAAAL/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwX/xAAXEQADAQAAAAAAAAAAAAAAAAAAAQIy' +
    '/9oADAMBAAIRAxEAPwCAAoiXpn//2Q==',
  'base64',
);

export const WEBP_3X2 = Buffer.from('UklGRjYAAABXRUJQVlA4ICoAAABwAQCdASoDAAIAAsBMJagCdAF1AAD+u7OUBn6/+GGkj5/oa/r1i0exGAA=', 'base64');

/** A PNG of one colour; `padding` bytes in a private ancillary chunk (which readers skip) make it as large as a test needs. */
export function png(width: number, height: number, padding = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(padding > 0 ? [pngChunk('baTn', Buffer.alloc(padding, 0x20))] : []),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A GIF89a canvas of the given size holding one black pixel (the rest shows the background). */
export function gif(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // a global colour table of 2 entries
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor: 1 × 1 at 0,0
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // LZW code size 2, one pixel of colour 0
    Buffer.from([0x3b]),
  ]);
}

export interface PdfOptions {
  /** The page tree inside a compressed object stream (as PDF 1.5+ writers do) instead of plain objects. */
  objectStream?: boolean;
  /** An /Encrypt entry in the trailer, as a password-protected file has. */
  encrypted?: boolean;
  /** Bytes of a padding stream, to make the file as large as a test needs. */
  padding?: number;
}

/** A PDF with `pages` empty pages and a correct cross-reference section. */
export function pdf(pages: number, options: PdfOptions = {}): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const tree = [`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`, ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>')];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  const length = () => parts.reduce((n, p) => n + p.length, 0);
  const object = (body: string | Buffer) => {
    offsets.push(length());
    parts.push(Buffer.from(`${offsets.length} 0 obj\n`, 'latin1'), Buffer.from(body as string, 'latin1'), Buffer.from('\nendobj\n', 'latin1'));
  };
  object('<< /Type /Catalog /Pages 2 0 R >>');
  if (options.objectStream) {
    // Objects 2 … pages + 2 live in object pages + 3, the stream.
    let header = '';
    let body = '';
    tree.forEach((text, i) => {
      header += `${i + 2} ${body.length} `;
      body += `${text}\n`;
    });
    const data = deflateSync(Buffer.from(header + body, 'latin1'));
    const dict = `<< /Type /ObjStm /N ${tree.length} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`;
    offsets.push(length());
    parts.push(Buffer.from(`${tree.length + 2} 0 obj\n${dict}`, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1'));
    return Buffer.concat([...parts, xrefStream(offsets, tree.length, length(), options)]);
  }
  for (const text of tree) object(text);
  if (options.padding) object(Buffer.concat([Buffer.from(`<< /Length ${options.padding} >>\nstream\n`), Buffer.alloc(options.padding, 0x20), Buffer.from('\nendstream')]));
  if (options.encrypted) object('<< /Filter /Standard /V 1 /R 2 /O (x) /U (y) /P -4 >>');
  const xrefAt = length();
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  const encrypt = options.encrypted ? ` /Encrypt ${offsets.length} 0 R` : '';
  parts.push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

/** A cross-reference stream: object 1 and the object stream by offset, the tree's objects by their place in the stream. */
function xrefStream(offsets: number[], inStream: number, at: number, options: PdfOptions): Buffer {
  const stream = offsets.length + 1 + inStream - 1; // the object stream's number
  const self = stream + 1;
  const rows: number[][] = [[0, 0, 0xffff]];
  rows.push([1, offsets[0] as number, 0]);
  for (let i = 0; i < inStream; i++) rows.push([2, stream, i]);
  rows.push([1, offsets[1] as number, 0], [1, at, 0]);
  const data = deflateSync(Buffer.from(rows.flatMap(([t, a, b]) => [t as number, ...be(a as number, 4), ...be(b as number, 2)])));
  const encrypt = options.encrypted ? ' /Encrypt << /Filter /Standard >>' : '';
  const dict = `<< /Type /XRef /Size ${self + 1} /W [1 4 2] /Root 1 0 R${encrypt} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`;
  return Buffer.concat([
    Buffer.from(`${self} 0 obj\n${dict}`, 'latin1'),
    data,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, 'latin1'),
  ]);
}

function be(value: number, bytes: number): number[] {
  return Array.from({ length: bytes }, (_, i) => (value >>> (8 * (bytes - 1 - i))) & 0xff);
}
