// Ordinary settings in the desktop app: electron-store, i.e. <userData>/config.json — the same file web
// mode opens through conf.
import { ipcMain } from 'electron';
import Store from 'electron-store';
import { log as coreLog } from '../core/log';
import { CONFIG_NAME, configFilePath, SettingsStore } from '../core/settings/SettingsStore';
import { recoverCorrupt } from '../core/settings/recoverCorrupt';

export function openElectronSettings(dataDir: string, log: (message: string) => void = coreLog.warn): SettingsStore {
  const open = () => {
    const store = new Store<Record<string, unknown>>({ cwd: dataDir, name: CONFIG_NAME });
    // electron-store answers a synchronous IPC message with the userData path, for renderers that use it
    // directly. Baton's renderer never does, and that handler does no sender check: remove it.
    ipcMain.removeAllListeners('electron-store-get-data');
    return store;
  };
  return new SettingsStore(recoverCorrupt(open, configFilePath(dataDir), log), log);
}
