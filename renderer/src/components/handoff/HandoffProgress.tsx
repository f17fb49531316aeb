// While generating: the document as it is written, rendered as it will read, Cancel (Escape works too)
// and Continue in background (the handoff goes on in its session; the sidebar shows it Generating).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useT } from '../../hooks/useLanguage';
import { useBaton } from '../../store/StoreProvider';
import { Markdown } from '../chat/Markdown';

export function HandoffProgress() {
  const preview = useBaton((s) => s.handoff.preview);
  const focus = useBaton((s) => s.handoff.focus.trim());
  const cancelling = useBaton((s) => s.handoff.cancelling);
  const cancel = useBaton((s) => s.cancelHandoff);
  const continueInBackground = useBaton((s) => s.continueHandoffInBackground);
  const previewRef = useRef<HTMLDivElement>(null);
  const t = useT();
  /** Follows the text as it is written, unless the user scrolled up to read. */
  const following = useRef(true);
  // Focus starts on the preview, not on Cancel: the Enter that sent "/handoff …" must not land on Cancel.
  useEffect(() => previewRef.current?.focus(), []);
  useLayoutEffect(() => {
    const el = previewRef.current;
    if (el && following.current) el.scrollTop = el.scrollHeight;
  }, [preview]);
  const onScroll = () => {
    const el = previewRef.current;
    if (el) following.current = el.scrollHeight - el.scrollTop - el.clientHeight < 32;
  };
  return (
    <>
      <p className="dialog-text">
        {cancelling ? t('handoff.cancelling') : t('handoff.writing')}
        {focus && <span className="handoff-focus">{t('handoff.focusShown', { focus })}</span>}
      </p>
      <div ref={previewRef} className="handoff-preview" role="region" aria-label={t('handoff.preview')} aria-busy="true" tabIndex={0} onScroll={onScroll}>
        {preview ? <Markdown text={withoutOpenHeading(preview)} streaming /> : <span className="muted">{t('handoff.waiting')}</span>}
      </div>
      <div className="dialog-actions">
        <button type="button" disabled={cancelling} onClick={() => void cancel()}>
          {t('handoff.cancel')}
        </button>
        <button type="button" disabled={cancelling} onClick={continueInBackground}>
          {t('handoff.continueInBackground')}
        </button>
      </div>
    </>
  );
}

/** A heading's "#" marks without its words yet would show as an empty heading for a moment: wait for them. */
function withoutOpenHeading(text: string): string {
  return text.replace(/(^|\n)#{1,6}[ \t]*$/, '$1');
}
