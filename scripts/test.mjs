// `npm test`: every check — typecheck, lint, the Electron security lint, unit and integration tests, and
// the browser end-to-end tests — then one line "N passed, N failed". Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status === 0;
}

function check(title, command, args) {
  if (run(title, command, args)) passed++;
  else failed++;
}

/** Counts from a runner's JSON report; a missing report means the runner itself failed. */
function count(title, ok, file, read) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const [p, f] = read(report);
    passed += p;
    failed += f;
    if (!ok && f === 0) failed++; // the runner failed outside any test (setup, collection)
    if (p + f === 0) {
      console.error(`${title}: no test ran`);
      failed++;
    }
  } catch {
    console.error(`${title}: no report was written`);
    failed++;
  }
}

check('Typecheck', 'npx', ['tsc', '-b']);
check('Lint', 'npx', ['oxlint']);
check('Electron security lint', 'node', ['scripts/electronegativity.mjs']);

const vitestFile = join(results, 'vitest.json');
const vitestOk = run('Unit and integration tests', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`,
]);
count('vitest', vitestOk, vitestFile, (r) => [r.numPassedTests, r.numFailedTests]);

const e2eFile = join(results, 'e2e.json');
const e2eOk = run('Browser end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_FILE: e2eFile,
});
count('playwright', e2eOk, e2eFile, (r) => [r.stats.expected + r.stats.flaky, r.stats.unexpected]);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
