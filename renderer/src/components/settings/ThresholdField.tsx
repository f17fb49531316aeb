// The context threshold as a percentage; applied when the value is valid and the field is left. A value
// out of range is not taken: the field shows the saved value again and says why.
import { useId } from 'react';
import { PercentHelp, PercentInput, usePercentRefusal } from './PercentInput';

export function ThresholdField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const refusal = usePercentRefusal();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Invite a handoff above this share of the context window (%)
      </label>
      <PercentInput id={id} value={value} onChange={onChange} refusal={refusal} />
      <PercentHelp refusal={refusal} setting="the threshold" value={value} />
    </div>
  );
}
