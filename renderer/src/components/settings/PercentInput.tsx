// A share of the context window, typed as a percentage: applied when it is valid and the field is left
// (or on Enter); anything else goes back to the value it had, and the field says what was refused and
// why (PercentRefusal), so nothing reverts silently.
import { useId, useState } from 'react';
import { useT } from '../../hooks/useLanguage';
import { useResetState } from '../../hooks/useResetState';
import { uiTexts, type PercentSetting } from '../../texts';

export const PERCENT_MIN = 10;
export const PERCENT_MAX = 100;

interface Props {
  id?: string;
  'aria-label'?: string;
  /** A fraction of the window (0.7 is 70 %). */
  value: number;
  onChange: (value: number) => void;
  /** The field's refusal state, from usePercentRefusal. */
  refusal: PercentRefusal;
}

export interface PercentRefusal {
  /** The text typed when it was out of range; null once a valid value is applied. */
  typed: string | null;
  setTyped: (typed: string | null) => void;
  /** The range hint's id and, while a value is refused, the message's. */
  describedBy: string;
  rangeId: string;
  errorId: string;
}

export function usePercentRefusal(): PercentRefusal {
  const rangeId = useId();
  const errorId = useId();
  const [typed, setTyped] = useState<string | null>(null);
  return { typed, setTyped, rangeId, errorId, describedBy: typed === null ? rangeId : `${errorId} ${rangeId}` };
}

export function PercentInput({ value, onChange, refusal, ...labelling }: Props) {
  const [text, setText] = useResetState(String(Math.round(value * 100)), value);
  const apply = () => {
    const percent = Number(text);
    const valid = text.trim() !== '' && Number.isFinite(percent) && percent >= PERCENT_MIN && percent <= PERCENT_MAX;
    refusal.setTyped(valid ? null : text);
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
      aria-invalid={refusal.typed !== null || undefined}
      aria-describedby={refusal.describedBy}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
    />
  );
}

/** The range, and what was refused: always in the page, so the reason is announced when it appears. */
export function PercentHelp({ refusal, setting, value }: { refusal: PercentRefusal; setting: PercentSetting; value: number }) {
  useT();
  return (
    <>
      <p id={refusal.errorId} className="field-error" aria-live="polite">
        {refusal.typed !== null && uiTexts.percentRefused(refusal.typed, PERCENT_MIN, PERCENT_MAX, setting, Math.round(value * 100))}
      </p>
      <p id={refusal.rangeId} className="field-hint">
        {uiTexts.percentRange(PERCENT_MIN, PERCENT_MAX)}
      </p>
    </>
  );
}
