// read_parent_session (SPEC §3 "Tools"), through the real core and the fake model server: only a
// handed-off session offers it, and its system prompt says so (the handoff wrapper stays as it is); a
// search finds the parent's messages by words and a read gives them by number, across the chain, with no
// approval and no lock taken on the parent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { READ_PARENT_SESSION } from '../../../electron/core/handoff/parentSessionTool';
import { useFakeAnthropic, type RecordedRequest } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let driver: CoreDriver;
beforeEach(() => {
  driver = startCoreDriver(fake);
});
afterEach(async () => {
  await driver.dispose();
});

const DOCUMENT = '## Goal\nShip it\n\n## Next Steps\n- ship';
type Body = { system?: Array<{ text: string }>; tools?: Array<{ name: string }>; messages: Array<{ role: string; content: unknown }> };
const body = (request: RecordedRequest | undefined) => request?.body as Body;
const toolNames = (request: RecordedRequest | undefined) => body(request).tools?.map((t) => t.name) ?? [];

/** A session with a few exchanges, handed off; the child is shown. */
async function handedOff(exchanges: string[]): Promise<{ parent: string; child: string }> {
  const parent = (await driver.call('sessions.new', {})).header.id;
  for (const text of exchanges) {
    fake.enqueue({ kind: 'text', text: `Noted: ${text}` });
    await driver.chat(text);
  }
  fake.enqueue({ kind: 'text', text: DOCUMENT });
  const result = await driver.call('handoff.start', { sessionId: parent });
  if (result.status !== 'done') throw new Error(`handoff ${result.status}`);
  return { parent, child: result.session.header.id };
}

/** The model calls the tool, then answers; the tool's result is what the model got back. */
async function callTool(input: Record<string, unknown>): Promise<string> {
  fake.enqueue({ kind: 'tool_use', name: READ_PARENT_SESSION, input }, { kind: 'text', text: 'Thanks.' });
  await driver.chat('Look it up');
  const sent = body(fake.messageRequests().at(-1)).messages.at(-1)?.content as Array<{ type: string; content: string; is_error?: boolean }>;
  const result = sent.find((b) => b.type === 'tool_result');
  if (!result) throw new Error('no tool result sent');
  return result.is_error ? `ERROR ${result.content}` : result.content;
}

describe('read_parent_session', () => {
  it('is offered only in a handed-off session, whose system prompt names it', async () => {
    await driver.call('sessions.new', {});
    await driver.chat('hello');
    expect(toolNames(fake.messageRequests().at(-1))).not.toContain(READ_PARENT_SESSION);
    expect(JSON.stringify(body(fake.messageRequests().at(-1)).system)).not.toContain(READ_PARENT_SESSION);

    await handedOff(['first']);
    await driver.chat('go on');
    const request = fake.messageRequests().at(-1);
    expect(toolNames(request)).toContain(READ_PARENT_SESSION);
    expect(JSON.stringify(body(request).system)).toContain(`use the ${READ_PARENT_SESSION} tool`);
    // The document's wrapper is the reference's, word for word.
    const first = body(request).messages[0]?.content as Array<{ text?: string }>;
    expect(first[0]?.text).toMatch(new RegExp(`^<handoff-context>\n${DOCUMENT}\n`));
    expect(first[0]?.text).toMatch(/\n<\/handoff-context>\n\nThe above is a handoff document from a previous session\. Use this context to continue the work seamlessly\.$/);
  });

  it('finds the parent\'s messages by words and reads them by number, with no approval', async () => {
    await handedOff(['The staging password rotates on Fridays', 'Use port 8443 for the admin console']);
    const found = await callTool({ query: 'port admin' });
    expect(found).toMatch(/^Session 1 \(".*"\), message 3 \(user\): Use port 8443 for the admin console$/m);
    expect(found).toMatch(/message 4 \(assistant\): Noted: Use port 8443/);
    expect(found).not.toMatch(/message [12] \(/);

    const read = await callTool({ messages: [1, 2] });
    expect(read).toContain('message 1 (user):\nThe staging password rotates on Fridays');
    expect(read).toContain('message 2 (assistant):\nNoted: The staging password rotates on Fridays');
    expect(driver.of('tool_approval')).toEqual([]);

    expect(await callTool({ query: 'kubernetes' })).toMatch(/^No message of that session contains all of: kubernetes$/);
    expect(await callTool({ messages: [99] })).toMatch(/Message 99: there is none \(session 1 has \d+ messages\)/);
  });

  it('searches the whole chain: a detail from the grandparent is found as session 2', async () => {
    await handedOff(['The codename is BLUEHERON']);
    fake.enqueue({ kind: 'text', text: 'Noted: more' });
    await driver.chat('more work');
    fake.enqueue({ kind: 'text', text: DOCUMENT });
    const second = await driver.call('handoff.start', { sessionId: driver.sessionId });
    expect(second.status).toBe('done');
    const found = await callTool({ query: 'blueheron' });
    expect(found).toMatch(/^Session 2 \(".*"\), message 1 \(user\): The codename is BLUEHERON$/m);
    expect(await callTool({ session: 2, messages: [1] })).toContain('The codename is BLUEHERON');
  });
});
