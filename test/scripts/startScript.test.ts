// `npm start` where Electron's binary cannot be had: a plain message pointing to web mode, exit 1, no
// stack trace (SPEC §7). A missing binary is downloaded first; here the download goes to a mirror on
// 127.0.0.1 that refuses connections, so nothing reaches the internet and nothing opens a window.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electronBinaryPath, findUsableElectron } from '../../scripts/electronBinary.mjs';

const root = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'baton-start-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A loopback port nobody listens on: connections to it are refused at once. */
let refusingMirror: string;
beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  refusingMirror = `http://127.0.0.1:${port}/`;
});

function start(env: NodeJS.ProcessEnv = {}, args: string[] = []) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'start.mjs'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      ELECTRON_EXEC_PATH: undefined,
      ELECTRON_OVERRIDE_DIST_PATH: undefined,
      ELECTRON_MIRROR: refusingMirror,
      electron_config_cache: join(scratch, 'cache'),
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}`, seconds: (Date.now() - started) / 1000 };
}

function expectPointsToWeb({ status, output }: { status: number | null; output: string }) {
  expect(status).toBe(1);
  expect(output).toMatch(/Electron binary/);
  expect(output).toContain('npm run web');
  expect(output).not.toMatch(/^\s+at\s/m);
}

// Only meaningful where the binary really is missing; on a machine that has it, start would launch the app.
const binaryMissing = findUsableElectron({ ...process.env, ELECTRON_EXEC_PATH: undefined }) === undefined;

describe('npm start without a usable Electron binary', () => {
  it.skipIf(!binaryMissing)('tries to download it, and when that fails says so within seconds and points to npm run web', () => {
    const run = start();
    expectPointsToWeb(run);
    expect(run.output).toContain('it is being downloaded now');
    expect(run.output).toMatch(/The Electron binary could not be downloaded: .*ECONNREFUSED/);
    expect(run.seconds).toBeLessThan(20);
  });

  it.skipIf(!binaryMissing)('does the same for npm run dev', () => {
    const run = start({}, ['dev']);
    expectPointsToWeb(run);
    expect(run.output).toMatch(/The Electron binary could not be downloaded/);
  });

  it('does the same when the binary path leads nowhere, without downloading', () => {
    const run = start({ ELECTRON_OVERRIDE_DIST_PATH: join(scratch, 'missing') });
    expectPointsToWeb(run);
    expect(run.output).not.toContain('downloaded');
  });

  it('does the same when the binary exists but does not run', () => {
    const fake = join(scratch, 'electron');
    writeFileSync(fake, 'not an executable');
    const run = start({ ELECTRON_EXEC_PATH: fake });
    expectPointsToWeb(run);
    expect(run.output).toContain('does not run on this machine');
  });
});

describe('electronBinaryPath', () => {
  it('honours the overrides electron-vite and the electron package know', () => {
    expect(electronBinaryPath({ ELECTRON_EXEC_PATH: '/opt/electron/electron' })).toBe('/opt/electron/electron');
    expect(electronBinaryPath({ ELECTRON_OVERRIDE_DIST_PATH: join(scratch, 'dist') })).toMatch(/dist[\\/](electron|Electron|.*\.exe)/);
  });
});
