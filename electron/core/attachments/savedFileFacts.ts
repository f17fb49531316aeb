// Facts about an image or PDF already in a message (a text file has none to decode) (its size in pixels, its page count), decoded from
// the base64 once per block: the limits and the token estimate both ask, and a block never changes.
import type { AgentMessage, AttachmentBlock } from '../../../shared/session';
import type { CheckPool } from '../checks/CheckPool';
import { imageDimensions } from './imageSize';
import { INLINE_PDF_BYTES, pdfFacts } from './pdfFacts';

export interface SavedFileFacts {
  width?: number;
  height?: number;
  pages?: number;
}

const decoded = new WeakMap<AttachmentBlock, SavedFileFacts>();

export function savedFileFacts(block: AttachmentBlock): SavedFileFacts {
  if (block.source.type === 'text') return {};
  let facts = decoded.get(block);
  if (!facts) {
    const bytes = Buffer.from(block.source.data, 'base64');
    facts = block.type === 'image' ? (imageDimensions(bytes, block.source.media_type) ?? {}) : { pages: pdfFacts(bytes).pages };
    decoded.set(block, facts);
  }
  return facts;
}

/** What the attach check read of a new block's file: it is not decoded again. */
export function knowSavedFileFacts(block: AttachmentBlock, facts: SavedFileFacts): void {
  decoded.set(block, facts);
}

/** Base64 of a PDF bigger than is read on the calling thread. */
const INLINE_PDF_BASE64 = Math.ceil(INLINE_PDF_BYTES / 3) * 4;

/**
 * Reads the facts of the big PDFs in `messages` (an imported session's) on the check thread, so the
 * savedFileFacts that the limits and the estimate ask later only look them up. A PDF that cannot be
 * checked there has no page count: the estimate goes by its size, and the API decides.
 */
export async function readBigSavedFileFacts(messages: readonly AgentMessage[], checks: CheckPool): Promise<void> {
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type !== 'document' || block.source.type !== 'base64' || decoded.has(block)) continue;
      if (block.source.data.length <= INLINE_PDF_BASE64) continue;
      const facts = await checks.run('savedFileFacts', block.name, 'pdf', block.source.media_type, block.source.data).catch(() => ({}));
      decoded.set(block, facts);
    }
  }
}
