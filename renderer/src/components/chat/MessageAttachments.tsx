// The files a message carried: images as thumbnails from the message's own base64 (so a reopened
// session shows them), PDFs and text files as a chip with kind, name and size. A thumbnail opens the
// picture large in a dialog (a native modal one: Escape and a click beside the picture close it).
import { useRef } from 'react';
import { attachmentBytes, formatSize } from '../../../../shared/attachments';
import type { AttachmentBlock } from '../../../../shared/session';
import { useT } from '../../hooks/useLanguage';

export function MessageAttachments({ blocks }: { blocks: readonly AttachmentBlock[] }) {
  const t = useT();
  return (
    <ul className="message-attachments" aria-label={t('chat.attachedFiles')}>
      {blocks.map((block, i) =>
        block.type === 'image' ? (
          <li key={i} className="message-image">
            <ImageThumbnail src={`data:${block.source.media_type};base64,${block.source.data}`} name={block.name} />
          </li>
        ) : (
          <li key={i} className="attachment-chip">
            <span className="attachment-kind" aria-hidden="true">
              {block.source.type === 'text' ? t('composer.kindText') : t('composer.kindPdf')}
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

function ImageThumbnail({ src, name }: { src: string; name: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
  return (
    <>
      <button type="button" className="image-open" aria-label={t('chat.openImage', { name })} title={name} onClick={() => dialog.current?.showModal()}>
        <img src={src} alt={name} />
      </button>
      <dialog
        ref={dialog}
        className="image-viewer"
        aria-label={name}
        // Escape closes this dialog only: it must not also stop a reply (the window's shortcut).
        onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
        onClick={(event) => event.target === event.currentTarget && dialog.current?.close()}
      >
        <img src={src} alt={name} />
        <button type="button" className="image-viewer-close" onClick={() => dialog.current?.close()}>
          {t('chat.close')}
        </button>
      </dialog>
    </>
  );
}
