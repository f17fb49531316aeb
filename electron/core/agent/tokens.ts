// Rough token figures for the context meter. Good to ±30 %, which is all a meter needs; the exact count
// arrives with each reply's usage.
import { attachmentBytes } from '../../../shared/attachments';
import type { AgentMessage, ContentBlock, DocumentBlock, ImageBlock } from '../../../shared/session';
import { savedFileFacts } from '../attachments/savedFileFacts';

/** About four characters per token. */
export function estimateTokens(messages: readonly AgentMessage[], system = ''): number {
  let chars = system.length;
  for (const message of messages) {
    for (const block of message.content) {
      chars += blockChars(block);
    }
  }
  return Math.ceil(chars / 4);
}

/** One block's share of the estimate, in tokens. */
export function estimateBlockTokens(block: ContentBlock): number {
  return Math.ceil(blockChars(block) / 4);
}

function blockChars(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return block.text.length;
    case 'tool_use':
      return block.name.length + (JSON.stringify(block.input) ?? '').length;
    case 'tool_result':
      return typeof block.content === 'string' ? block.content.length : block.content.reduce((n, part) => n + blockChars(part), 0);
    case 'thinking':
      return block.thinking.length;
    case 'redacted_thinking':
      return block.data.length;
    case 'raw':
      return JSON.stringify(block.block).length;
    // Files count by what the model sees, not by the length of their base64.
    case 'image':
      return imageTokens(block) * 4;
    case 'document':
      return block.source.type === 'text' ? block.source.data.length : pdfTokens(block) * 4;
  }
}

/**
 * About width × height / 750 (Anthropic's vision guide); larger images are scaled down to about 1.15
 * megapixels first, which caps it near 1,600.
 */
const IMAGE_MAX_TOKENS = 1_600;
/** A PDF page is read as text and as an image: about 1,500–3,000 tokens (the PDF support guide). */
const PDF_PAGE_TOKENS = 2_000;
/** When the page count cannot be read: about one page per 100 KB. */
const PDF_BYTES_PER_PAGE = 100 * 1024;

function imageTokens(block: ImageBlock): number {
  const { width, height } = savedFileFacts(block);
  return width && height ? Math.min(IMAGE_MAX_TOKENS, Math.ceil((width * height) / 750)) : IMAGE_MAX_TOKENS;
}

function pdfTokens(block: DocumentBlock): number {
  const pages = savedFileFacts(block).pages ?? Math.max(1, Math.round(attachmentBytes(block) / PDF_BYTES_PER_PAGE));
  return pages * PDF_PAGE_TOKENS;
}
