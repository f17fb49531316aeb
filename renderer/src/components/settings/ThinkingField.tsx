// The Thinking setting (SPEC §3): off, adaptive, or a token budget. A budget is applied when the field
// is left or Enter is pressed, and only when the API would take it; otherwise the field says why.
import { useId, useState } from 'react';
import { THINKING_BUDGET, type ThinkingSetting } from '../../../../shared/settings';
import { useT } from '../../hooks/useLanguage';
import { useResetState } from '../../hooks/useResetState';
import { DEFAULT_THINKING_BUDGET, parseThinkingBudget, thinkingBudgetError, thinkingBudgetRange } from '../../lib/thinkingBudget';

type Mode = 'off' | 'adaptive' | 'budget';

export function ThinkingField({ value, onChange }: { value: ThinkingSetting; onChange: (value: ThinkingSetting) => void }) {
  const modeId = useId();
  const budgetId = useId();
  const errorId = useId();
  const hintId = useId();
  const rangeId = useId();
  const t = useT();
  const mode: Mode = typeof value === 'number' ? 'budget' : value;
  const [text, setText] = useResetState(String(typeof value === 'number' ? value : DEFAULT_THINKING_BUDGET), value);
  const [invalid, setInvalid] = useState(false);

  const chooseMode = (next: Mode) => {
    if (next !== 'budget') return onChange(next);
    setInvalid(false);
    onChange(parseThinkingBudget(text) ?? DEFAULT_THINKING_BUDGET);
  };
  const applyBudget = () => {
    const budget = parseThinkingBudget(text);
    setInvalid(budget === null);
    if (budget !== null && budget !== value) onChange(budget);
  };

  return (
    <div className="field">
      <label htmlFor={modeId} className="field-label">
        {t('settings.thinking')}
      </label>
      <select id={modeId} value={mode} aria-describedby={hintId} onChange={(e) => chooseMode(e.target.value as Mode)}>
        <option value="adaptive">{t('settings.thinkingModes.adaptive')}</option>
        <option value="off">{t('settings.thinkingModes.off')}</option>
        <option value="budget">{t('settings.thinkingModes.budget')}</option>
      </select>
      <p id={hintId} className="field-hint">
        {t(`settings.thinkingHints.${mode}`)}
      </p>
      {mode === 'budget' && (
        <>
          <label htmlFor={budgetId} className="field-label">
            {t('settings.thinkingBudget')}
          </label>
          <input
            id={budgetId}
            type="number"
            inputMode="numeric"
            min={THINKING_BUDGET.min}
            max={THINKING_BUDGET.max}
            step={1024}
            value={text}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${errorId} ${rangeId}` : rangeId}
            onChange={(e) => {
              setText(e.target.value);
              // Fixed while typing: the complaint goes at once; a new one waits for the field to be left.
              if (invalid && parseThinkingBudget(e.target.value) !== null) setInvalid(false);
            }}
            onBlur={applyBudget}
            onKeyDown={(e) => {
              if (e.key === 'Enter') applyBudget();
            }}
          />
          {invalid && (
            <p id={errorId} className="field-error">
              {thinkingBudgetError()}
            </p>
          )}
          <p id={rangeId} className="field-hint">
            {thinkingBudgetRange()}
          </p>
        </>
      )}
    </div>
  );
}
