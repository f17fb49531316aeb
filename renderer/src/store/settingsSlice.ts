// App info (transport, API key presence) and the ordinary settings.
import type { AppInfo, BatonEvent, CallOutput } from '../../../shared/contract';
import type { Settings, SettingsPatch } from '../../../shared/settings';
import { uiTexts } from '../texts';
import { callApi } from './call';
import { MODEL_REPLACED_KEY } from './modelsSlice';
import type { SliceCreator } from './types';

export interface SettingsSlice {
  info: AppInfo | null;
  settings: Settings | null;
  loadAppInfo: () => Promise<void>;
  loadSettings: () => Promise<void>;
  updateSettings: (patch: SettingsPatch) => Promise<void>;
  /** Write-only: the key goes to the main process and is never read back. */
  saveApiKey: (apiKey: string) => Promise<boolean>;
  /** A missing or rejected key (401): the first-run screen, or on the desktop the key field in Settings. */
  askForApiKey: () => Promise<void>;
  /** The Session instructions dialog (SPEC §5 Custom instructions: a session's override). */
  instructionsOpen: boolean;
  setInstructionsOpen: (open: boolean) => void;
  /** The open session's own instructions; null: the Settings' ones again. */
  saveSessionInstructions: (instructions: string | null) => Promise<void>;
  /** Open logs folder: the desktop opens it; web mode answers with where it is (undefined: the call failed, and said so). */
  openLogs: () => Promise<CallOutput<'app.openLogs'> | undefined>;
  /** Settings changed in another window or tab (or this one): shown here too. */
  settingsApplyEvent: (event: BatonEvent) => void;
}

/** The notice that says nothing can be saved: one at a time, shown while app info reports the problem. */
export const STORAGE_KEY = 'storage';

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get, deps) => {
  const applyInfo = (info: AppInfo) => {
    set({ info });
    if (info.apiKeySource === 'basic_text') get().notify('warning', uiTexts.keyringUnavailable, 'keyring');
    else get().clearNotice('keyring');
    if (info.storageProblem) get().notify('error', info.storageProblem, STORAGE_KEY);
    else get().clearNotice(STORAGE_KEY);
    if (info.modelReplaced) get().notify('info', info.modelReplaced, MODEL_REPLACED_KEY);
  };

  return {
    info: null,
    settings: null,
    instructionsOpen: false,

    setInstructionsOpen(open) {
      set({ instructionsOpen: open });
    },

    async saveSessionInstructions(instructions) {
      const session = get().session;
      if (!session) return;
      const id = session.header.id;
      const ok = await callApi(deps, get, 'sessions.setInstructions', { id, instructions }, () => get().saveSessionInstructions(instructions));
      if (!ok) return;
      set({ instructionsOpen: false });
      const now = get().session;
      if (now?.header.id === id) set({ session: { ...now, instructions: instructions ?? undefined } });
    },

    async loadAppInfo() {
      const info = await callApi(deps, get, 'app.info', {});
      if (info) applyInfo(info);
    },

    async loadSettings() {
      const settings = await callApi(deps, get, 'settings.get', {});
      if (settings) set({ settings });
    },

    async updateSettings(patch) {
      // Optimistic, so a checkbox or select follows the click at once; a refused change is put back.
      const before = get().settings;
      if (before) set({ settings: { ...before, ...patch } });
      const settings = await callApi(deps, get, 'settings.set', patch);
      if (!settings) {
        if (before) set({ settings: before });
        return;
      }
      set({ settings });
      if (patch.model !== undefined) get().setSessionModel(settings.model);
      // The core lists the slash commands in the UI language.
      if (patch.language !== undefined) void get().loadCommands();
    },

    async saveApiKey(apiKey) {
      const info = await callApi(deps, get, 'settings.setApiKey', { apiKey: apiKey.trim() });
      if (!info) return false;
      applyInfo(info);
      get().notify('success', info.apiKeySource === 'memory' ? uiTexts.apiKeySavedUntilRestart : uiTexts.apiKeySaved);
      return true;
    },

    openLogs: () => callApi(deps, get, 'app.openLogs', {}),

    settingsApplyEvent(event) {
      if (event.type !== 'settings_changed') return;
      const before = get().settings;
      set({ settings: event.settings });
      if (before && before.language !== event.settings.language) void get().loadCommands();
    },

    async askForApiKey() {
      await get().loadAppInfo();
      const info = get().info;
      // Without a key the first-run screen asks; a rejected key can only be replaced on the desktop.
      if (info?.hasApiKey && info.transport === 'electron') get().openSettings({ focusApiKey: true });
    },
  };
};
