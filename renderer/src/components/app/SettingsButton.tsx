import { useBaton } from '../../store/StoreProvider';

export function SettingsButton() {
  const openSettings = useBaton((s) => s.openSettings);
  return <button type="button" className="icon-button tool icon-settings" aria-label="Settings" title="Settings" onClick={() => openSettings()} />;
}
