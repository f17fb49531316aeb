// The dialog's first step: an optional focus, then the choice to hand off at once or to read the
// document first. The choice made last is the default (the submit button), so Enter repeats it. It
// says how many pinned messages the document will carry word for word (SPEC §4.3).
import { useId } from 'react';
import { pinnedShown } from '../../store/selectors';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { useT } from '../../hooks/useLanguage';

export function HandoffForm() {
  const focus = useBaton((s) => s.handoff.focus);
  const reviewFirst = useBaton((s) => s.settings?.reviewFirst ?? false);
  const setFocus = useBaton((s) => s.setHandoffFocus);
  const generate = useBaton((s) => s.generateHandoff);
  const close = useBaton((s) => s.closeHandoff);
  const pinned = useBaton(pinnedShown);
  const focusId = useId();
  const hintId = useId();
  const t = useT();
  const choice = (review: boolean) => ({
    type: review === reviewFirst ? ('submit' as const) : ('button' as const),
    className: review === reviewFirst ? 'primary' : undefined,
    onClick: review === reviewFirst ? undefined : () => void generate(review),
  });
  return (
    <form
      className="handoff-form"
      onSubmit={(e) => {
        e.preventDefault();
        void generate(reviewFirst);
      }}
    >
      <p className="dialog-text">
        {t('handoff.formIntro')}
      </p>
      {pinned > 0 && <p className="dialog-text handoff-pinned">{uiTexts.pinnedCount(pinned)}</p>}
      <label htmlFor={focusId} className="field-label">
        {t('handoff.focus')}
      </label>
      <textarea
        id={focusId}
        autoFocus
        rows={3}
        value={focus}
        placeholder={t('handoff.focusPlaceholder')}
        aria-describedby={hintId}
        onChange={(e) => setFocus(e.target.value)}
        onKeyDown={(e) => {
          // Enter is the default button, as in the composer; Shift+Enter starts a new line.
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <p id={hintId} className="field-hint">
        {t('handoff.enterHint', { action: reviewFirst ? t('handoff.generateAndReview') : t('handoff.generate') })}
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={close}>
          {t('handoff.close')}
        </button>
        <button {...choice(true)} title={t('handoff.generateAndReviewHint')}>
          {t('handoff.generateAndReview')}
        </button>
        <button {...choice(false)} title={t('handoff.generateHint')}>
          {t('handoff.generate')}
        </button>
      </div>
    </form>
  );
}
