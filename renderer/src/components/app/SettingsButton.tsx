import { useBaton } from '../../store/StoreProvider';
import { useT } from '../../hooks/useLanguage';

export function SettingsButton() {
  const openSettings = useBaton((s) => s.openSettings);
  const t = useT();
  return <button type="button" className="icon-button tool icon-settings" aria-label={t('app.settings')} title={t('app.settings')} onClick={() => openSettings()} />;
}
