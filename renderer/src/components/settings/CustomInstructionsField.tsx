// Settings → Custom instructions (SPEC §5): text added to the system prompt of every request. Saved when
// the field is left, not on every key.
import { useEffect, useId, useState } from 'react';
import { INSTRUCTIONS_MAX } from '../../../../shared/session';
import { uiTexts } from '../../texts';

export function CustomInstructionsField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Custom instructions
      </label>
      <textarea
        id={id}
        className="instructions-input"
        rows={4}
        maxLength={INSTRUCTIONS_MAX}
        value={text}
        aria-describedby={hintId}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text !== value) onChange(text);
        }}
      />
      <p id={hintId} className="field-hint">
        {uiTexts.customInstructionsHint}
      </p>
    </div>
  );
}
