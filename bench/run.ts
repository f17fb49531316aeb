// Runs every bench/*.bench.ts in its own process, one after the other, so figures do not disturb each
// other; then the store's suite again on the Node that the pinned Electron embeds (the desktop app's
// runtime, which is not this one), its figures named with `.desktop`. That Node comes from the npm
// registry's Node binary package, installed at bench time into a cache folder that `npm ci` never
// looks at, so installing the project needs nothing but what it always needed.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopNode } from '../scripts/desktopNode.mjs';

const dir = dirname(fileURLToPath(import.meta.url));
const root = join(dir, '..');
/** The suites whose code runs in the desktop app's main process: the session store's. */
const DESKTOP_SUITES = ['session.bench.ts'];
const only = process.argv[2];

let failed = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  if (!runSuite(process.execPath, file, '')) failed++;
}
const desktop = DESKTOP_SUITES.filter((file) => !only || file.includes(only));
const node = desktop.length ? desktopNodeBinary() : undefined;
if (desktop.length && !node) failed++;
if (node) for (const file of desktop) if (!runSuite(node, file, '.desktop')) failed++;
process.exit(failed ? 1 : 0);

function runSuite(node: string, file: string, suffix: string): boolean {
  const env = { ...process.env, BATON_BENCH_SUFFIX: suffix };
  const run = spawnSync(node, ['--import', 'tsx', '--expose-gc', join(dir, file)], { stdio: 'inherit', cwd: root, env });
  return run.status === 0;
}

/** The path of the desktop app's Node (scripts/desktopNode.mjs); undefined (said why) when it cannot be had. */
function desktopNodeBinary(): string | undefined {
  const found = desktopNode(root);
  return found.binary ?? fail(found.why);
}

function fail(why: string): undefined {
  process.stderr.write(`[bench] No .desktop figures: ${why}.\n`);
  return undefined;
}
