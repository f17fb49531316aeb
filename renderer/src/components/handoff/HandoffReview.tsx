// Review first: the document is editable; Start new session continues with the edited text. An edited
// document is never thrown away unasked: Discard (and Escape) ask first.
import { useEffect, useId, useRef } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';

export function HandoffReview() {
  const document = useBaton((s) => s.handoff.document);
  const missing = useBaton((s) => s.handoff.missingSections);
  const trimmed = useBaton((s) => s.handoff.trimmedMessages);
  const cutOff = useBaton((s) => s.handoff.cutOff);
  const committing = useBaton((s) => s.handoff.phase === 'committing');
  const confirming = useBaton((s) => s.handoff.confirmingDiscard);
  const setDocument = useBaton((s) => s.setHandoffDocument);
  const commit = useBaton((s) => s.commitHandoff);
  const discard = useBaton((s) => s.discardHandoff);
  const documentRef = useRef<HTMLTextAreaElement>(null);
  const asked = useRef(false);
  const documentId = useId();
  const cutOffId = useId();
  // Back from the question, the user is where they were: in the document.
  useEffect(() => {
    if (asked.current && !confirming) documentRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
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
        ref={documentRef}
        id={documentId}
        className="handoff-document"
        autoFocus
        rows={16}
        value={document}
        aria-describedby={cutOff ? cutOffId : undefined}
        readOnly={committing || confirming}
        onChange={(e) => setDocument(e.target.value)}
      />
      {confirming ? (
        <DiscardQuestion />
      ) : (
        <div className="dialog-actions">
          <button type="button" disabled={committing} onClick={() => void discard()}>
            Discard
          </button>
          <button type="button" className="primary" aria-busy={committing} disabled={committing || !document.trim()} onClick={() => void commit()}>
            Start new session
          </button>
        </div>
      )}
    </>
  );
}

/** Asked in the dialog itself, never with window.confirm: keeping the edits is the default. */
function DiscardQuestion() {
  const keepEditing = useBaton((s) => s.keepEditingHandoff);
  const confirm = useBaton((s) => s.confirmDiscardHandoff);
  const questionId = useId();
  const detailId = useId();
  return (
    <div className="discard-question" role="alertdialog" aria-labelledby={questionId} aria-describedby={detailId}>
      <p id={questionId} className="discard-question-title">
        {uiTexts.discardEditedTitle}
      </p>
      <p id={detailId} className="dialog-text">
        {uiTexts.discardEditedDetail}
      </p>
      <div className="dialog-actions">
        <button type="button" autoFocus onClick={keepEditing}>
          Keep editing
        </button>
        <button type="button" className="danger" onClick={() => void confirm()}>
          Discard edits
        </button>
      </div>
    </div>
  );
}
