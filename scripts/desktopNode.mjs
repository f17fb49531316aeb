// The Node that the pinned Electron embeds (the desktop app's runtime, which is not this one), from the
// npm registry's Node binary package, installed on first use into a cache folder that `npm ci` never
// looks at: the bench measures the store on it, and a test runs the open's desktop paths on it.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Electron major → the Node major it embeds (Electron's release notes). A new Electron must be added here. */
const ELECTRON_NODE = { 45: 24 };

/** `{ binary }`, the path of that Node, or `{ why }` it cannot be had. */
export function desktopNode(root) {
  const electron = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8'));
  const electronMajor = Number(electron.version.split('.')[0]);
  const major = ELECTRON_NODE[electronMajor];
  if (major === undefined) return { why: `scripts/desktopNode.mjs does not know which Node Electron ${electronMajor} embeds: add it to ELECTRON_NODE` };
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const cache = join(root, 'node_modules', '.cache', 'baton-bench', `${pkg}-${major}`);
  const binary = join(cache, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(binary)) {
    process.stderr.write(`Installing ${pkg}@${major} (the Node that Electron ${electronMajor} embeds) into ${cache}…\n`);
    const npm = process.env.npm_execpath;
    const args = ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', `${pkg}@${major}`];
    const install = npm ? spawnSync(process.execPath, [npm, ...args], { stdio: ['ignore', 'ignore', 'inherit'] }) : spawnSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
    if (install.status !== 0 || !existsSync(binary)) return { why: `could not install ${pkg}@${major} from the npm registry` };
  }
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) return { why: `${binary} is ${version || 'not runnable'}, not Node ${major}` };
  return { binary };
}
