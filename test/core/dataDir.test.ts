// Web mode's default data dir is the desktop app's userData, so both see the same sessions.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_NAME, defaultDataDir } from '../../electron/core/dataDir';

describe('default data dir', () => {
  it('is named as Electron names userData: after package.json productName', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'));
    expect(APP_NAME).toBe(pkg.productName);
  });

  it('follows BATON_DATA_DIR, else the platform convention', () => {
    expect(defaultDataDir({ BATON_DATA_DIR: '/data/baton' }, 'linux')).toBe('/data/baton');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(join('/cfg', 'Baton'));
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'Baton'));
    expect(defaultDataDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'Baton'));
  });
});
