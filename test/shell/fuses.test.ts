// Electron fuses (SPEC §6): the build's fuse settings, and the script applying them to a binary. No
// Electron binary can be had here, so the script runs on a stand-in file carrying a fuse wire exactly as
// an Electron binary lays it out (test/support/fuseWire.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { FUSES } from '../../scripts/fuses.mjs';
import { FUSE_COUNT, FUSE_OFF, FUSE_ON, FUSE_SENTINEL, writeStandInElectron } from '../support/fuseWire';

const root = join(import.meta.dirname, '..', '..');
function standInBinary(dir: string): string {
  const path = join(dir, 'electron');
  writeStandInElectron(path);
  return path;
}

describe('the fuse settings', () => {
  it('decide every fuse this Electron knows, and require that of future ones', () => {
    expect(FUSES.version).toBe(FuseVersion.V1);
    expect(FUSES.strictlyRequireAllFuses).toBe(true);
    for (let fuse = 0; fuse < FUSE_COUNT; fuse++) expect(typeof (FUSES as Record<number, unknown>)[fuse], FuseV1Options[fuse]).toBe('boolean');
  });

  it('turn off running as Node, NODE_OPTIONS, inspect flags and file:// privileges; turn on cookie encryption and asar-only loading with integrity checks', () => {
    expect(FUSES).toMatchObject({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    });
  });

  it('is what `npm run fuses` writes into a binary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-fuses-'));
    try {
      const binary = standInBinary(dir);
      const before = readFileSync(binary);
      const run = spawnSync('npm', ['run', '--silent', 'fuses', '--', binary], { cwd: root, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const wire = await getCurrentFuseWire(binary);
      for (let fuse = 0; fuse < FUSE_COUNT; fuse++) {
        expect(wire[fuse as FuseV1Options], FuseV1Options[fuse]).toBe((FUSES as Record<number, boolean>)[fuse] ? FUSE_ON : FUSE_OFF);
      }
      // Only the wire changed: the rest of the binary is byte for byte the same.
      const after = readFileSync(binary);
      const wireAt = before.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length + 2;
      expect(after.length).toBe(before.length);
      expect(after.subarray(0, wireAt).equals(before.subarray(0, wireAt))).toBe(true);
      expect(after.subarray(wireAt + FUSE_COUNT).equals(before.subarray(wireAt + FUSE_COUNT))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that is not an Electron binary', () => {
    const dir = mkdtempSync(join(tmpdir(), 'baton-fuses-'));
    try {
      writeFileSync(join(dir, 'not-electron'), 'just text');
      const run = spawnSync(process.execPath, [join(root, 'scripts', 'fuses.mjs'), join(dir, 'not-electron')], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Could not set the fuses');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
