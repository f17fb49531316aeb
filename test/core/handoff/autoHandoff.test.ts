// Auto-handoff (SPEC §4.2) through the core, against the fake model server: a reply that ends with the
// context above the level starts the handoff by itself, at most once per session.
import { afterEach, describe, expect, it } from 'vitest';
import type { HandoffResult } from '../../../shared/contract';
import { HANDOFF_PROMPT_OPENING } from '../../../shared/sessionFormat';
import { useFakeAnthropic, type Scenario } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';

const fake = useFakeAnthropic();
let d: CoreDriver;
afterEach(() => d?.dispose());

// It names the request that sets the handoff off ("at the level"), so the carry-over check (SPEC §4.3)
// appends nothing and the handed-off document is the model's text as it is.
const DOCUMENT = '## Goal\nKeep going at the level\n\n## Next Steps\nMore.';
/** A reply whose usage puts the context at `percent` of the 200,000-token window. */
const replyAt = (percent: number, text = `At ${percent} %`): Scenario => ({
  kind: 'text',
  text,
  usage: { input_tokens: percent * 2_000 - 10, output_tokens: 10 },
});
const handoffRequests = () => fake.messageRequests().filter((r) => JSON.stringify(r.body).includes(HANDOFF_PROMPT_OPENING));
/** The session the view shows (at start, where the user left off). */
const current = async () => d.view.sessionId ?? (await d.call('sessions.open', {})).header.id;

async function autoResult(): Promise<HandoffResult> {
  await expect.poll(() => d.of('handoff_result').length).toBe(1);
  return d.of('handoff_result')[0]!.result;
}

/** Lets anything the last run set off happen, so a test can say it did not. */
async function quiet(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function startWith(settings: { autoHandoffAt?: number; reviewFirst?: boolean; autoHandoff?: boolean } = {}) {
  d = startCoreDriver(fake);
  await d.call('settings.set', { autoHandoff: true, autoHandoffAt: 0.6, ...settings });
}

describe('auto-handoff', () => {
  it('is off by default: a reply ending with a nearly full context hands nothing off', async () => {
    d = startCoreDriver(fake);
    expect(await d.call('settings.get', {})).toMatchObject({ autoHandoff: false });
    fake.enqueue(replyAt(20), replyAt(95));
    await d.chat('one');
    await d.chat('two');
    await quiet();
    expect(handoffRequests()).toHaveLength(0);
    expect(d.of('handoff_auto')).toHaveLength(0);
  });

  it('starts by itself when a reply ends at or above the level, and hands off to a new session', async () => {
    await startWith({ autoHandoffAt: 0.6 });
    const parent = await current();
    fake.enqueue(replyAt(59), replyAt(60), { kind: 'text', text: DOCUMENT });
    await d.chat('below the level');
    await quiet();
    expect(d.of('handoff_auto')).toHaveLength(0);

    await d.chat('at the level');
    const result = await autoResult();
    expect(d.of('handoff_auto')).toEqual([{ type: 'handoff_auto', sessionId: parent, review: false }]);
    expect(result).toMatchObject({ status: 'done', document: DOCUMENT });
    expect(result.status === 'done' && result.session.header).toMatchObject({ parentSession: parent, origin: 'handoff' });
    // The view that showed the session moves to the new one.
    expect(await current()).toBe(result.status === 'done' && result.session.header.id);
    expect(handoffRequests()).toHaveLength(1);
  });

  it('with review first it stops at the review, and never starts twice in the session', async () => {
    await startWith({ reviewFirst: true });
    const parent = await current();
    fake.enqueue(replyAt(10), replyAt(70), { kind: 'text', text: DOCUMENT });
    await d.chat('one');
    await d.chat('two');
    expect(await autoResult()).toMatchObject({ status: 'review', document: DOCUMENT });
    expect(d.of('handoff_auto')[0]?.review).toBe(true);
    expect(await current()).toBe(parent);

    await d.call('handoff.discard', { sessionId: parent });
    fake.enqueue(replyAt(80));
    await d.chat('three');
    await quiet();
    expect(d.of('handoff_auto')).toHaveLength(1);
    expect(handoffRequests()).toHaveLength(1);

    // Nor after the app restarts: the session keeps the exchange on disk.
    await d.restart();
    expect(await current()).toBe(parent);
    fake.enqueue(replyAt(85));
    await d.chat('four');
    await quiet();
    expect(d.of('handoff_auto')).toHaveLength(0);
    expect(handoffRequests()).toHaveLength(1);
  });

  it('not in a session that was handed off already', async () => {
    await startWith();
    fake.enqueue(replyAt(10), replyAt(10));
    await d.chat('one');
    await d.chat('two');
    const parent = await current();
    fake.enqueue({ kind: 'text', text: DOCUMENT });
    expect(await d.call('handoff.start', { sessionId: await current() })).toMatchObject({ status: 'done' });
    await d.call('sessions.open', { id: parent });
    fake.enqueue(replyAt(90));
    await d.chat('back in the parent');
    await quiet();
    expect(d.of('handoff_auto')).toHaveLength(0);
    expect(handoffRequests()).toHaveLength(1);
  });

  it("a handoff's own reply never starts another, however full the context", async () => {
    await startWith({ autoHandoffAt: 0.1 });
    fake.enqueue(replyAt(5), replyAt(5), { ...replyAt(95, DOCUMENT) });
    await d.chat('one');
    await d.chat('two');
    expect(await d.call('handoff.start', { sessionId: await current() })).toMatchObject({ status: 'done' });
    await quiet();
    expect(d.of('handoff_auto')).toHaveLength(0);
    expect(handoffRequests()).toHaveLength(1);
  });

  it('a failed reply does not start it', async () => {
    await startWith();
    fake.enqueue(replyAt(10), { kind: 'stream_error', text: 'Half an ans', usage: { input_tokens: 190_000 } });
    await d.chat('one');
    await d.chat('two');
    await quiet();
    expect(d.of('handoff_auto')).toHaveLength(0);
  });

  it('a failed automatic handoff is told like any other, and not tried again in that session', async () => {
    await startWith();
    fake.enqueue(replyAt(10), replyAt(70), { kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    await d.chat('one');
    await d.chat('two');
    const result = await autoResult();
    expect(result.status).toBe('failed');
    expect(result.status === 'failed' && result.message).toContain('500');
    // Told once: as the handoff's result, not also as an error.
    expect(d.of('error')).toEqual([]);
    fake.enqueue(replyAt(80));
    await d.chat('three');
    await quiet();
    expect(d.of('handoff_auto')).toHaveLength(1);
  });
});
