// The toolbar's model picker, bound to the `model` setting.
import { useBaton } from '../../store/StoreProvider';
import { ModelSelect } from './ModelSelect';
import { useT } from '../../hooks/useLanguage';

export function ModelPicker() {
  const model = useBaton((s) => s.settings?.model);
  const updateSettings = useBaton((s) => s.updateSettings);
  const t = useT();
  return <ModelSelect label={t('settings.model')} hideLabel value={model ?? ''} disabled={!model} onChange={(m) => void updateSettings({ model: m })} />;
}
