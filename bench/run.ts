// Runs every bench/*.bench.ts in its own process, one after the other, so figures do not disturb each
// other; then the store's suite again on the Node that the pinned Electron embeds (the desktop app's
// runtime, which is not this one), its figures named with `.desktop`. That Node comes from the npm
// registry's Node binary package, installed at bench time into a cache folder that `npm ci` never
// looks at, so installing the project needs nothing but what it always needed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const root = join(dir, '..');
/** The suites whose code runs in the desktop app's main process: the session store's. */
const DESKTOP_SUITES = ['session.bench.ts'];
/** Electron major → the Node major it embeds (Electron's release notes). A new Electron must be added here. */
const ELECTRON_NODE: Record<number, number> = { 45: 24 };
const only = process.argv[2];

let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  if (!runSuite(process.execPath, file, '')) failed++;
}
const desktop = DESKTOP_SUITES.filter((file) => !only || file.includes(only));
const node = desktop.length ? desktopNode() : undefined;
if (desktop.length && !node) failed++;
if (node) for (const file of desktop) if (!runSuite(node, file, '.desktop')) failed++;
process.exit(failed ? 1 : 0);

function runSuite(node: string, file: string, suffix: string): boolean {
  const env = { ...process.env, BATON_BENCH_SUFFIX: suffix };
  const run = spawnSync(node, ['--import', 'tsx', '--expose-gc', join(dir, file)], { stdio: 'inherit', cwd: root, env });
  return run.status === 0;
}

/** The path of the desktop app's Node, installed into the cache on first use; undefined (said why) when it cannot be had. */
function desktopNode(): string | undefined {
  const electron = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string };
  const electronMajor = Number(electron.version.split('.')[0]);
  const major = ELECTRON_NODE[electronMajor];
  if (major === undefined) return fail(`bench/run.ts does not know which Node Electron ${electronMajor} embeds: add it to ELECTRON_NODE`);
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${platform}-${process.arch}`;
  const cache = join(root, 'node_modules', '.cache', 'baton-bench', `${pkg}-${major}`);
  const binary = join(cache, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(binary)) {
    process.stderr.write(`Installing ${pkg}@${major} (the Node that Electron ${electronMajor} embeds) into ${cache} for the .desktop figures…\n`);
    const npm = process.env.npm_execpath;
    const args = ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', `${pkg}@${major}`];
    const install = npm ? spawnSync(process.execPath, [npm, ...args], { stdio: ['ignore', 'ignore', 'inherit'] }) : spawnSync('npm', args, { stdio: ['ignore', 'ignore', 'inherit'], shell: process.platform === 'win32' });
    if (install.status !== 0 || !existsSync(binary)) return fail(`could not install ${pkg}@${major} from the npm registry`);
  }
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) return fail(`${binary} is ${version || 'not runnable'}, not Node ${major}`);
  return binary;
}

function fail(why: string): undefined {
  process.stderr.write(`[bench] No .desktop figures: ${why}.\n`);
  return undefined;
}
