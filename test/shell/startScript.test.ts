// `npm start` where Electron's binary cannot be had: a plain message pointing to web mode, exit 1, no
// stack trace (SPEC §7). Nothing here downloads Electron or opens a window.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronBinaryPath, findUsableElectron } from '../../scripts/electronBinary.mjs';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'baton-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function start(env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { ...process.env, ELECTRON_EXEC_PATH: undefined, ELECTRON_OVERRIDE_DIST_PATH: undefined, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function expectPointsToWeb({ status, output }: { status: number | null; output: string }) {
  expect(status).toBe(1);
  expect(output).toMatch(/Electron binary/);
  expect(output).toContain('npm run web');
  expect(output).not.toMatch(/^\s+at\s/m);
}

describe('npm start without a usable Electron binary', () => {
  // Only meaningful where the binary really is missing; on a machine that has it, start would launch the app.
  it.skipIf(findUsableElectron({ ...process.env, ELECTRON_EXEC_PATH: undefined }) !== undefined)(
    'says so and points to npm run web',
    () => expectPointsToWeb(start()),
  );

  it('does the same when the binary path leads nowhere', () => {
    expectPointsToWeb(start({ ELECTRON_OVERRIDE_DIST_PATH: join(scratch, 'missing') }));
  });

  it('does the same when the binary exists but does not run', () => {
    const fake = join(scratch, 'electron');
    writeFileSync(fake, 'not an executable');
    expectPointsToWeb(start({ ELECTRON_EXEC_PATH: fake }));
  });
});

describe('electronBinaryPath', () => {
  it('honours the overrides electron-vite and the electron package know', () => {
    expect(electronBinaryPath({ ELECTRON_EXEC_PATH: '/opt/electron/electron' })).toBe('/opt/electron/electron');
    expect(electronBinaryPath({ ELECTRON_OVERRIDE_DIST_PATH: join(scratch, 'dist') })).toMatch(/dist[\\/](electron|Electron|.*\.exe)/);
  });
});
