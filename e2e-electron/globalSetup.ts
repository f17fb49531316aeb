// Builds the desktop app once before the suite, with the binary electron-vite would otherwise look up.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findUsableElectron } from '../scripts/electronBinary.mjs';

export default function globalSetup(): void {
  const electron = findUsableElectron();
  if (!electron) throw new Error('The Electron binary is not available here; run the browser suite instead (npm test).');
  const root = join(import.meta.dirname, '..');
  const cli = join(dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const build = spawnSync(process.execPath, [cli, 'build'], {
    cwd: root,
    env: { ...process.env, ELECTRON_EXEC_PATH: electron },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('electron-vite build failed');
}
