// `npm test`: every check — typecheck, lint, the Electron security lint, unit and integration tests, and
// the browser end-to-end tests — then one line "N passed, N failed". Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
let passed = 0;
let failed = 0;
/** What failed, repeated just above the last line: a log that keeps only its tail still names them. */
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status === 0;
}

function check(title, command, args) {
  if (run(title, command, args)) passed++;
  else {
    failed++;
    failures.push(title);
  }
}

/** Counts from a runner's JSON report; a missing report means the runner itself failed. */
function count(title, ok, file, read, failedNames) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const [p, f] = read(report);
    passed += p;
    failed += f;
    failures.push(...failedNames(report).map((name) => `${title}: ${name}`));
    if (!ok && f === 0) {
      failed++; // the runner failed outside any test (setup, collection)
      failures.push(`${title}: failed outside any test`);
    }
    if (p + f === 0) {
      console.error(`${title}: no test ran`);
      failed++;
      failures.push(`${title}: no test ran`);
    }
  } catch {
    console.error(`${title}: no report was written`);
    failed++;
    failures.push(`${title}: no report was written`);
  }
}

const vitestFailures = (report) =>
  report.testResults.flatMap((file) => {
    const name = relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((t) => t.status === 'failed').map((t) => `${name} › ${t.fullName}`);
    return tests.length === 0 && file.status === 'failed' ? [`${name}: ${file.message}`] : tests;
  });

/** Playwright's report nests suites; a test failed when its last result is neither passed nor skipped. */
function playwrightFailures(report) {
  const names = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected') names.push(`${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title].filter((t) => t && !t.endsWith('.ts')));
  };
  for (const suite of report.suites) walk(suite, []);
  return names;
}

check('Typecheck', 'npx', ['tsc', '-b']);
check('Lint', 'npx', ['oxlint']);
check('Electron security lint', 'node', ['scripts/electronegativity.mjs']);

const vitestFile = join(results, 'vitest.json');
const vitestOk = run('Unit and integration tests', 'npx', [
  'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`,
]);
count('vitest', vitestOk, vitestFile, (r) => [r.numPassedTests, r.numFailedTests], vitestFailures);

const e2eFile = join(results, 'e2e.json');
const e2eOk = run('Browser end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_FILE: e2eFile,
});
count('playwright', e2eOk, e2eFile, (r) => [r.stats.expected + r.stats.flaky, r.stats.unexpected], playwrightFailures);

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
