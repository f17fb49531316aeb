import { useT } from '../../hooks/useLanguage';
import { useBaton } from '../../store/StoreProvider';
import { uiTexts } from '../../texts';
import { ApiKeyForm } from './ApiKeyForm';
import { AppearanceFields } from './AppearanceFields';
import { AutoHandoffField } from './AutoHandoffField';
import { CustomInstructionsField } from './CustomInstructionsField';
import { HandoffInstructionsField } from './HandoffInstructionsField';
import { LogsPath, useLogsFolder } from './LogsFolder';
import { Modal } from '../common/Modal';
import { ModelSelect } from './ModelSelect';
import { PrepareHandoffField } from './PrepareHandoffField';
import { ThinkingField } from './ThinkingField';
import { ThresholdField } from './ThresholdField';
import { ToolsSection } from './ToolsSection';

export function SettingsDialog() {
  const open = useBaton((s) => s.ui.settingsOpen);
  const focusApiKey = useBaton((s) => s.ui.settingsFocusApiKey);
  const info = useBaton((s) => s.info);
  const settings = useBaton((s) => s.settings);
  const updateSettings = useBaton((s) => s.updateSettings);
  const close = useBaton((s) => s.closeSettings);
  const logs = useLogsFolder();
  const t = useT();
  if (!open) return null;
  return (
    <Modal title={t('app.settings')} className="settings-dialog">
      <p className="dialog-text">{t(`settings.keySource.${info?.apiKeySource ?? 'none'}`)}</p>
      {info?.apiKeySource === 'basic_text' && <p className="warning-text">{uiTexts.keyringUnavailable}</p>}
      <ApiKeyForm label={info?.hasApiKey ? t('settings.replaceApiKey') : t('settings.apiKey')} autoFocus={focusApiKey} />
      {settings && (
        <>
          <AppearanceFields settings={settings} onChange={(patch) => void updateSettings(patch)} />
          <ModelSelect label={t('settings.model')} value={settings.model} onChange={(model) => void updateSettings({ model })} />
          <ModelSelect
            label={t('settings.handoffModel')}
            value={settings.handoffModel}
            emptyLabel={t('settings.sameAsChatModel')}
            onChange={(handoffModel) => void updateSettings({ handoffModel })}
          />
          <ThinkingField value={settings.thinking} onChange={(thinking) => void updateSettings({ thinking })} />
          <CustomInstructionsField value={settings.customInstructions} onChange={(customInstructions) => void updateSettings({ customInstructions })} />
          <ThresholdField value={settings.contextThreshold} onChange={(contextThreshold) => void updateSettings({ contextThreshold })} />
          <AutoHandoffField
            enabled={settings.autoHandoff}
            at={settings.autoHandoffAt}
            reviewFirst={settings.reviewFirst}
            onChange={(patch) => void updateSettings(patch)}
          />
          <PrepareHandoffField
            enabled={settings.prepareHandoff}
            threshold={settings.contextThreshold}
            onChange={(prepareHandoff) => void updateSettings({ prepareHandoff })}
          />
          <label className="checkbox">
            <input type="checkbox" checked={settings.autoTitle} onChange={(e) => void updateSettings({ autoTitle: e.target.checked })} />
            {t('settings.autoTitle')}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={settings.reviewFirst} onChange={(e) => void updateSettings({ reviewFirst: e.target.checked })} />
            {t('settings.reviewFirst')}
          </label>
          <HandoffInstructionsField value={settings.handoffInstructions} onChange={(handoffInstructions) => void updateSettings({ handoffInstructions })} />
          <ToolsSection settings={settings} onChange={(patch) => void updateSettings(patch)} />
        </>
      )}
      <LogsPath path={logs.shownPath} />
      <div className="dialog-actions">
        <button type="button" className="dialog-actions-start" onClick={() => void logs.open()}>
          {t('menu.openLogs')}
        </button>
        <button type="button" onClick={close}>
          {t('settings.close')}
        </button>
      </div>
    </Modal>
  );
}
