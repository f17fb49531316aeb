// An image's width and height in pixels, read from its header: the API refuses images over its size
// limits, and the token estimate depends on them. undefined when the header cannot be read.
import type { AttachmentMediaType } from '../../../shared/attachments';

export interface Dimensions {
  width: number;
  height: number;
}

export function imageDimensions(bytes: Buffer, mediaType: AttachmentMediaType): Dimensions | undefined {
  try {
    switch (mediaType) {
      case 'image/png':
        // The IHDR chunk comes first: width and height as big-endian 32-bit numbers.
        return bytes.toString('latin1', 12, 16) === 'IHDR' ? positive(bytes.readUInt32BE(16), bytes.readUInt32BE(20)) : undefined;
      case 'image/gif':
        return positive(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
      case 'image/webp':
        return webpDimensions(bytes);
      case 'image/jpeg':
        return jpegDimensions(bytes);
      default:
        return undefined;
    }
  } catch {
    return undefined; // a read past the end: the header is cut short
  }
}

function webpDimensions(bytes: Buffer): Dimensions | undefined {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    // Lossy: after the 3-byte frame tag, the start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return positive(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // Lossless: after the signature byte 2f, width-1 and height-1 in 14 bits each.
    if (bytes[20] !== 0x2f) return undefined;
    const bits = bytes.readUInt32LE(21);
    return positive((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    // Extended: canvas width-1 and height-1 as 24-bit little-endian numbers.
    return positive(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  return undefined;
}

/** Walks the JPEG's segments to the first start-of-frame, which holds the size. */
function jpegDimensions(bytes: Buffer): Dimensions | undefined {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan data before any frame
    const length = bytes.readUInt16BE(at + 2);
    // SOF0–SOF15, except DHT (c4), JPG (c8) and DAC (cc), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return positive(bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5));
    }
    at += 2 + length;
  }
  return undefined;
}

function positive(width: number, height: number): Dimensions | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}
