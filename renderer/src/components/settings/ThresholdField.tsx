// The context threshold as a percentage; applied when the value is valid and the field is left.
import { useId } from 'react';
import { PercentInput } from './PercentInput';

export function ThresholdField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Invite a handoff above this share of the context window (%)
      </label>
      <PercentInput id={id} value={value} onChange={onChange} />
    </div>
  );
}
