import { useId } from 'react';
import { useBaton } from '../../store/StoreProvider';

export function HandoffForm() {
  const focus = useBaton((s) => s.handoff.focus);
  const reviewFirst = useBaton((s) => s.settings?.reviewFirst);
  const setFocus = useBaton((s) => s.setHandoffFocus);
  const updateSettings = useBaton((s) => s.updateSettings);
  const generate = useBaton((s) => s.generateHandoff);
  const close = useBaton((s) => s.closeHandoff);
  const focusId = useId();
  return (
    <>
      <p className="dialog-text">
        Claude writes a handoff document about this session, and a fresh session continues from it.
      </p>
      <label htmlFor={focusId} className="field-label">
        Focus (optional)
      </label>
      <textarea
        id={focusId}
        autoFocus
        rows={3}
        value={focus}
        placeholder="What should the next session concentrate on?"
        onChange={(e) => setFocus(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void generate();
          }
        }}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={reviewFirst ?? false}
          disabled={reviewFirst === undefined}
          onChange={(e) => void updateSettings({ reviewFirst: e.target.checked })}
        />
        Review before starting
      </label>
      <div className="dialog-actions">
        <button type="button" onClick={close}>
          Close
        </button>
        <button type="button" className="primary" onClick={() => void generate()}>
          Generate handoff
        </button>
      </div>
    </>
  );
}
