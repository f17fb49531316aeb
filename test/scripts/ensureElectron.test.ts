// What `npm start` and `npm run dev` decide about the Electron binary before launching: use it, download
// it (showing progress), or give up with a plain sentence — within a bound when the download goes silent.
// The probe and the downloader are stand-ins here; electronDownload.test.ts runs the real downloader.
import { describe, expect, it } from 'vitest';
import type { ElectronProbe } from '../../scripts/electronBinary.mjs';
import { ensureElectron, type EnsureElectronDeps } from '../../scripts/ensureElectron.mjs';

const BINARY = '/opt/node_modules/electron/dist/electron';

/** A machine whose binary is `status` until something installs it. */
function machine(status: ElectronProbe['status'], overrides: Partial<EnsureElectronDeps> = {}) {
  let current: ElectronProbe = { status, path: status === 'missing' ? undefined : BINARY, overridden: false };
  const calls: string[] = [];
  let stderr = '';
  const deps: EnsureElectronDeps = {
    probe: () => current,
    download: async ({ onProgress }) => {
      calls.push('download');
      onProgress({ transferred: 0, total: 1_000_000 });
      onProgress({ transferred: 500_000, total: 1_000_000 });
      onProgress({ transferred: 1_000_000, total: 1_000_000 });
    },
    install: async () => {
      calls.push('install');
      current = { status: 'usable', path: BINARY, overridden: false };
    },
    stderr: { write: (text: string) => (stderr += text) },
    idleTimeoutMs: 100,
    installTimeoutMs: 100,
    ...overrides,
  };
  return {
    deps,
    calls,
    output: () => stderr,
    setProbe: (probe: ElectronProbe) => (current = probe),
  };
}

const never = () => new Promise<void>(() => {});

describe('ensureElectron', () => {
  it('uses a binary that is there and runs, and downloads nothing', async () => {
    const m = machine('usable');
    expect(await ensureElectron(m.deps)).toEqual({ binary: BINARY });
    expect(m.calls).toEqual([]);
    expect(m.output()).toBe('');
  });

  it('downloads a missing binary, shows the progress, installs it and uses it', async () => {
    const m = machine('missing');
    expect(await ensureElectron(m.deps)).toEqual({ binary: BINARY });
    expect(m.calls).toEqual(['download', 'install']);
    expect(m.output()).toMatch(/not installed yet, so it is being downloaded now/);
    expect(m.output()).toContain('Downloading Electron: 50% (0.5 of 1.0 MB)');
    expect(m.output()).toContain('Downloading Electron: 100% (1.0 of 1.0 MB)');
    expect(m.output()).toMatch(/Electron is installed\.\n$/);
  });

  it('redraws one progress line on a terminal, and ends it before the next message', async () => {
    const m = machine('missing');
    let text = '';
    m.deps.stderr = { isTTY: true, write: (t: string) => (text += t) };
    await ensureElectron(m.deps);
    expect(text).toContain('\rDownloading Electron: 50% (0.5 of 1.0 MB)\rDownloading Electron: 100% (1.0 of 1.0 MB)\nElectron is installed.');
  });

  it('shows the bytes when the size is unknown', async () => {
    const m = machine('missing', { download: async ({ onProgress }) => onProgress({ transferred: 2_500_000, total: null }) });
    await ensureElectron(m.deps);
    expect(m.output()).toContain('Downloading Electron: 2.5 MB');
  });

  it('says plainly why, when the download fails, and installs nothing', async () => {
    const failure = new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND', hostname: 'github.com' }) });
    const m = machine('missing', {
      download: async () => {
        throw failure;
      },
    });
    const outcome = await ensureElectron(m.deps);
    expect(outcome).toEqual({ problem: 'The Electron binary could not be downloaded: fetch failed (ENOTFOUND github.com).' });
    expect(m.calls).not.toContain('install');
  });

  it('gives up on a download that hangs, within the bound, and aborts it', async () => {
    let signal: AbortSignal | undefined;
    const m = machine('missing', {
      idleTimeoutMs: 200,
      download: (options) => {
        signal = options.signal;
        return never();
      },
    });
    const started = Date.now();
    const outcome = await ensureElectron(m.deps);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcome).toEqual({ problem: 'The Electron binary could not be downloaded: the download stalled (nothing arrived for 0.2 s).' });
    expect(signal?.aborted).toBe(true);
  });

  it('gives up on a download that stalls halfway', async () => {
    const m = machine('missing', {
      download: ({ onProgress }) => {
        onProgress({ transferred: 300_000, total: 1_000_000 });
        return never();
      },
    });
    expect(await ensureElectron(m.deps)).toMatchObject({ problem: expect.stringContaining('the download stalled') });
    expect(m.output()).toContain('30%');
  });

  it('does not cut off a slow download that keeps arriving', async () => {
    const m = machine('missing', {
      idleTimeoutMs: 300,
      download: async ({ onProgress }) => {
        // 15 pieces 40 ms apart: 600 ms in all, twice the bound, but never silent for 300 ms.
        for (let i = 1; i <= 15; i++) {
          await new Promise((r) => setTimeout(r, 40));
          onProgress({ transferred: i * 100_000, total: 1_500_000 });
        }
      },
    });
    expect(await ensureElectron(m.deps)).toEqual({ binary: BINARY });
  });

  it('bounds unpacking too', async () => {
    const m = machine('missing', { install: never });
    expect(await ensureElectron(m.deps)).toEqual({
      problem: 'The Electron binary could not be downloaded: unpacking it took over 0.1 s.',
    });
  });

  it('says so when the downloaded binary does not run here', async () => {
    const m = machine('missing', { install: async () => void m.setProbe({ status: 'unusable', path: BINARY, overridden: false }) });
    expect(await ensureElectron(m.deps)).toEqual({ problem: 'The Electron binary was downloaded, but it does not run on this machine.' });
  });

  it('does not download again when the binary is there but does not run', async () => {
    const m = machine('unusable');
    expect(await ensureElectron(m.deps)).toEqual({
      problem: `Baton's desktop app needs the Electron binary, and the one at ${BINARY} does not run on this machine.`,
    });
    expect(m.calls).toEqual([]);
  });

  it('does not download when the user pointed to a binary elsewhere', async () => {
    const m = machine('missing');
    m.setProbe({ status: 'missing', path: '/custom/electron', overridden: true });
    expect(await ensureElectron(m.deps)).toMatchObject({ problem: expect.stringContaining('there is none at /custom/electron') });
    expect(m.calls).toEqual([]);
  });
});
