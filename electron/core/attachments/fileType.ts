// A file's type from its first bytes (its "magic number"), never from its name: a photo.png that is
// really a BMP would otherwise reach the API and fail the request, and every later one with it.
import type { AttachmentMediaType } from '../../../shared/attachments';

/** Enough of a file's start to tell every type below apart. */
export const SNIFF_BYTES = 16;

const SIGNATURES: ReadonlyArray<{ type: AttachmentMediaType; at: number; bytes: readonly number[] }> = [
  { type: 'image/png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', at: 0, bytes: ascii('GIF87a') },
  { type: 'image/gif', at: 0, bytes: ascii('GIF89a') },
  { type: 'application/pdf', at: 0, bytes: ascii('%PDF-') },
];

export function sniffMediaType(head: Uint8Array): AttachmentMediaType | undefined {
  // WebP: a RIFF container whose form type is WEBP.
  if (matches(head, 0, ascii('RIFF')) && matches(head, 8, ascii('WEBP'))) return 'image/webp';
  return SIGNATURES.find((s) => matches(head, s.at, s.bytes))?.type;
}

function matches(head: Uint8Array, at: number, bytes: readonly number[]): boolean {
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
}

function ascii(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Whether a file's start reads as text: UTF-8 without NUL bytes (a sequence cut at the end of the piece
 * is not held against it). UTF-16 files, binaries and other encodings are not.
 */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0 || head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The whole file as text (its byte-order mark dropped), or undefined when it is not valid UTF-8 without NULs. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
