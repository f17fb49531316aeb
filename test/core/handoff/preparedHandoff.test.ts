// Prepare the handoff in advance (docs/handoff.md) through a real core, against the fake model server:
// past the threshold at which Hand off invites, a finished reply is followed by the handoff's request in
// the background, with nothing saved or shown; Hand off then starts the new session from that document
// with no request of its own while the branch is the one it was written for, and writes it as usual when not.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HandoffResult } from '../../../shared/contract';
import { HANDOFF_PROMPT_OPENING } from '../../../shared/sessionFormat';
import { useFakeAnthropic, type RecordedRequest, type Scenario } from '../../fakeAnthropic';
import { FakePromptCache } from '../../fakeAnthropic/promptCache';
import { expectValidRequests } from '../../support/apiRequestRules';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';
import { readSessionFile } from '../agent/harness';

const fake = useFakeAnthropic();
let d: CoreDriver;
afterEach(() => d?.dispose());
afterEach(() => {
  expectValidRequests(fake.messageRequests());
});

// Each names the last request, so the carry-over check appends nothing and the new session holds the text as it is.
const DOCUMENT = '## Goal\nWhere we are: two\n\n## Next Steps\nMore.';
const LATER_DOCUMENT = '## Goal\nWhere we are: three\n\n## Next Steps\nMore still.';
const FOCUSED_DOCUMENT = '## Goal\nWhere we are: two, the parser first\n\n## Next Steps\nThe parser.';
/** A reply whose usage puts the context at `percent` of the 200,000-token window (Hand off invites past 70 %). */
const replyAt = (percent: number, text = `At ${percent} %`): Scenario => ({
  kind: 'text',
  text,
  usage: { input_tokens: percent * 2_000 - 10, output_tokens: 10 },
});
const isHandoffRequest = (r: RecordedRequest) => JSON.stringify(r.body).includes(HANDOFF_PROMPT_OPENING);
const handoffRequests = () => fake.messageRequests().filter(isHandoffRequest);
/** The request the fake is answering now has been answered (or given up) in full. */
const settled = () => expect.poll(() => fake.messageRequests().every((r) => r.completed || r.aborted), { timeout: 10_000 }).toBe(true);

/** Lets anything the last run set off happen, so a test can say it did not. */
async function quiet(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function start(prepare = true): Promise<string> {
  // A stalled request is ended by what the test does, never by the provider giving up on it.
  d = startCoreDriver(fake, { inactivityTimeoutMs: 60_000 });
  if (prepare) await d.call('settings.set', { prepareHandoff: true });
  return (await d.call('sessions.open', {})).header.id;
}

/** The entries of a session as on disk. */
function entriesOf(sessionId: string) {
  const dir = join(d.dataDir, 'sessions');
  const file = readdirSync(dir).find((f) => f.includes(sessionId) && f.endsWith('.jsonl'));
  if (!file) throw new Error(`no file for session ${sessionId}`);
  return readSessionFile(join(dir, file)).entries;
}
const handoffMessagesOf = (sessionId: string) => entriesOf(sessionId).filter((e) => e.type === 'message' && e.message.purpose === 'handoff');

function done(result: HandoffResult): Extract<HandoffResult, { status: 'done' }> {
  if (result.status !== 'done') throw new Error(`the handoff ended ${result.status}`);
  return result;
}

/** One exchange under the threshold and one past it: the second's reply sets the preparation off. */
async function pastThreshold(...prepared: Scenario[]): Promise<void> {
  fake.enqueue(replyAt(10), replyAt(75), ...prepared);
  await d.chat('one');
  await d.chat('two');
}

describe('prepare the handoff in advance', () => {
  it('is off by default: a reply past the threshold sends nothing in the background, and Hand off writes the document', async () => {
    const parent = await start(false);
    expect(await d.call('settings.get', {})).toMatchObject({ prepareHandoff: false });
    await pastThreshold();
    await quiet();
    expect(handoffRequests()).toHaveLength(0);

    fake.enqueue({ kind: 'text', text: DOCUMENT });
    expect(done(await d.call('handoff.start', { sessionId: parent })).document).toBe(DOCUMENT);
    expect(handoffRequests()).toHaveLength(1);
    // Written as a handoff is: its exchange is in the old session.
    expect(handoffMessagesOf(parent)).toHaveLength(2);
  });

  it('after a reply past the threshold, sends the handoff request unseen; Hand off then starts the new session with no request', async () => {
    const parent = await start();
    fake.enqueue(replyAt(10));
    await d.chat('one');
    await quiet();
    expect(handoffRequests()).toHaveLength(0);

    fake.enqueue(replyAt(75), { kind: 'text', text: DOCUMENT });
    const before = d.events.length;
    await d.chat('two');
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    await settled();
    await quiet();
    // Nothing of it in the chat, on disk or in the view's events.
    const after = d.events.slice(before).map((e) => e.type);
    expect(after).not.toContain('handoff_progress');
    expect(after.filter((type) => type === 'message_end')).toHaveLength(2); // "two" and its reply
    expect(handoffMessagesOf(parent)).toEqual([]);
    expect(d.of('error')).toEqual([]);

    const requests = fake.messageRequests().length;
    const result = done(await d.call('handoff.start', { sessionId: parent }));
    expect(fake.messageRequests()).toHaveLength(requests);
    expect(result.document).toBe(DOCUMENT);
    expect(result.session.header).toMatchObject({ parentSession: parent, origin: 'handoff' });
    expect(d.of('session_switched').at(-1)?.session.header.id).toBe(result.session.header.id);
    // The new session holds the document; the old one says where it went, and has no exchange.
    const seed = entriesOf(result.session.header.id).find((e) => e.type === 'custom_message');
    expect(seed?.type === 'custom_message' && seed.content).toContain(DOCUMENT);
    expect(entriesOf(parent).filter((e) => e.type === 'handoff_outcome')).toMatchObject([{ outcome: 'done', childSession: result.session.header.id }]);
    expect(handoffMessagesOf(parent)).toEqual([]);
  });

  it('with review first, the review opens with the prepared document at once', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'text', text: DOCUMENT });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    const requests = fake.messageRequests().length;
    const review = await d.call('handoff.start', { sessionId: parent, review: true });
    expect(review).toMatchObject({ status: 'review', document: DOCUMENT });
    const committed = done(await d.call('handoff.commit', { sessionId: parent, document: `${DOCUMENT}\n\nEdited.` }));
    expect(committed.document).toBe(`${DOCUMENT}\n\nEdited.`);
    expect(fake.messageRequests()).toHaveLength(requests);
  });

  it('Hand off while it is still being written waits for it; Cancel then stops it and records nothing', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'text', text: DOCUMENT, chunkSize: 4, delayMs: 50 });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    const requests = fake.messageRequests().length;
    expect(done(await d.call('handoff.start', { sessionId: parent })).document).toBe(DOCUMENT);
    expect(fake.messageRequests()).toHaveLength(requests);

    await d.call('sessions.open', { id: parent });
    fake.enqueue(replyAt(80), { kind: 'stall' });
    await d.chat('three');
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(2);
    const outcomes = entriesOf(parent).filter((e) => e.type === 'handoff_outcome').length;
    const started = d.call('handoff.start', { sessionId: parent });
    await expect.poll(() => d.of('handoff_progress').filter((e) => e.phase === 'generating').length, { timeout: 10_000 }).toBe(2);
    await d.call('handoff.cancel', { sessionId: parent });
    expect(await started).toEqual({ status: 'cancelled' });
    await expect.poll(() => handoffRequests()[1]!.aborted, { timeout: 10_000 }).toBe(true);
    expect(handoffRequests()).toHaveLength(2);
    expect(entriesOf(parent).filter((e) => e.type === 'handoff_outcome')).toHaveLength(outcomes);
  });

  it('a message sent after it makes Hand off write the document again, for the branch as it is', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'text', text: DOCUMENT });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    await settled();
    // A reply that fails is not followed by a preparation.
    fake.enqueue({ kind: 'stream_error', text: 'Half an ans' });
    await d.chat('three');
    await quiet();
    expect(handoffRequests()).toHaveLength(1);

    fake.enqueue({ kind: 'text', text: LATER_DOCUMENT });
    const result = done(await d.call('handoff.start', { sessionId: parent }));
    expect(result.document).toBe(LATER_DOCUMENT);
    expect(handoffRequests()).toHaveLength(2);
    expect(JSON.stringify(handoffRequests()[1]!.body)).toContain('three');
  });

  it('a later reply past the threshold prepares it again, mostly read from the prompt cache the first one wrote', async () => {
    const parent = await start();
    // A long session: its early part is most of it, as it is once the context is past the threshold.
    fake.enqueue(replyAt(10, 'The long early part of the work. '.repeat(1_500)), replyAt(75), { kind: 'text', text: DOCUMENT });
    await d.chat('one');
    await d.chat('two');
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    await settled();
    fake.enqueue(replyAt(80), { kind: 'text', text: LATER_DOCUMENT });
    await d.chat('three');
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(2);

    const requests = fake.messageRequests().length;
    expect(done(await d.call('handoff.start', { sessionId: parent })).document).toBe(LATER_DOCUMENT);
    expect(fake.messageRequests()).toHaveLength(requests);
    // The two requests billed as the API's prefix caching would (the fake's rules, a small minimum): the
    // second reads what the first wrote of the transcript. The figure the Settings hint states.
    const cache = new FakePromptCache(() => 0, { minTokens: 1 });
    const [first, second] = handoffRequests().map((r) => cache.account(r.body));
    expect(first?.cache_creation_input_tokens).toBeGreaterThan(0);
    const billed = second!.input_tokens + second!.cache_read_input_tokens + second!.cache_creation_input_tokens;
    expect(second!.cache_read_input_tokens / billed).toBeGreaterThan(0.8);
  });

  it('a message pinned after it, or other handoff settings, make Hand off write the document again', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'text', text: DOCUMENT });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    await settled();
    const reply = entriesOf(parent).findLast((e) => e.type === 'message' && e.message.role === 'assistant');
    await d.call('sessions.pin', { sessionId: parent, entryId: reply!.id });
    fake.enqueue({ kind: 'text', text: DOCUMENT });
    const pinned = done(await d.call('handoff.start', { sessionId: parent }));
    expect(handoffRequests()).toHaveLength(2);
    expect(pinned.document).toContain('## Pinned (verbatim)');
    expect(pinned.document).toContain('At 75 %');

    await d.call('sessions.open', { id: parent });
    fake.enqueue(replyAt(80), { kind: 'text', text: LATER_DOCUMENT });
    await d.chat('three');
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(3);
    await settled();
    await d.call('settings.set', { handoffModel: 'claude-haiku-5-5' });
    fake.enqueue({ kind: 'text', text: LATER_DOCUMENT });
    expect(done(await d.call('handoff.start', { sessionId: parent })).document).toContain(LATER_DOCUMENT);
    expect(handoffRequests()).toHaveLength(4);
    expect(handoffRequests()[3]!.body).toMatchObject({ model: 'claude-haiku-5-5' });
  });

  it('a focus given makes Hand off write the document with it', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'text', text: DOCUMENT });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    fake.enqueue({ kind: 'text', text: FOCUSED_DOCUMENT });
    const result = done(await d.call('handoff.start', { sessionId: parent, focus: 'the parser' }));
    expect(result.document).toBe(FOCUSED_DOCUMENT);
    expect(handoffRequests()).toHaveLength(2);
    expect(JSON.stringify(handoffRequests()[1]!.body)).toContain('Additional focus: the parser');
  });

  it('does not hold up a message sent meanwhile, and that message cancels it', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'stall' });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    fake.enqueue(replyAt(76), { kind: 'text', text: LATER_DOCUMENT });
    await d.chat('three');
    await expect.poll(() => handoffRequests()[0]!.aborted, { timeout: 10_000 }).toBe(true);
    // The reply to "three" is past the threshold too: prepared again, for the branch with it.
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(2);
    const requests = fake.messageRequests().length;
    expect(done(await d.call('handoff.start', { sessionId: parent })).document).toBe(LATER_DOCUMENT);
    expect(fake.messageRequests()).toHaveLength(requests);
  });

  it('Stop, leaving the session and quitting cancel it', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'stall' });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(1);
    await d.call('chat.stop', { sessionId: parent });
    await expect.poll(() => handoffRequests()[0]!.aborted, { timeout: 10_000 }).toBe(true);

    fake.enqueue(replyAt(80), { kind: 'stall' });
    await d.chat('three');
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(2);
    // Another session shown: nothing runs in this one and no view shows it, so it is released.
    await d.call('sessions.new', {});
    await expect.poll(() => handoffRequests()[1]!.aborted, { timeout: 10_000 }).toBe(true);
    expect(d.of('error')).toEqual([]);

    await d.call('sessions.open', { id: parent });
    fake.enqueue(replyAt(85), { kind: 'stall' });
    await d.chat('four');
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(3);
    await d.restart();
    await expect.poll(() => handoffRequests()[2]!.aborted, { timeout: 10_000 }).toBe(true);
  });

  it('a failed preparation is silent, and Hand off then writes the document as usual', async () => {
    const parent = await start();
    await pastThreshold({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    await expect.poll(() => handoffRequests().length, { timeout: 10_000 }).toBe(2);
    await settled();
    await quiet();
    expect(d.of('error')).toEqual([]);
    expect(d.of('handoff_progress')).toEqual([]);
    expect(d.of('handoff_result')).toEqual([]);

    fake.enqueue({ kind: 'text', text: DOCUMENT });
    expect(done(await d.call('handoff.start', { sessionId: parent })).document).toBe(DOCUMENT);
    expect(handoffRequests()).toHaveLength(3);
    expect(handoffMessagesOf(parent)).toHaveLength(2);
  });
});
