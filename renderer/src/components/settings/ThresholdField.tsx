// The context threshold as a percentage; applied when the value is valid and the field is left. A value
// out of range is not taken: the field shows the saved value again and says why.
import { useId, useState } from 'react';
import { uiTexts } from '../../texts';
import { PERCENT_MAX, PERCENT_MIN, PercentInput } from './PercentInput';

export function ThresholdField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const errorId = useId();
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Invite a handoff above this share of the context window (%)
      </label>
      <PercentInput id={id} value={value} onChange={onChange} onRefused={setRefused} aria-describedby={refused !== null ? errorId : undefined} />
      {/* Always there, so the reason is announced when it appears. */}
      <p id={errorId} className="field-error" aria-live="polite">
        {refused !== null && uiTexts.thresholdRefused(refused, PERCENT_MIN, PERCENT_MAX, Math.round(value * 100))}
      </p>
    </div>
  );
}
