// `npm start`: builds and launches the desktop app, or, where the Electron binary cannot be had, says
// so plainly and points to web mode (SPEC §7). Never prints a stack trace for an expected condition.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUsableElectron } from './electronBinary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function stop(message) {
  console.error(message);
  process.exit(1);
}

try {
  const electron = findUsableElectron();
  if (!electron) {
    stop(
      "Baton's desktop app needs the Electron binary, which could not be found or downloaded on this machine.\n" +
        'Run the web version instead: npm run web\n' +
        '(Where downloads from GitHub work, `npx install-electron` fetches the binary; then npm start again.)',
    );
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    stop("Baton's desktop app needs a graphical display, and none is available here.\nRun the web version instead: npm run web");
  }

  const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  // electron-vite looks the binary up itself; hand it the one already checked.
  const env = { ...process.env, ELECTRON_EXEC_PATH: electron };
  const build = spawnSync(process.execPath, [electronVite, 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) stop('The desktop build failed (see above).');

  // ELECTRON_RUN_AS_NODE left in the environment would start Electron as plain Node, not as the app.
  delete env.ELECTRON_RUN_AS_NODE;
  const app = spawn(electron, ['.'], { cwd: root, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
  app.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} catch (err) {
  stop(`Could not start Baton: ${err instanceof Error ? err.message : String(err)}\nThe web version may still work: npm run web`);
}
