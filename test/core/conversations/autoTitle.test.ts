// Titles written by Claude (SPEC §5 "Name sessions automatically"), against the fake API: after the first
// exchange, one small request (the listed Haiku model, at most 100 output tokens, no tools) whose answer
// becomes the session's title as a session_info; a rename always wins; a handed-off child's Goal-based
// title gives way; a failure is only logged; the setting turns it off.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TITLE_MAX_TOKENS, TITLE_SYSTEM_PROMPT } from '../../../electron/core/conversations/autoTitle';
import { fileLogSink, LOG_FILE, logsDir, setLogSink } from '../../../electron/core/log';
import type { RecordedRequest } from '../../fakeAnthropic';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver | undefined;
afterEach(async () => {
  await driver?.dispose();
  driver = undefined;
  setLogSink(undefined);
});

const isTitleRequest = (r: RecordedRequest) => (r.body as { system?: Array<{ text: string }> } | null)?.system?.[0]?.text === TITLE_SYSTEM_PROMPT;
const titleRequests = () => fake.messageRequests().filter(isTitleRequest);
const titleOf = async (id: string) => (await driver!.call('sessions.list', {})).find((s) => s.id === id)?.title;
const sessionInfo = (id: string) => {
  const dir = join(driver!.dataDir, 'sessions');
  const file = readdirSync(dir).find((name) => name.includes(id))!;
  return readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string }).filter((e) => e.type === 'session_info');
};

describe('naming sessions automatically', () => {
  it('after the first exchange, a small request names the session; the reply came first and later exchanges ask nothing', async () => {
    driver = startCoreDriver(fake, { autoTitle: true });
    const id = (await driver.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'text', text: 'Sourdough needs a starter, flour, water and salt.' }, { kind: 'text', text: '"Baking sourdough bread."' });
    await driver.chat('How do I bake sourdough bread at home?');
    await expect.poll(() => titleOf(id)).toBe('Baking sourdough bread');
    expect(sessionInfo(id)).toEqual([expect.objectContaining({ title: 'Baking sourdough bread', autoTitle: true })]);

    const [request] = titleRequests();
    expect(fake.messageRequests().indexOf(request!)).toBe(1); // after the reply's own request
    const body = request!.body as { model: string; max_tokens: number; tools?: unknown; thinking?: unknown; messages: Array<{ content: Array<{ text: string }> }> };
    expect(body.model).toBe('claude-haiku-5-5'); // the fake's list has a Haiku
    expect(body.max_tokens).toBe(TITLE_MAX_TOKENS);
    expect(body.tools).toBeUndefined();
    expect(body.thinking).toBeUndefined();
    expect(body.messages[0]!.content[0]!.text).toContain('How do I bake sourdough bread at home?');
    expect(body.messages[0]!.content[0]!.text).toContain('Sourdough needs a starter');

    await driver.chat('And the oven temperature?');
    await new Promise((r) => setTimeout(r, 100));
    expect(titleRequests()).toHaveLength(1);
  });

  it('a rename wins: before the first exchange nothing is asked; during the request, the rename is kept', async () => {
    driver = startCoreDriver(fake, { autoTitle: true });
    const named = (await driver.call('sessions.new', {})).header.id;
    await driver.call('sessions.rename', { id: named, title: 'My own name' });
    await driver.chat('Hello there');
    await new Promise((r) => setTimeout(r, 100));
    expect(titleRequests()).toHaveLength(0);

    const racing = (await driver.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'text', text: 'Hi!' }, { kind: 'text', text: 'Greeting', delayMs: 300 });
    await driver.chat('Hi');
    await expect.poll(() => titleRequests().length).toBe(1);
    await driver.call('sessions.rename', { id: racing, title: 'Renamed meanwhile' });
    await expect.poll(() => fake.requests.filter((r) => isTitleRequest(r) && r.completed).length).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await titleOf(racing)).toBe('Renamed meanwhile');
    expect(sessionInfo(racing)).toEqual([expect.objectContaining({ title: 'Renamed meanwhile' })]);
  });

  it('a handed-off child gets a better title than its Goal-based one after its first exchange', async () => {
    driver = startCoreDriver(fake, { autoTitle: false });
    const parent = (await driver.call('sessions.new', {})).header.id;
    await driver.chat('Plan the garden');
    fake.enqueue({ kind: 'text', text: '## Goal\nPlant the vegetable garden\n\n## Next Steps\n- dig' });
    const result = await driver.call('handoff.start', { sessionId: parent });
    if (result.status !== 'done') throw new Error(result.status);
    const child = result.session.header.id;
    const goalTitle = await titleOf(child);
    expect(goalTitle).toBeTruthy();
    await driver.call('settings.set', { autoTitle: true });
    fake.enqueue({ kind: 'text', text: 'Dig first.' }, { kind: 'text', text: 'Digging the vegetable beds' });
    await driver.chat('Where do I start?');
    await expect.poll(() => titleOf(child)).toBe('Digging the vegetable beds');
    const asked = (titleRequests().at(-1)!.body as { messages: Array<{ content: Array<{ text: string }> }> }).messages[0]!.content[0]!.text;
    expect(asked).toContain('Where do I start?');
    expect(asked).not.toContain('Plant the vegetable garden');
  });

  it('a failed title request is only logged, in the log file; with the setting off nothing is asked', async () => {
    driver = startCoreDriver(fake, { autoTitle: true });
    setLogSink(fileLogSink(driver.dataDir));
    const id = (await driver.call('sessions.new', {})).header.id;
    fake.enqueue({ kind: 'text', text: 'Sure.' }, { kind: 'error', status: 400, message: 'bad title request' });
    await driver.chat('Help me');
    const logFile = join(logsDir(driver.dataDir), LOG_FILE);
    await expect.poll(() => existsSync(logFile) && readFileSync(logFile, 'utf8')).toMatch(new RegExp(`\\[warn\\] Could not name session ${id} automatically: .*bad title request`));
    expect(driver.of('error')).toEqual([]);
    expect(await titleOf(id)).toBe('Help me');

    await driver.call('settings.set', { autoTitle: false });
    await driver.call('sessions.new', {});
    await driver.chat('Another one');
    await new Promise((r) => setTimeout(r, 100));
    expect(titleRequests()).toHaveLength(1);
  });
});
