import { useId } from 'react';
import { useBaton } from '../../store/StoreProvider';
import { modelOptions } from './models';

interface Props {
  label: string;
  value: string;
  /** When given, an empty value is offered with this label. */
  emptyLabel?: string;
  /** The toolbar has no room for a visible label; the name stays. */
  hideLabel?: boolean;
  disabled?: boolean;
  onChange: (value: string) => void;
}

export function ModelSelect({ label, value, emptyLabel, hideLabel = false, disabled = false, onChange }: Props) {
  const id = useId();
  const models = useBaton((s) => s.models);
  return (
    <div className={hideLabel ? 'model-picker' : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {modelOptions(models, value || undefined).map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
    </div>
  );
}
