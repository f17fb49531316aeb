// One file attached to the message being written: a thumbnail (or the file's kind), its name and size,
// and the button that takes it off again.
import { formatSize } from '../../../../shared/attachments';
import type { ComposerFile } from '../../store/composerSlice';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

export function AttachmentChip({ file, onRemove }: { file: ComposerFile; onRemove: () => void }) {
  const uploading = file.id === undefined;
  const t = useT();
  return (
    <li className={uploading ? 'attachment-chip uploading' : 'attachment-chip'}>
      {file.previewUrl ? (
        <img className="attachment-thumb" src={file.previewUrl} alt="" />
      ) : (
        <span className="attachment-kind" aria-hidden="true">
          {t(kindLabel(file))}
        </span>
      )}
      <span className="attachment-name" title={file.name}>
        {file.name}
      </span>
      <span className="attachment-size">{uploading ? uiTexts.uploading : formatSize(file.size)}</span>
      <button type="button" className="icon-button dismiss" aria-label={t('composer.removeFile', { name: file.name })} title={t('composer.remove')} onClick={onRemove} />
    </li>
  );
}

function kindLabel(file: ComposerFile) {
  if (file.mediaType === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'composer.kindPdf';
  if (file.mediaType === 'text/plain') return 'composer.kindText';
  return 'composer.kindFile';
}
