// The Messages API's limits on images and PDFs, checked before anything is sent or saved: a request
// over any of them fails with a 400 or 413, and since every request resends the whole conversation,
// so would every later one. Each refusal names the file and the limit.
//
// The numbers, from Anthropic's documentation:
// - https://platform.claude.com/docs/en/build-with-claude/vision: PNG, JPEG, GIF and WebP; at most
//   8000×8000 px per image, 2000×2000 px when a request carries more than 20 images; up to 600 images
//   per request (100 for models with a 200k-token window); 5 MB per image, a limit the API applies to
//   the base64 text (5 × 1024 × 1024 characters), so a file may have 3.75 MB.
// - https://platform.claude.com/docs/en/build-with-claude/pdf-support: 32 MB per request and 600 pages
//   per request (100 for a 200k-token window), both for the whole request, not per file; no encrypted PDFs.
// - https://platform.claude.com/docs/en/api/errors: 413 request_too_large over 32 MB.
// Files travel as base64 (4 bytes of text per 3 of file), so 23 MB of files become 30.7 MB of request,
// which leaves about 1.3 MB for the conversation's text, the system prompt and the tools.
// Text and code files go as plain-text documents (the text itself, no base64). What bounds them is
// tokens, not bytes: at about four bytes a token, 2 MB is some 500,000 tokens, half of the largest
// window (1M); and a file may take at most half of the model's window (for a 200k window, ~400 KB of
// English), so the conversation and the reply keep room. Text is what is valid UTF-8 with no NUL.
import { t } from '../../../shared/i18n';
import { attachmentBytes, formatSize, MB, type AttachmentMediaType } from '../../../shared/attachments';
import { IMAGE_MEDIA_TYPES, TEXT_MEDIA_TYPE, type AgentMessage, type AttachmentBlock } from '../../../shared/session';
import { texts } from '../../../shared/texts';
import type { CheckPool } from '../checks/CheckPool';
import { BatonError } from '../errors';
import { decodeText, looksLikeText, sniffMediaType } from './fileType';
import { imageDimensions } from './imageSize';
import { INLINE_PDF_BYTES, MAX_INFLATED_BYTES, pdfFacts, type PdfFacts } from './pdfFacts';
import { savedFileFacts } from './savedFileFacts';

export const LIMITS = {
  imageBytes: (5 * MB * 3) / 4,
  imageSide: 8000,
  /** Over this many images in one request, each must fit manyImagesSide. */
  manyImages: 20,
  manyImagesSide: 2000,
  /** Images and PDFs in one request; pages of all PDFs in one request. */
  media: { standard: 100, largeWindow: 600 },
  pdfPages: { standard: 100, largeWindow: 600 },
  /** All files of one request together (the conversation's earlier ones are sent again each time). */
  requestFileBytes: 23 * MB,
  /** One text file; and its share of the model's context window, in tokens. */
  textBytes: 2 * MB,
  textWindowShare: 0.5,
} as const;

/** Models with a window over 200k tokens get the higher media and page limits. */
const STANDARD_WINDOW = 200_000;

/** What the limits need to know about one file. */
export interface FileFacts {
  name: string;
  mediaType: AttachmentMediaType;
  size: number;
  width?: number;
  height?: number;
  pages?: number;
}

const BINARY_NAME = /\.(?:png|jpe?g|gif|webp|pdf)$/i;
const IMAGES: ReadonlySet<AttachmentMediaType> = new Set(IMAGE_MEDIA_TYPES);
const isImage = (mediaType: AttachmentMediaType) => IMAGES.has(mediaType);
/** What the API counts as images and PDFs in a request (text documents are not among them). */
const isMedia = (mediaType: AttachmentMediaType) => mediaType !== TEXT_MEDIA_TYPE;

/** How a refusal names each kind of file (a key of the catalogs' texts.mediaKinds). */
const KIND_NAMES = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'text',
} as const satisfies Record<AttachmentMediaType, string>;
const kindName = (mediaType: AttachmentMediaType) => t(`texts.mediaKinds.${KIND_NAMES[mediaType]}`);

function refuse(message: string): BatonError {
  return new BatonError('invalid_input', message);
}

/** From a file's first bytes and its size: its type, or a refusal when it is of another type or too big for its type. */
export function checkFileStart(name: string, size: number, head: Uint8Array): AttachmentMediaType {
  // Text named as an image or a PDF is not what the user meant to send.
  const mediaType = sniffMediaType(head) ?? (looksLikeText(head) && !BINARY_NAME.test(name) ? TEXT_MEDIA_TYPE : undefined);
  if (!mediaType) throw refuse(texts.attachmentType(name));
  const kind = isImage(mediaType) ? 'image' : mediaType === TEXT_MEDIA_TYPE ? 'text' : 'PDF';
  const limit = kind === 'image' ? LIMITS.imageBytes : kind === 'text' ? LIMITS.textBytes : LIMITS.requestFileBytes;
  if (size > limit) throw refuse(texts.attachmentTooLarge(name, formatSize(size), kind, formatSize(limit)));
  return mediaType;
}

/**
 * The whole file: everything checkFileStart checks, plus that it can be read and that no single-file
 * limit is broken. A big PDF is read on the check thread, and refused as uncheckable past its caps.
 */
export async function inspectFile(name: string, bytes: Buffer, window: number, checks: CheckPool): Promise<FileFacts> {
  const mediaType = checkFileStart(name, bytes.length, bytes.subarray(0, 16));
  const facts: FileFacts = { name, mediaType, size: bytes.length };
  if (mediaType === TEXT_MEDIA_TYPE) {
    const text = decodeText(bytes);
    if (text === undefined) throw refuse(texts.attachmentType(name));
    const tokens = Math.ceil(text.length / 4);
    const max = Math.floor(window * LIMITS.textWindowShare);
    if (tokens > max) throw refuse(texts.attachmentTooManyTokens(name, tokens, max));
    return facts;
  }
  if (isImage(mediaType)) {
    const size = imageDimensions(bytes, mediaType);
    if (!size) throw refuse(texts.attachmentUnreadable(name, kindName(mediaType)));
    if (size.width > LIMITS.imageSide || size.height > LIMITS.imageSide) {
      throw refuse(texts.attachmentDimensions(name, size.width, size.height, LIMITS.imageSide));
    }
    return { ...facts, ...size };
  }
  const pdf: PdfFacts = bytes.length <= INLINE_PDF_BYTES ? pdfFacts(bytes) : await checks.run('pdfFacts', name, bytes);
  if (pdf.tooExpanded) throw refuse(texts.attachmentUncheckable(name, formatSize(MAX_INFLATED_BYTES)));
  if (!pdf.complete) throw refuse(texts.attachmentUnreadable(name, kindName(mediaType)));
  if (pdf.encrypted) throw refuse(texts.attachmentEncrypted(name));
  const pageLimit = forWindow(LIMITS.pdfPages, window);
  if (pdf.pages !== undefined && pdf.pages > pageLimit) throw refuse(texts.attachmentPages(name, pdf.pages, pageLimit));
  return pdf.pages === undefined ? facts : { ...facts, pages: pdf.pages };
}

/**
 * The limits of one request, for `files` sent with the next prompt after `context` (whose files are
 * sent again). Refuses naming the first of `files` that breaks one.
 */
export function checkRequest(context: readonly AgentMessage[], files: readonly FileFacts[], window: number): void {
  // The conversation's own files passed when they came: a message without new ones costs no scan.
  if (files.length === 0) return;
  const earlier = contextFiles(context);
  const mediaLimit = forWindow(LIMITS.media, window);
  const pageLimit = forWindow(LIMITS.pdfPages, window);
  let count = earlier.filter((f) => isMedia(f.mediaType)).length;
  let bytes = sum(earlier, (f) => f.size);
  let pages = 0;
  let pagesCounted = false;
  for (const file of files) {
    if (isMedia(file.mediaType)) count++;
    bytes += file.size;
    if (count > mediaLimit) throw refuse(texts.attachmentCount(file.name, mediaLimit));
    if (bytes > LIMITS.requestFileBytes) {
      throw refuse(texts.attachmentTotal(file.name, formatSize(file.size), formatSize(bytes), formatSize(LIMITS.requestFileBytes)));
    }
    if (file.pages !== undefined) {
      // Earlier PDFs are only read when a new one comes: it costs a decode of each.
      if (!pagesCounted) pages = sum(earlier, (f) => pagesOf(f));
      pagesCounted = true;
      pages += file.pages;
      if (pages > pageLimit) throw refuse(texts.attachmentPagesTotal(file.name, pages, pageLimit));
    }
  }
  checkManyImages(earlier, files);
}

/** Over 20 images in a request, every one of them (earlier ones too) must fit 2000×2000 px. */
function checkManyImages(earlier: readonly ContextFile[], files: readonly FileFacts[]): void {
  const images = [...earlier.filter((f) => isImage(f.mediaType)), ...files.filter((f) => isImage(f.mediaType))];
  const newest = files.findLast((f) => isImage(f.mediaType));
  if (images.length <= LIMITS.manyImages || !newest) return;
  for (const image of images) {
    const size = 'block' in image ? dimensionsOf(image) : image;
    if (size.width !== undefined && size.height !== undefined && Math.max(size.width, size.height) > LIMITS.manyImagesSide) {
      throw refuse(texts.attachmentManyImages(newest.name, images.length, LIMITS.manyImagesSide, image.name, size.width, size.height));
    }
  }
}

function forWindow(limits: { standard: number; largeWindow: number }, window: number): number {
  return window > STANDARD_WINDOW ? limits.largeWindow : limits.standard;
}

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

// ---- files already in the conversation --------------------------------------------------------

interface ContextFile {
  name: string;
  mediaType: AttachmentMediaType;
  size: number;
  block: AttachmentBlock;
}

function contextFiles(context: readonly AgentMessage[]): ContextFile[] {
  const files: ContextFile[] = [];
  for (const message of context) {
    for (const block of message.content) {
      if (block.type === 'image' || block.type === 'document') {
        files.push({ name: block.name, mediaType: block.source.media_type, size: attachmentBytes(block), block });
      }
    }
  }
  return files;
}

function dimensionsOf(file: ContextFile): { width?: number; height?: number } {
  return savedFileFacts(file.block);
}

function pagesOf(file: ContextFile): number {
  return file.mediaType === 'application/pdf' ? (savedFileFacts(file.block).pages ?? 0) : 0;
}
