// Finds the Electron binary without ever downloading it. `require('electron')` is not used: in this
// Electron version it starts a download when the binary is missing, which must not happen implicitly
// (scripts/electronDownload.mjs downloads it, with progress and a bound on waiting).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The binary's path as the electron package (or an override) says, or undefined. Does not check it runs. */
export function electronBinaryPath(env = process.env) {
  // The same overrides electron-vite (ELECTRON_EXEC_PATH) and the electron package (ELECTRON_OVERRIDE_DIST_PATH) honour.
  if (env.ELECTRON_EXEC_PATH) return env.ELECTRON_EXEC_PATH;
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || 'electron');
  return relative ? join(packageDir, 'dist', relative) : undefined;
}

/**
 * Where the binary stands: `usable` (it exists and runs), `unusable` (it exists but does not run here)
 * or `missing`. `overridden` says the user pointed elsewhere (ELECTRON_EXEC_PATH,
 * ELECTRON_OVERRIDE_DIST_PATH), where a download would not put it.
 */
export function probeElectron(env = process.env) {
  const path = electronBinaryPath(env);
  const overridden = Boolean(env.ELECTRON_EXEC_PATH || env.ELECTRON_OVERRIDE_DIST_PATH);
  if (!path || !existsSync(path)) return { status: 'missing', path, overridden };
  return { status: runs(path, env) ? 'usable' : 'unusable', path, overridden };
}

/** The binary's path if it exists and actually runs, else undefined. */
export function findUsableElectron(env = process.env) {
  const probe = probeElectron(env);
  return probe.status === 'usable' ? probe.path : undefined;
}

/** Runs the binary as plain Node (ELECTRON_RUN_AS_NODE), so the check needs no display and opens no window. */
function runs(binary, env) {
  const probe = spawnSync(binary, ['-e', 'process.stdout.write(String(process.versions.electron))'], {
    env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
    encoding: 'utf8',
    timeout: 15_000,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return probe.status === 0 && /^\d+\./.test(probe.stdout ?? '');
}
