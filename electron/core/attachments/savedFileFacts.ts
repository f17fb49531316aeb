// Facts about an image or PDF already in a message (a text file has none to decode) (its size in pixels, its page count), decoded from
// the base64 once per block: the limits and the token estimate both ask, and a block never changes.
import type { AttachmentBlock } from '../../../shared/session';
import { imageDimensions } from './imageSize';
import { pdfFacts } from './pdfFacts';

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
