// Attachments (SPEC §5): what both sides need to agree on to move a file from the renderer to the core
// in pieces that fit any transport, and how a file's size is written for the user.
import { z } from 'zod';
import { IMAGE_MEDIA_TYPES, PDF_MEDIA_TYPE, TEXT_MEDIA_TYPE, type AttachmentBlock, type ContentBlock } from './session';

export const MB = 1024 * 1024;

/**
 * Raw bytes per upload call. As base64 that is 4 MiB of text, well inside the web server's 8 MiB frame
 * limit, so a file of any allowed size reaches the core in several calls over either transport.
 */
export const UPLOAD_CHUNK_BYTES = 3 * MB;
export const UPLOAD_CHUNK_BASE64_CHARS = (UPLOAD_CHUNK_BYTES / 3) * 4;
/**
 * The first piece is small: enough for the core to tell the file's type, so a file of another type or
 * too large for its type is refused before megabytes of it are read and sent.
 */
export const UPLOAD_FIRST_PIECE_BYTES = 64 * 1024;

export const AttachmentMediaType = z.enum([...IMAGE_MEDIA_TYPES, PDF_MEDIA_TYPE, TEXT_MEDIA_TYPE]);
export type AttachmentMediaType = z.infer<typeof AttachmentMediaType>;

/** A file uploaded to the core and ready to be sent with a message (by its id). */
export const Attachment = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: AttachmentMediaType,
  size: z.number().int().nonnegative(),
});
export type Attachment = z.infer<typeof Attachment>;

/** Whether a message's block is a file attached to it (an image, a PDF or a text file). */
export const isAttachment = (block: ContentBlock): block is AttachmentBlock => block.type === 'image' || block.type === 'document';

/** 980 → "980 bytes", 15_360 → "15 KB", 4_404_019 → "4.2 MB", 3_932_160 → "3.75 MB" (1 MB = 1024 KB). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / MB).toFixed(2))} MB`;
}

/** The size in bytes of an attached file, from its block (base64 or text). */
export function attachmentBytes(block: AttachmentBlock): number {
  return block.source.type === 'text' ? utf8Length(block.source.data) : base64Bytes(block.source.data);
}

/** UTF-8 bytes of a string, counted without encoding it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The size of the bytes a base64 string holds, without decoding it. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}
