// The context threshold as a percentage; applied when the value is valid and the field is left.
import { useId } from 'react';
import { useResetState } from '../../hooks/useResetState';

export function ThresholdField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const [text, setText] = useResetState(String(Math.round(value * 100)), value);
  const apply = () => {
    const percent = Number(text);
    if (Number.isFinite(percent) && percent >= 10 && percent <= 100) onChange(percent / 100);
    else setText(String(Math.round(value * 100)));
  };
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Invite a handoff above this share of the context window (%)
      </label>
      <input
        id={id}
        type="number"
        min={10}
        max={100}
        step={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
      />
    </div>
  );
}
