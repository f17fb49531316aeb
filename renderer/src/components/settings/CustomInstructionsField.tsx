// Settings → Custom instructions (SPEC §5): text added to the system prompt of every request. Saved when
// the field is left, not on every key.
import { useId, useState } from 'react';
import { INSTRUCTIONS_MAX } from '../../../../shared/session';
import { useT } from '../../hooks/useLanguage';

export function CustomInstructionsField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const hintId = useId();
  const t = useT();
  /** What the user is typing, until the field is left; the saved value shows otherwise. */
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t('settings.customInstructions')}
      </label>
      <textarea
        id={id}
        className="instructions-input"
        rows={4}
        maxLength={INSTRUCTIONS_MAX}
        value={draft ?? value}
        aria-describedby={hintId}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (draft !== null && draft !== value) onChange(draft);
          setDraft(null);
        }}
      />
      <p id={hintId} className="field-hint">
        {t('ui.customInstructionsHint')}
      </p>
    </div>
  );
}
