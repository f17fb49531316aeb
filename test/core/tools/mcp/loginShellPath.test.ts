// The login shell's PATH: read between the marks whatever the start-up files print, and the process's
// PATH when there is no shell, it fails, or it hangs. Real shells (small scripts standing in for one).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loginShellPath } from '../../../../electron/core/tools/mcp/loginShellPath';

const dir = mkdtempSync(join(tmpdir(), 'baton-shell-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A "shell" that runs what sh would after `-ilc`, with this body first. */
function shell(name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\nshift\nexec /bin/sh -c "$1"\n`);
  chmodSync(file, 0o755);
  return file;
}

describe.skipIf(process.platform === 'win32')('loginShellPath', () => {
  it('asks the login shell, and ignores what its start-up files print around the PATH', async () => {
    const noisy = shell('noisy', 'echo "Welcome to your shell!"\nexport PATH="/opt/homebrew/bin:/usr/local/bin:/usr/bin:/bin"');
    expect(await loginShellPath({ shell: noisy, fallback: '/usr/bin' })).toBe('/opt/homebrew/bin:/usr/local/bin:/usr/bin:/bin');
  });

  it('passes the shell -ilc, as a terminal starts a login shell', async () => {
    const echo = join(dir, 'args');
    writeFileSync(echo, '#!/bin/sh\nprintf "__BATON_PATH__%s__BATON_PATH__" "$1"\n');
    chmodSync(echo, 0o755);
    expect(await loginShellPath({ shell: echo, fallback: '/usr/bin' })).toBe('-ilc');
  });

  it('falls back to the process PATH when the shell fails, hangs, or is not there', async () => {
    expect(await loginShellPath({ shell: shell('fails', 'exit 3'), fallback: '/fallback/bin' })).toBe('/fallback/bin');
    const started = Date.now();
    expect(await loginShellPath({ shell: shell('hangs', 'sleep 30'), fallback: '/fallback/bin', timeoutMs: 300 })).toBe('/fallback/bin');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await loginShellPath({ shell: join(dir, 'missing'), fallback: '/fallback/bin' })).toBe('/fallback/bin');
    expect(await loginShellPath({ shell: '', fallback: '/fallback/bin' })).toBe('/fallback/bin');
  });

  it('uses the process PATH on Windows, where apps get the user PATH anyway', async () => {
    expect(await loginShellPath({ shell: shell('unused', 'exit 1'), fallback: 'C:\\Windows', platform: 'win32' })).toBe('C:\\Windows');
  });
});
