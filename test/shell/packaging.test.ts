// Installers (README "Build installers"): electron-builder.yml as electron-builder itself validates it,
// and an unpacked Linux build made with it (test/support/packDesktop.ts: a stand-in Electron, nothing
// downloaded), whose app.asar must hold the built app and its runtime dependencies and nothing else, and
// whose Electron binary must have had its fuses set once packed.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUSES } from '../../scripts/fuses.mjs';
import { FUSE_COUNT, FUSE_OFF, FUSE_ON } from '../support/fuseWire';
import { packUnpackedLinux, type PackedApp } from '../support/packDesktop';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

describe('electron-builder.yml', () => {
  it('is valid by electron-builder’s own schema', async () => {
    const config = await getConfig(root, null, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is what that validation would refuse if a key were misspelt (the check above can fail)', async () => {
    const config = await getConfig(root, null, null);
    await expect(validateConfiguration({ ...config, linx: { target: 'deb' } } as never, new DebugLogger(false))).rejects.toThrow(/linx/);
  });

  it('makes AppImage and deb, a dmg under the hardened runtime with its entitlements, and NSIS; fuses once packed; updates from GitHub releases', async () => {
    const config = await getConfig(root, null, null);
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac).toMatchObject({ target: 'dmg', hardenedRuntime: true, entitlements: 'build/entitlements.mac.plist', entitlementsInherit: 'build/entitlements.mac.plist' });
    expect(readFileSync(join(root, 'build', 'entitlements.mac.plist'), 'utf8')).toContain('<key>com.apple.security.cs.allow-jit</key>');
    expect(config.win?.target).toBe('nsis');
    expect(config.afterPack).toBe('./scripts/fuses.mjs');
    expect(config.publish).toMatchObject({ provider: 'github' });
    expect(pkg.scripts.dist).toBe('electron-vite build && electron-builder --publish never');
  });
});

describe('an unpacked Linux build', () => {
  let scratch: string;
  let packed: PackedApp;
  let files: string[];

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'baton-pack-'));
    packed = packUnpackedLinux(scratch);
    files = listPackage(packed.asar, { isPack: false }).map((f) => f.slice(1).replaceAll('\\', '/'));
  }, 300_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const inAsar = (path: string) => extractFile(packed.asar, path);
  const topModules = () =>
    new Set(files.filter((f) => f.startsWith('node_modules/')).map((f) => f.split('/').slice(1, f.split('/')[1]!.startsWith('@') ? 3 : 2).join('/')));

  it('holds the built main (with the check thread’s entry), preload and renderer, byte for byte, and package.json pointing at main', () => {
    for (const built of ['main/index.js', 'main/checkWorker.js', 'preload/index.cjs', 'renderer/index.html']) {
      expect(inAsar(`out/${built}`).equals(readFileSync(join(packed.outDir, built))), built).toBe(true);
    }
    expect(files.some((f) => /^out\/renderer\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(JSON.parse(inAsar('package.json').toString()).main).toBe('out/main/index.js');
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('holds exactly the runtime dependencies: what main imports, and no devDependency', () => {
    // main's externals: the packages out/main's files import (index.js, the check thread's entry and the
    // chunk they share), which electron-vite left unbundled.
    const mainDir = join(packed.outDir, 'main');
    const main = readdirSync(mainDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(mainDir, f), 'utf8'))
      .join('\n');
    // A subpath import (`@modelcontextprotocol/sdk/client/index.js`) is of its package.
    const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    const imported = new Set(
      [...main.matchAll(/^import (?:[^'"]+ from )?"([^"]+)";$/gm)]
        .map((m) => m[1]!)
        .filter((s) => !s.startsWith('node:') && !s.startsWith('./') && s !== 'electron')
        .map(packageOf),
    );
    expect([...imported].sort()).toEqual(Object.keys(pkg.dependencies).sort());
    const modules = topModules();
    for (const name of Object.keys(pkg.dependencies)) expect(modules.has(name), name).toBe(true);
    for (const name of Object.keys(pkg.devDependencies)) expect(modules.has(name), name).toBe(false);
  });

  it('holds no sources, tests, type declarations, source maps or tools', () => {
    const outside = files.filter((f) => !/^(out|node_modules)(\/|$)/.test(f) && f !== 'package.json');
    expect(outside).toEqual([]);
    expect(files.filter((f) => /\.(ts|mts|cts|map|tsx)$/.test(f))).toEqual([]);
    // Of out/, only the three bundles (not the test builds or anything else left there).
    expect(files.filter((f) => f.startsWith('out/') && !/^out\/(main|preload|renderer)(\/|$)/.test(f))).toEqual([]);
  });

  it('has the fuses of scripts/fuses.mjs set in its Electron binary, by the afterPack hook', async () => {
    const wire = await getCurrentFuseWire(packed.binary);
    for (let fuse = 0; fuse < FUSE_COUNT; fuse++) {
      expect(wire[fuse as FuseV1Options], FuseV1Options[fuse]).toBe((FUSES as Record<number, boolean>)[fuse] ? FUSE_ON : FUSE_OFF);
    }
  });

  it('carries the release feed electron-updater reads: the GitHub releases of electron-builder.yml', () => {
    const feed = readFileSync(join(packed.appDir, 'resources', 'app-update.yml'), 'utf8');
    expect(feed).toMatch(/^provider: github$/m);
    expect(feed).toMatch(/^owner: \S+$/m);
    expect(feed).toMatch(/^repo: baton$/m);
  });
});
