// A share of the context window, typed as a percentage: applied when it is valid and the field is left
// (or on Enter); anything else goes back to the value it had, and the owner is told what was refused.
import { useResetState } from '../../hooks/useResetState';

export const PERCENT_MIN = 10;
export const PERCENT_MAX = 100;

interface Props {
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  /** A fraction of the window (0.7 is 70 %). */
  value: number;
  onChange: (value: number) => void;
  /** The text typed when it was out of range (null once a valid value is applied). */
  onRefused?: (typed: string | null) => void;
}

export function PercentInput({ value, onChange, onRefused, ...labelling }: Props) {
  const [text, setText] = useResetState(String(Math.round(value * 100)), value);
  const apply = () => {
    const percent = Number(text);
    const valid = text.trim() !== '' && Number.isFinite(percent) && percent >= PERCENT_MIN && percent <= PERCENT_MAX;
    onRefused?.(valid ? null : text);
    if (valid) onChange(percent / 100);
    else setText(String(Math.round(value * 100)));
  };
  return (
    <input
      {...labelling}
      type="number"
      min={PERCENT_MIN}
      max={PERCENT_MAX}
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
