// A share of the context window, typed as a percentage: applied when it is valid and the field is left
// (or on Enter); anything else goes back to the value it had.
import { useResetState } from '../../hooks/useResetState';

interface Props {
  id?: string;
  'aria-label'?: string;
  /** A fraction of the window (0.7 is 70 %). */
  value: number;
  onChange: (value: number) => void;
}

export function PercentInput({ value, onChange, ...labelling }: Props) {
  const [text, setText] = useResetState(String(Math.round(value * 100)), value);
  const apply = () => {
    const percent = Number(text);
    if (Number.isFinite(percent) && percent >= 10 && percent <= 100) onChange(percent / 100);
    else setText(String(Math.round(value * 100)));
  };
  return (
    <input
      {...labelling}
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
  );
}
