// The last-resort handler (SPEC §6): an error thrown where nothing catches it, in a timer or an
// unawaited promise, is reported, and the process keeps running instead of exiting.
import { spawnSync } from 'node:child_process';
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
