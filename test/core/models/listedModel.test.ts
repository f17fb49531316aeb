// The default model comes from the Models API (SPEC §3 "Models"): when the key's list lacks the configured
// model, the newest Sonnet-class model listed replaces it (else the first listed), the settings say so,
// the next request uses it, and the user is told once; the log says so too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileLogSink, LOG_FILE, logsDir, setLogSink } from '../../../electron/core/log';
import { DEFAULT_MODEL } from '../../../shared/models';
import { texts } from '../../../shared/texts';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver | undefined;
afterEach(async () => {
  await driver?.dispose();
  driver = undefined;
  setLogSink(undefined);
});

const model = async () => (await driver!.call('settings.get', {})).model;

describe('a configured model the key does not list', () => {
  it('is replaced by the newest Sonnet listed; the event and the first app.info say so, once; requests use it', async () => {
    fake.setModels([
      { id: 'claude-opus-7', display_name: 'Claude Opus 7' },
      { id: 'claude-sonnet-7', display_name: 'Claude Sonnet 7' },
      { id: 'claude-sonnet-6-5', display_name: 'Claude Sonnet 6.5' },
      { id: 'claude-haiku-7', display_name: 'Claude Haiku 7' },
    ]);
    driver = startCoreDriver(fake);
    setLogSink(fileLogSink(driver.dataDir)); // before the list comes: its fetch is a request away
    await expect.poll(model).toBe('claude-sonnet-7');
    const said = texts.modelReplaced(DEFAULT_MODEL, 'Claude Sonnet 7');
    const logFile = join(logsDir(driver.dataDir), LOG_FILE);
    await expect.poll(() => existsSync(logFile) && readFileSync(logFile, 'utf8')).toContain(`[warn] ${said}`);
    await expect.poll(() => driver!.of('model_replaced')).toEqual([{ type: 'model_replaced', model: 'claude-sonnet-7', message: said }]);
    expect((await driver.call('app.info', {})).modelReplaced).toBe(said);
    expect((await driver.call('app.info', {})).modelReplaced).toBeUndefined();

    await driver.chat('Hello');
    expect(fake.messageRequests().at(-1)?.body).toMatchObject({ model: 'claude-sonnet-7' });

    await driver.restart(); // listed now: nothing more to say
    await expect.poll(() => fake.requests.filter((r) => r.path === '/v1/models').length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(driver.of('model_replaced')).toEqual([]);
    expect(await model()).toBe('claude-sonnet-7');
  });

  it('without a Sonnet in the list, the first listed model is used', async () => {
    fake.setModels([
      { id: 'claude-opus-7', display_name: 'Claude Opus 7' },
      { id: 'claude-haiku-7', display_name: 'Claude Haiku 7' },
    ]);
    driver = startCoreDriver(fake);
    await expect.poll(model).toBe('claude-opus-7');
  });

  it('a listed model is left as it is, and nothing is said', async () => {
    driver = startCoreDriver(fake);
    await expect.poll(() => fake.requests.filter((r) => r.path === '/v1/models').length).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await model()).toBe(DEFAULT_MODEL);
    expect(driver.of('model_replaced')).toEqual([]);
    expect((await driver.call('app.info', {})).modelReplaced).toBeUndefined();
  });
});
