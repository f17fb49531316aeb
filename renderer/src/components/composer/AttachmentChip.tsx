// One file attached to the message being written: a thumbnail (or the file's kind), its name and size,
// and the button that takes it off again.
import { formatSize } from '../../../../shared/attachments';
import type { ComposerFile } from '../../store/composerSlice';
import { uiTexts } from '../../texts';

export function AttachmentChip({ file, onRemove }: { file: ComposerFile; onRemove: () => void }) {
  const uploading = file.id === undefined;
  return (
    <li className={uploading ? 'attachment-chip uploading' : 'attachment-chip'}>
      {file.previewUrl ? (
        <img className="attachment-thumb" src={file.previewUrl} alt="" />
      ) : (
        <span className="attachment-kind" aria-hidden="true">
          {kindLabel(file)}
        </span>
      )}
      <span className="attachment-name" title={file.name}>
        {file.name}
      </span>
      <span className="attachment-size">{uploading ? uiTexts.uploading : formatSize(file.size)}</span>
      <button type="button" className="icon-button dismiss" aria-label={`Remove ${file.name}`} title="Remove" onClick={onRemove} />
    </li>
  );
}

function kindLabel(file: ComposerFile): string {
  if (file.mediaType === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'PDF';
  if (file.mediaType === 'text/plain') return 'TXT';
  return 'FILE';
}
