// Review first: the document is editable; Start new session continues with the edited text. An edited
// document is never thrown away unasked: Discard (and Escape) ask first. Around the document: the
// structure check as the user types, the carry-over check's items to keep or leave out, and in a chain
// what changed since the previous document (SPEC §4.2, §4.3).
import { useEffect, useId, useMemo, useRef } from 'react';
import { findMissingSections } from '../../../../shared/handoffSections';
import type { CarryOverItem } from '../../../../shared/session';
import { handoffInstructionsOf } from '../../../../shared/settings';
import { texts } from '../../../../shared/texts';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

export function HandoffReview() {
  const document = useBaton((s) => s.handoff.document);
  const trimmed = useBaton((s) => s.handoff.trimmedMessages);
  const cutOff = useBaton((s) => s.handoff.cutOff);
  const committing = useBaton((s) => s.handoff.phase === 'committing');
  const confirming = useBaton((s) => s.handoff.confirmingDiscard);
  const setDocument = useBaton((s) => s.setHandoffDocument);
  const commit = useBaton((s) => s.commitHandoff);
  const discard = useBaton((s) => s.discardHandoff);
  const documentRef = useRef<HTMLTextAreaElement>(null);
  const t = useT();
  const asked = useRef(false);
  const documentId = useId();
  const cutOffId = useId();
  // Back from the question, the user is where they were: in the document.
  useEffect(() => {
    if (asked.current && !confirming) documentRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const locked = committing || confirming;
  return (
    <>
      {cutOff && (
        <p id={cutOffId} className="review-warning">
          {uiTexts.reviewCutOff}
        </p>
      )}
      <MissingSections document={document} />
      {trimmed > 0 && <p className="dialog-text">{uiTexts.trimmed(trimmed)}</p>}
      <label htmlFor={documentId} className="field-label">
        {t('handoff.document')}
      </label>
      <textarea
        ref={documentRef}
        id={documentId}
        className="handoff-document"
        autoFocus
        rows={16}
        value={document}
        aria-describedby={cutOff ? cutOffId : undefined}
        readOnly={locked}
        onChange={(e) => setDocument(e.target.value)}
      />
      <CarryOverCheck disabled={locked} />
      <ChainChanges />
      {confirming ? (
        <DiscardQuestion />
      ) : (
        <div className="dialog-actions">
          <button type="button" disabled={committing} onClick={() => void discard()}>
            {t('handoff.discard')}
          </button>
          <button type="button" className="primary" aria-busy={committing} disabled={committing || !document.trim()} onClick={() => void commit()}>
            {t('handoff.startNewSession')}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * The structure check of the document as it reads now, with the sections set in Settings → Handoff
 * instructions: an edit that adds or drops a section changes the warning at once. Polite and always
 * there, so a screen reader hears the change, and only when the list changes.
 */
function MissingSections({ document }: { document: string }) {
  const instructions = useBaton((s) => s.settings?.handoffInstructions ?? null);
  const missing = useMemo(
    () => findMissingSections(document, handoffInstructionsOf({ handoffInstructions: instructions }).sections),
    [document, instructions],
  );
  return (
    <div aria-live="polite" className="review-sections">
      {missing.length > 0 && <p className="warning-text">{uiTexts.missingSections(missing)}</p>}
    </div>
  );
}

/** "Not in the document": each item the document lacks, ticked; an unticked one is left out on commit. */
function CarryOverCheck({ disabled }: { disabled: boolean }) {
  const carryOver = useBaton((s) => s.handoff.carryOver);
  const keep = useBaton((s) => s.handoff.keep);
  const setKept = useBaton((s) => s.setCarryOverKept);
  const hintId = useId();
  const missing = (carryOver ?? []).filter((item) => !item.inDocument);
  if (missing.length === 0) return null;
  return (
    <fieldset className="carry-over" aria-describedby={hintId} disabled={disabled}>
      <legend className="field-label">{texts.notInDocument}</legend>
      <p id={hintId} className="field-hint">
        {uiTexts.carryOverHint}
      </p>
      <ul className="carry-over-items">
        {missing.map((item) => (
          <li key={item.id}>
            <label className="carry-over-item">
              <input type="checkbox" checked={keep.includes(item.id)} onChange={(e) => setKept(item.id, e.target.checked)} />
              <CarryOverLabel item={item} />
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function CarryOverLabel({ item }: { item: CarryOverItem }) {
  if (item.kind === 'identifier') return <code className="carry-over-text">{item.text}</code>;
  return (
    <span className="carry-over-text">
      <span className="carry-over-kind">{uiTexts.carryOverKind[item.kind]}:</span> {item.text}
    </span>
  );
}

/**
 * A chain: the lines added and removed since the previous document, collapsed to their counts. Each
 * line says in words whether it was added or removed; the sign and the colour only repeat it.
 */
function ChainChanges() {
  const changes = useBaton((s) => s.handoff.changes);
  if (!changes || (changes.added.length === 0 && changes.removed.length === 0)) return null;
  const lines = [
    ...changes.added.map((text) => ({ text, added: true })),
    ...changes.removed.map((text) => ({ text, added: false })),
  ];
  return (
    <details className="handoff-changes">
      <summary>{uiTexts.changesSince(changes.added.length, changes.removed.length)}</summary>
      {/* Focusable because it scrolls: keyboard users must be able to read all of it. */}
      <ul className="handoff-changes-lines" tabIndex={0}>
        {lines.map((line, i) => (
          <li key={i} className={line.added ? 'change-added' : 'change-removed'}>
            <span className="change-sign" aria-hidden="true">
              {line.added ? '+' : '−'}
            </span>
            <span className="visually-hidden">{line.added ? uiTexts.changeAdded : uiTexts.changeRemoved} </span>
            {line.text}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Asked in the dialog itself, never with window.confirm: keeping the edits is the default. */
function DiscardQuestion() {
  const keepEditing = useBaton((s) => s.keepEditingHandoff);
  const confirm = useBaton((s) => s.confirmDiscardHandoff);
  const questionId = useId();
  const detailId = useId();
  const t = useT();
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
          {t('handoff.keepEditing')}
        </button>
        <button type="button" className="danger" onClick={() => void confirm()}>
          {t('handoff.discardEdits')}
        </button>
      </div>
    </div>
  );
}
