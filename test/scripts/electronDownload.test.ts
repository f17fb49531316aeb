// The real downloader (the electron package's own @electron/get, as `npx install-electron` uses it)
// against a mirror on 127.0.0.1: it fills Electron's download cache and reports the bytes as they
// arrive; a mirror that never answers is given up within the bound and its connection closed. Nothing
// here reaches the internet or touches node_modules/electron (installElectron, which unpacks there, is
// not run).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { downloadElectron, electronVersion } from '../../scripts/electronDownload.mjs';
import { ensureElectron, type DownloadProgress } from '../../scripts/ensureElectron.mjs';

const archive = randomBytes(1_500_000);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
let stall = false;
let archiveName = '';
const requested: string[] = [];
const stalledConnections: Socket[] = [];

const mirror = createServer((req, res) => {
  const path = new URL(req.url!, 'http://mirror').pathname;
  requested.push(path);
  if (stall) return void stalledConnections.push(req.socket); // accepts, then says nothing
  const name = basename(path);
  if (name.endsWith('.zip')) {
    archiveName = name;
    res.writeHead(200, { 'content-length': archive.length }).end(archive);
  } else if (name === 'SHASUMS256.txt') {
    res.end(`${sha256(archive)} *${archiveName}\n`);
  } else {
    res.writeHead(404).end();
  }
});

const cache = mkdtempSync(join(tmpdir(), 'baton-electron-cache-'));
const ENV = ['ELECTRON_MIRROR', 'electron_use_remote_checksums', 'electron_config_cache', 'force_no_cache'] as const;
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve));
  const { port } = mirror.address() as AddressInfo;
  // @electron/get reads these from the environment, as it does for a user behind a mirror.
  process.env.ELECTRON_MIRROR = `http://127.0.0.1:${port}/`;
  process.env.electron_use_remote_checksums = '1';
  process.env.electron_config_cache = cache;
  delete process.env.force_no_cache;
});
beforeEach(() => {
  stall = false;
  requested.length = 0;
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache);
});
afterAll(async () => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  mirror.closeAllConnections();
  await new Promise((resolve) => mirror.close(resolve));
  rmSync(cache, { recursive: true, force: true });
});

const cachedFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));

describe('downloadElectron', () => {
  it("fetches this Electron version's archive into the cache, reporting its bytes", async () => {
    const progress: DownloadProgress[] = [];
    await downloadElectron({ signal: new AbortController().signal, onProgress: (p) => progress.push(p) });

    const version = electronVersion();
    expect(requested[0]).toMatch(new RegExp(`^/v${version}/electron-v${version}-${process.platform}-\\w+\\.zip$`));
    const [cached, ...others] = cachedFiles(cache);
    expect(others).toEqual([]);
    expect(basename(cached!)).toBe(archiveName);
    expect(readFileSync(cached!).equals(archive)).toBe(true);
    // Only the archive's progress, ending at its full size; the checksum file is not reported.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((p) => p.total === archive.length)).toBe(true);
    expect(progress.at(-1)).toEqual({ transferred: archive.length, total: archive.length });
  });

  it('is given up within the bound when the mirror never answers, and its connection is closed', async () => {
    stall = true;
    const started = Date.now();
    const outcome = await ensureElectron({
      probe: () => ({ status: 'missing', path: undefined, overridden: false }),
      download: downloadElectron,
      install: () => Promise.reject(new Error('not reached')),
      stderr: { write: () => true },
      idleTimeoutMs: 500,
    });
    expect(outcome).toEqual({ problem: 'The Electron binary could not be downloaded: the download stalled (nothing arrived for 0.5 s).' });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stalledConnections).toHaveLength(1);
    await expect.poll(() => stalledConnections[0]!.destroyed).toBe(true);
    expect(cachedFiles(cache)).toEqual([]);
  });
});
