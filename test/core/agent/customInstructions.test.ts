// Custom instructions (SPEC §5): the Settings' text joins Baton's system prompt on every request, under
// the prompt-cache breakpoint; a session's own instructions (kept in its file as session_info) replace
// them, survive a reopen, can be taken back, and go on with a handoff to the child session.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOM_INSTRUCTIONS_INTRO, SYSTEM_PROMPT } from '../../../electron/core/agent/AgentSession';
import { PARENT_SESSION_NOTE } from '../../../electron/core/handoff/parentSessionTool';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';
import { readSessionFile } from './harness';

const fake = useFakeAnthropic();
let driver: CoreDriver | undefined;
afterEach(async () => {
  await driver?.dispose();
  driver = undefined;
});

/** The system prompt the last messages request carried, as sent (with its cache marker). */
const lastSystem = () => (fake.messageRequests().at(-1)?.body as { system?: Array<{ type: string; text: string; cache_control?: unknown }> } | undefined)?.system;
const withInstructions = (text: string) => `${SYSTEM_PROMPT}\n\n${CUSTOM_INSTRUCTIONS_INTRO}\n\n${text}`;

describe('custom instructions', () => {
  it('from Settings go into the system prompt of every request, which keeps its cache breakpoint', async () => {
    driver = startCoreDriver(fake);
    await driver.chat('Before');
    expect(lastSystem()).toEqual([{ type: 'text', text: SYSTEM_PROMPT, cache_control: { type: 'ephemeral' } }]);
    await driver.call('settings.set', { customInstructions: 'Answer in French.' });
    await driver.chat('Bonjour');
    expect(lastSystem()).toEqual([{ type: 'text', text: withInstructions('Answer in French.'), cache_control: { type: 'ephemeral' } }]);
  });

  it("a session's own instructions replace them, are kept in its file, and can be taken back", async () => {
    driver = startCoreDriver(fake);
    await driver.call('settings.set', { customInstructions: 'Answer in French.' });
    const id = (await driver.call('sessions.new', {})).header.id;
    await driver.call('sessions.setInstructions', { id, instructions: 'Answer in German.' });
    await driver.chat('Hallo');
    expect(lastSystem()?.[0]?.text).toBe(withInstructions('Answer in German.'));

    await driver.restart();
    expect((await driver.call('sessions.open', { id })).instructions).toBe('Answer in German.');
    await driver.chat('Noch einmal');
    expect(lastSystem()?.[0]?.text).toBe(withInstructions('Answer in German.'));

    await driver.call('sessions.setInstructions', { id, instructions: '' });
    await driver.chat('None at all');
    expect(lastSystem()?.[0]?.text).toBe(SYSTEM_PROMPT);
    await driver.call('sessions.setInstructions', { id, instructions: null });
    await driver.chat('Settings again');
    expect(lastSystem()?.[0]?.text).toBe(withInstructions('Answer in French.'));
    const info = readSessionFile(fileOf(driver, id)).entries.filter((e) => e.type === 'session_info');
    expect(info.map((e) => (e as { instructions?: unknown }).instructions)).toEqual(['Answer in German.', '', null]);
  });

  it('a handoff carries the session’s own instructions to the child', async () => {
    driver = startCoreDriver(fake);
    const id = (await driver.call('sessions.new', {})).header.id;
    await driver.call('sessions.setInstructions', { id, instructions: 'Be terse.' });
    await driver.chat('Some work');
    fake.enqueue({ kind: 'text', text: '## Goal\nFinish the work\n\n## Next Steps\n- more' });
    const result = await driver.call('handoff.start', { sessionId: id });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(result.session.instructions).toBe('Be terse.');
    await driver.chat('Go on');
    // A handed-off session's prompt also names read_parent_session, before the instructions.
    expect(lastSystem()?.[0]?.text).toBe(`${SYSTEM_PROMPT}\n\n${PARENT_SESSION_NOTE}\n\n${CUSTOM_INSTRUCTIONS_INTRO}\n\nBe terse.`);
  });
});

function fileOf(d: CoreDriver, id: string): string {
  const dir = join(d.dataDir, 'sessions');
  return join(dir, readdirSync(dir).find((name) => name.includes(id))!);
}
