// Review first: the document is editable; Start new session continues with the edited text.
import { useId } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';

export function HandoffReview() {
  const document = useBaton((s) => s.handoff.document);
  const missing = useBaton((s) => s.handoff.missingSections);
  const trimmed = useBaton((s) => s.handoff.trimmedMessages);
  const cutOff = useBaton((s) => s.handoff.cutOff);
  const committing = useBaton((s) => s.handoff.phase === 'committing');
  const setDocument = useBaton((s) => s.setHandoffDocument);
  const commit = useBaton((s) => s.commitHandoff);
  const discard = useBaton((s) => s.discardHandoff);
  const documentId = useId();
  const cutOffId = useId();
  return (
    <>
      {cutOff && (
        <p id={cutOffId} className="review-warning">
          {uiTexts.reviewCutOff}
        </p>
      )}
      {missing.length > 0 && <p className="warning-text">{uiTexts.missingSections(missing)}</p>}
      {trimmed > 0 && <p className="dialog-text">{uiTexts.trimmed(trimmed)}</p>}
      <label htmlFor={documentId} className="field-label">
        Handoff document
      </label>
      <textarea
        id={documentId}
        className="handoff-document"
        autoFocus
        rows={16}
        value={document}
        aria-describedby={cutOff ? cutOffId : undefined}
        readOnly={committing}
        onChange={(e) => setDocument(e.target.value)}
      />
      <div className="dialog-actions">
        <button type="button" disabled={committing} onClick={() => void discard()}>
          Discard
        </button>
        <button type="button" className="primary" aria-busy={committing} disabled={committing || !document.trim()} onClick={() => void commit()}>
          Start new session
        </button>
      </div>
    </>
  );
}
