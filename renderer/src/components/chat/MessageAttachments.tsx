// The files a message carried: images as thumbnails from the message's own base64 (so a reopened
// session shows them), PDFs and text files as a chip with kind, name and size.
import { attachmentBytes, formatSize } from '../../../../shared/attachments';
import type { AttachmentBlock } from '../../../../shared/session';

export function MessageAttachments({ blocks }: { blocks: readonly AttachmentBlock[] }) {
  return (
    <ul className="message-attachments" aria-label="Attached files">
      {blocks.map((block, i) =>
        block.type === 'image' ? (
          <li key={i} className="message-image">
            <img src={`data:${block.source.media_type};base64,${block.source.data}`} alt={block.name} title={block.name} />
          </li>
        ) : (
          <li key={i} className="attachment-chip">
            <span className="attachment-kind" aria-hidden="true">
              {block.source.type === 'text' ? 'TXT' : 'PDF'}
            </span>
            <span className="attachment-name" title={block.name}>
              {block.name}
            </span>
            <span className="attachment-size">{formatSize(attachmentBytes(block))}</span>
          </li>
        ),
      )}
    </ul>
  );
}
