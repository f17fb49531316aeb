// A page's own failures reach the main process's log through app.reportError: on one line with its
// stack indented below, the key taken out like any line; a few a minute per view; inputs outside the
// contract refused, nothing logged for them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { REPORT_MESSAGE_MAX } from '../../shared/contract';
import { ERROR_REPORTS_PER_MINUTE } from '../../electron/core/handlers/app';
import { fileLogSink, LOG_FILE, logsDir, setLogSink } from '../../electron/core/log';
import { useFakeAnthropic } from '../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver;
const logText = () => {
  const file = join(logsDir(driver.dataDir), LOG_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
};

beforeEach(() => {
  driver = startCoreDriver(fake);
  setLogSink(fileLogSink(driver.dataDir));
});
afterEach(async () => {
  setLogSink(undefined);
  await driver.dispose();
});

it('logs what the page reports in baton.log: the message on its line, the stack indented below it, no key', async () => {
  const stack = 'TypeError: x is undefined\n    at Sidebar (app.js:10:5)\n[2026-01-01T00:00:00.000Z] [error] forged';
  expect(await driver.call('app.reportError', { kind: 'render', message: 'TypeError: x is undefined\nwith test-key in it', stack })).toEqual({ logged: true });
  await driver.call('app.reportError', { kind: 'rejection', message: 'Error: nobody waited for this' });
  const text = logText();
  expect(text).toMatch(/\] \[error\] A page failed \(render\): TypeError: x is undefined with \[API key\] in it\n {4}TypeError: x is undefined\n {4}at Sidebar \(app\.js:10:5\)\n {4}\[2026-01-01T00:00:00\.000Z\] \[error\] forged\n/);
  expect(text).toMatch(/\] \[error\] A page failed \(rejection\): Error: nobody waited for this\n/);
  expect(text).not.toContain('test-key');
});

it(`logs at most ${ERROR_REPORTS_PER_MINUTE} reports a minute from one view; another view has its own`, async () => {
  const results = [];
  for (let i = 0; i < ERROR_REPORTS_PER_MINUTE + 3; i++) results.push(await driver.call('app.reportError', { kind: 'error', message: `failure ${i}` }));
  expect(results.filter((r) => r.logged)).toHaveLength(ERROR_REPORTS_PER_MINUTE);
  expect(results.at(-1)).toEqual({ logged: false });
  expect(logText().match(/A page failed/g)).toHaveLength(ERROR_REPORTS_PER_MINUTE);
  expect(logText()).not.toContain(`failure ${ERROR_REPORTS_PER_MINUTE}`);

  const other = driver.core.connect();
  expect(await other.dispatch('app.reportError', { kind: 'error', message: 'from another tab' }, true)).toEqual({ ok: true, data: { logged: true } });
});

it('refuses a report outside the contract and logs nothing for it', async () => {
  for (const input of [
    { kind: 'warning', message: 'not a kind' },
    { kind: 'error' },
    { kind: 'error', message: 42 },
    { kind: 'error', message: 'x'.repeat(REPORT_MESSAGE_MAX + 1) },
    { kind: 'error', message: 'ok', stack: 'y'.repeat(20_001) },
    { kind: 'error', message: 'ok', level: 'error' },
  ]) {
    expect(await driver.view.dispatch('app.reportError', input, true)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  }
  expect(await driver.view.dispatch('app.reportError', { kind: 'error', message: 'untrusted' }, false)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect(logText()).not.toContain('A page failed');
});
