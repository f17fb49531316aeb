// Where Baton keeps its data when no directory is given: the same folder the desktop app's
// Electron `userData` resolves to, so web mode and the desktop app share sessions and settings.
import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Baton';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.BATON_DATA_DIR) return env.BATON_DATA_DIR;
  const home = homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_NAME);
}
