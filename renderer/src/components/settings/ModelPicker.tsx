// The toolbar's model picker, bound to the `model` setting.
import { useBaton } from '../../store/StoreProvider';
import { ModelSelect } from './ModelSelect';

export function ModelPicker() {
  const model = useBaton((s) => s.settings?.model);
  const updateSettings = useBaton((s) => s.updateSettings);
  return <ModelSelect label="Model" hideLabel value={model ?? ''} disabled={!model} onChange={(m) => void updateSettings({ model: m })} />;
}
