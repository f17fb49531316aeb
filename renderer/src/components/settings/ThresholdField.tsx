// The context threshold as a percentage; applied when the value is valid and the field is left. A value
// out of range is not taken: the field shows the saved value again and says why.
import { useId } from 'react';
import { useT } from '../../hooks/useLanguage';
import { PercentHelp, PercentInput, usePercentRefusal } from './PercentInput';

export function ThresholdField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  const refusal = usePercentRefusal();
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t('settings.threshold')}
      </label>
      <PercentInput id={id} value={value} onChange={onChange} refusal={refusal} />
      <PercentHelp refusal={refusal} setting="threshold" value={value} />
    </div>
  );
}
