// `npm start`: builds and launches the desktop app, with DevTools closed and only the built page.
// `npm run dev` (`start.mjs dev [electron-vite options]`): the development loop, electron-vite dev
// (renderer dev server with hot reload; main and preload rebuilt on change), with DevTools and Reload in
// the View menu (scripts/launchEnv.mjs). Both first make sure the Electron binary is there, downloading
// it if need be; where it cannot be had, they say so plainly and point to web mode (SPEC §7). Never
// prints a stack trace for an expected condition.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { probeElectron } from './electronBinary.mjs';
import { downloadElectron, installElectron } from './electronDownload.mjs';
import { ensureElectron } from './ensureElectron.mjs';
import { launchEnv } from './launchEnv.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const dev = process.argv[2] === 'dev';
const WEB_INSTEAD = 'Run the web version instead: npm run web';

function stop(message) {
  console.error(message);
  process.exit(1);
}

/** Runs a child with this terminal, passes Ctrl+C on, and exits with its status. */
function runToEnd(command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

try {
  const electron = await ensureElectron({
    probe: () => probeElectron(),
    download: downloadElectron,
    install: installElectron,
    stderr: process.stderr,
  });
  if ('problem' in electron) stop(`${electron.problem}\n${WEB_INSTEAD}`);
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    stop(`Baton's desktop app needs a graphical display, and none is available here.\n${WEB_INSTEAD}`);
  }

  const electronVite = join(dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const env = launchEnv({ dev, binary: electron.binary });
  if (dev) {
    // --watch: main and preload are rebuilt, and Electron restarted, when their sources change.
    runToEnd(process.execPath, [electronVite, 'dev', '--watch', ...process.argv.slice(3)], env);
  } else {
    const build = spawnSync(process.execPath, [electronVite, 'build'], { cwd: root, env, stdio: 'inherit' });
    if (build.status !== 0) stop('The desktop build failed (see above).');
    runToEnd(electron.binary, ['.'], env);
  }
} catch (err) {
  stop(`Could not start Baton: ${err instanceof Error ? err.message : String(err)}\nThe web version may still work: npm run web`);
}
