// The context threshold as a percentage; applied when the value is valid and the field is left. A value
// out of range is not taken: the field shows the saved value again and says why.
import { useId, useState } from 'react';
import { useResetState } from '../../hooks/useResetState';
import { uiTexts } from '../../texts';

const MIN = 10;
const MAX = 100;

export function ThresholdField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const errorId = useId();
  const saved = Math.round(value * 100);
  const [text, setText] = useResetState(String(saved), value);
  const [refused, setRefused] = useState<string | null>(null);
  const apply = () => {
    const percent = Number(text);
    const valid = text.trim() !== '' && Number.isFinite(percent) && percent >= MIN && percent <= MAX;
    setRefused(valid ? null : text);
    if (valid) onChange(percent / 100);
    else setText(String(saved));
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Invite a handoff above this share of the context window (%)
      </label>
      <input
        id={id}
        type="number"
        min={MIN}
        max={MAX}
        step={5}
        value={text}
        aria-describedby={refused !== null ? errorId : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
      {/* Always there, so the reason is announced when it appears. */}
      <p id={errorId} className="field-error" aria-live="polite">
        {refused !== null && uiTexts.thresholdRefused(refused, MIN, MAX, saved)}
      </p>
    </div>
  );
}
