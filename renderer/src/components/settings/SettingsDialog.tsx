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

const KEY_SOURCE: Record<string, string> = {
  safeStorage: 'A key is stored, encrypted by the operating system.',
  basic_text: 'A key is stored without encryption.',
  environment: 'The key comes from the ANTHROPIC_API_KEY environment variable.',
  memory: 'The key entered here is kept until the Baton server stops. To keep it, set ANTHROPIC_API_KEY before npm run web.',
  none: 'No API key is set.',
};

export function SettingsDialog() {
  const open = useBaton((s) => s.ui.settingsOpen);
  const focusApiKey = useBaton((s) => s.ui.settingsFocusApiKey);
  const info = useBaton((s) => s.info);
  const settings = useBaton((s) => s.settings);
  const updateSettings = useBaton((s) => s.updateSettings);
  const close = useBaton((s) => s.closeSettings);
  const logs = useLogsFolder();
  if (!open) return null;
  return (
    <Modal title="Settings" className="settings-dialog">
      <p className="dialog-text">{KEY_SOURCE[info?.apiKeySource ?? 'none']}</p>
      {info?.apiKeySource === 'basic_text' && <p className="warning-text">{uiTexts.keyringUnavailable}</p>}
      <ApiKeyForm label={info?.hasApiKey ? 'Replace API key' : 'API key'} autoFocus={focusApiKey} />
      {settings && (
        <>
          <AppearanceFields settings={settings} onChange={(patch) => void updateSettings(patch)} />
          <ModelSelect label="Model" value={settings.model} onChange={(model) => void updateSettings({ model })} />
          <ModelSelect
            label="Handoff model"
            value={settings.handoffModel}
            emptyLabel="Same as the chat model"
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
            Name sessions automatically
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={settings.reviewFirst} onChange={(e) => void updateSettings({ reviewFirst: e.target.checked })} />
            Review before starting
          </label>
          <HandoffInstructionsField value={settings.handoffInstructions} onChange={(handoffInstructions) => void updateSettings({ handoffInstructions })} />
          <ToolsSection settings={settings} onChange={(patch) => void updateSettings(patch)} />
        </>
      )}
      <LogsPath path={logs.shownPath} />
      <div className="dialog-actions">
        <button type="button" className="dialog-actions-start" onClick={() => void logs.open()}>
          Open logs folder
        </button>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </Modal>
  );
}
