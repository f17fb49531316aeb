// The last-resort handler (SPEC §6): an error thrown where nothing catches it, in a timer or an
// unawaited promise, is logged and reported, and the process keeps running instead of exiting.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

it('reports an uncaught exception and an unhandled rejection, and the process carries on', () => {
  const script = `
    const { installLastResort } = await import(${JSON.stringify(join(root, 'electron/core/lastResort.ts'))});
    installLastResort((err) => console.log('reported: ' + err.message));
    setTimeout(() => { throw new Error('thrown in a timer'); }, 1);
    setTimeout(() => void Promise.reject(new Error('rejected, never awaited')), 5);
    setTimeout(() => console.log('still running'), 50);
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(run.stdout.trim().split('\n')).toEqual(['reported: thrown in a timer', 'reported: rejected, never awaited', 'still running']);
  expect(run.status).toBe(0);
});

it('writes what it caught to the log file, stack and all', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-last-resort-'));
  try {
    const script = `
      const { installLastResort } = await import(${JSON.stringify(join(root, 'electron/core/lastResort.ts'))});
      const { fileLogSink, setLogSink } = await import(${JSON.stringify(join(root, 'electron/core/log.ts'))});
      setLogSink(fileLogSink(${JSON.stringify(dataDir)}));
      installLastResort(() => { throw new Error('the window is gone'); });
      setTimeout(() => { throw new Error('thrown in a timer'); }, 1);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(0);
    const logged = readFileSync(join(dataDir, 'logs', 'baton.log'), 'utf8');
    expect(logged).toMatch(/\[error\] Unexpected error \(Baton keeps running\): Error: thrown in a timer\n\s+at /);
    expect(logged).toMatch(/\[error\] Could not tell the user about that error: Error: the window is gone\n/);
    // And on stderr, for a terminal that is watching.
    expect(run.stderr).toContain('[baton] Unexpected error (Baton keeps running): Error: thrown in a timer');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
