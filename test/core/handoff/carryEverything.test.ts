// SPEC §4.3 "A document that carries everything", through a real core against the fake model server:
// pins, the carry-over check with and without review, sources, chains, the user's own sections, failures
// with a way forward, and a review that survives a restart. Each asserts what lands on disk or what the
// user is answered.
import { afterEach, describe, expect, it } from 'vitest';
import type { HandoffResult } from '../../../shared/contract';
import type { CustomMessageEntry, HandoffDetails, SessionEntry } from '../../../shared/session';
import { unwrapHandoffDocument } from '../../../shared/sessionFormat';
import { DEFAULT_HANDOFF_INSTRUCTIONS } from '../../../shared/settings';
import { HANDOFF_SECTIONS, texts } from '../../../shared/texts';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { recordedStream } from '../../fixtures/recordedStreams';
import { expectValidRequests } from '../../support/apiRequestRules';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';
import { requestTexts } from '../agent/harness';

const fake = useFakeAnthropic();
let d: CoreDriver;
afterEach(() => d?.dispose());

const ASK = 'Fix the BOM bug in `src/import/csvReader.ts`; the report is https://github.com/acme/etl/issues/412';
/** A document that forgets every identifier, cites message 1, and claims one thing done without a source. */
const LOSSY = HANDOFF_SECTIONS.map((s) =>
  s === 'Progress' ? '## Progress\n- [x] Found the bug [#1]\n- [x] Wrote the fix\n- [ ] Release' : `## ${s}\nThe importer work [#1].`,
).join('\n\n');

/** Every handoff prompt asks to cite the numbered messages, whatever the user's own instructions say. */
const handoffRequests = () => fake.messageRequests().filter((r) => (requestTexts(r).at(-1) ?? '').includes('cite the message it comes from as [#n]'));

async function started(): Promise<string> {
  d = startCoreDriver(fake);
  const id = (await d.call('sessions.open', {})).header.id;
  await d.chat(ASK);
  return id;
}

function done(result: HandoffResult): Extract<HandoffResult, { status: 'done' }> {
  if (result.status !== 'done') throw new Error(`not done: ${JSON.stringify(result)}`);
  return result;
}

function review(result: HandoffResult): Extract<HandoffResult, { status: 'review' }> {
  if (result.status !== 'review') throw new Error(`not review: ${JSON.stringify(result)}`);
  return result;
}

/** The child's handoff card entry, as opened. */
function seedOf(result: Extract<HandoffResult, { status: 'done' }>): CustomMessageEntry & { details: HandoffDetails } {
  const entry = result.session.entries.find((e): e is CustomMessageEntry => e.type === 'custom_message');
  if (!entry) throw new Error('no handoff entry');
  return entry as CustomMessageEntry & { details: HandoffDetails };
}

const entriesOf = async (id: string): Promise<SessionEntry[]> => (await d.call('sessions.open', { id })).entries;

describe('pin for handoff', () => {
  it('pins and unpins a message, kept in the session file across a restart, and travels word for word', async () => {
    const parent = await started();
    const pinned = '    Exact wording, indented:\n```sql\nALTER TABLE rows ADD bom BOOLEAN;\n```\n';
    await d.chat(pinned);
    const view = await d.call('sessions.open', { id: parent });
    const messages = view.entries.filter((e) => e.type === 'message');
    const [first, , mine] = messages.map((e) => e.id);
    expect(await d.call('sessions.pin', { sessionId: parent, entryId: first! })).toEqual({ pinned: [first] });
    expect(await d.call('sessions.pin', { sessionId: parent, entryId: mine! })).toEqual({ pinned: [first, mine] });
    expect(await d.call('sessions.unpin', { sessionId: parent, entryId: first! })).toEqual({ pinned: [mine] });
    expect(d.of('entry_added').filter((e) => e.entry.type === 'pin')).toHaveLength(3);
    await expect(d.call('sessions.pin', { sessionId: parent, entryId: 'no-such-entry' })).rejects.toThrow(/not_found/);

    await d.restart();
    expect((await d.call('sessions.open', { id: parent })).pinned).toEqual([mine]);

    fake.enqueue({ kind: 'text', text: LOSSY });
    const result = done(await d.call('handoff.start', { sessionId: parent }));
    const document = unwrapHandoffDocument(seedOf(result).content);
    expect(document).toContain(`## Pinned (verbatim)\n\n### Pinned message [#3]\n\n${pinned}`);
    expect(document.match(/## Pinned \(verbatim\)/g)).toHaveLength(1);
    expect(result.sources?.['3']).toBe(mine);
  });

  it('a pinned last request is carried once, with the identifiers in it: the review lists it once, the card counts it once', async () => {
    const parent = await started();
    const [ask] = (await entriesOf(parent)).filter((e) => e.type === 'message').map((e) => e.id);
    await d.call('sessions.pin', { sessionId: parent, entryId: ask! });
    fake.enqueue({ kind: 'text', text: LOSSY });
    const draft = review(await d.call('handoff.start', { sessionId: parent, review: true }));
    expect(draft.carryOver).toEqual([{ id: 'pin-1', kind: 'pin', text: ASK, inDocument: false }]);
    const result = done(await d.call('handoff.commit', { sessionId: parent, document: draft.document }));
    const document = unwrapHandoffDocument(seedOf(result).content);
    expect(document.split(ASK)).toHaveLength(2);
    expect(document.split('src/import/csvReader.ts')).toHaveLength(2);
    expect(document).not.toContain('## Also carried over');
    expect(seedOf(result).details.carriedOver).toEqual({ kept: 1, total: 1 });
  });
});

describe('the carry-over check', () => {
  it('without review, appends every missing item, and the card counts them all', async () => {
    const parent = await started();
    fake.enqueue({ kind: 'text', text: LOSSY });
    const result = done(await d.call('handoff.start', { sessionId: parent }));
    const document = unwrapHandoffDocument(seedOf(result).content);
    expect(document.startsWith(LOSSY)).toBe(true);
    const appendix = document.slice(LOSSY.length);
    expect(appendix).toContain('## Also carried over');
    expect(appendix).toContain('`src/import/csvReader.ts`');
    expect(appendix).toContain('https://github.com/acme/etl/issues/412');
    expect(appendix).toContain(`- Last request:\n  > ${ASK}`);
    expect(result.carriedOver).toEqual({ kept: 3, total: 3 });
    expect(seedOf(result).details.carriedOver).toEqual({ kept: 3, total: 3 });
    // "Not in the document: …": what the model's text lacked.
    expect(result.carryOver?.filter((i) => !i.inDocument).map((i) => i.text)).toEqual([ASK, 'https://github.com/acme/etl/issues/412', 'src/import/csvReader.ts']);
    expect(result.missingSections).toEqual([]);
    // What the parent's outcome says was handed off is the same whole document.
    const outcome = (await entriesOf(parent)).find((e) => e.type === 'handoff_outcome');
    expect(outcome).toMatchObject({ outcome: 'done', document });
  });

  it('with review, lists each item with whether the document has it; commit keeps only the ticked ones', async () => {
    const parent = await started();
    fake.enqueue({ kind: 'text', text: `${LOSSY}\n\nSee \`src/import/csvReader.ts\`.` });
    const draft = review(await d.call('handoff.start', { sessionId: parent, review: true }));
    expect(draft.carryOver).toEqual([
      { id: 'request-1', kind: 'request', text: ASK, inDocument: false },
      { id: 'identifier-1', kind: 'identifier', text: 'https://github.com/acme/etl/issues/412', inDocument: false },
      { id: 'identifier-2', kind: 'identifier', text: 'src/import/csvReader.ts', inDocument: true },
    ]);
    const result = done(await d.call('handoff.commit', { sessionId: parent, document: draft.document, keep: ['identifier-1'] }));
    const document = unwrapHandoffDocument(seedOf(result).content);
    expect(document).toContain('- https://github.com/acme/etl/issues/412');
    expect(document).not.toContain('Last request');
    expect(result.carriedOver).toEqual({ kept: 2, total: 3 });
    expect(seedOf(result).details.carriedOver).toEqual({ kept: 2, total: 3 });
  });
});

describe('sources', () => {
  it('numbers the messages sent, maps each citation to the parent’s entry, and reports a done item without one', async () => {
    const parent = await started();
    const [ask, answer] = (await entriesOf(parent)).filter((e) => e.type === 'message').map((e) => e.id);
    fake.enqueue({ kind: 'text', text: LOSSY });
    const result = done(await d.call('handoff.start', { sessionId: parent }));
    const sent = requestTexts(handoffRequests()[0]);
    expect(sent[0]).toBe(`[#1] ${ASK}`);
    expect(sent[1]).toMatch(/^\[#2\] /);
    expect(sent.at(-1)).toContain('[#n]');
    expect(result.sources).toEqual({ '1': ask });
    expect(answer).toBeDefined();
    expect(result.unverified).toEqual(['Wrote the fix']);
    expect(seedOf(result).details).toMatchObject({ sources: { '1': ask }, unverified: ['Wrote the fix'] });
    expectValidRequests(fake.messageRequests());
  });
});

describe('chains', () => {
  it('gives the model the previous document and asks for an updated one; review shows what changed', async () => {
    const parent = await started();
    const first = `${HANDOFF_SECTIONS.map((s) => `## ${s}\nOld ${s}.`).join('\n\n')}`;
    fake.enqueue({ kind: 'text', text: first });
    const child = done(await d.call('handoff.start', { sessionId: parent })).session.header.id;
    await d.chat('Carry on with the release');
    const second = first.replace('Old Progress.', 'Released 1.2.');
    fake.enqueue({ kind: 'text', text: second });
    const draft = review(await d.call('handoff.start', { sessionId: child, review: true }));
    const prompt = requestTexts(handoffRequests()[1]).at(-1) ?? '';
    expect(prompt).toContain('Write an updated document');
    expect(prompt).toContain('drop what is done and no longer needed');
    expect(prompt).toContain(`<previous-handoff>\n${first}`);
    expect(draft.changes).toEqual({ added: ['Released 1.2.'], removed: ['Old Progress.'] });
  });
});

describe('your own sections', () => {
  it('asks for the sections set, checks by them, and Reset to default brings back the six', async () => {
    const parent = await started();
    const mine = { prompt: 'Hand this over. Use these headings:\n\n{sections}\n\nNothing else.', sections: ['สรุป', 'ไฟล์'] };
    expect(await d.call('settings.set', { handoffInstructions: mine })).toMatchObject({ handoffInstructions: mine });
    fake.enqueue({ kind: 'text', text: '## Summary (สรุป)\nย้ายไป Postgres\n\n## Files (ไฟล์)\nnone' });
    const result = done(await d.call('handoff.start', { sessionId: parent }));
    const prompt = requestTexts(handoffRequests()[0]).at(-1) ?? '';
    expect(prompt.startsWith('Hand this over. Use these headings:\n\n## สรุป\n\n## ไฟล์\n\nNothing else.')).toBe(true);
    expect(result.missingSections).toEqual([]);
    expect(result.session.header.title).toBe('ย้ายไป Postgres');

    expect((await d.call('settings.set', { handoffInstructions: null })).handoffInstructions).toBeNull();
    await d.chat('More work');
    fake.enqueue({ kind: 'text', text: LOSSY });
    await d.call('handoff.start', { sessionId: result.session.header.id });
    expect(requestTexts(handoffRequests()[1]).at(-1)).toContain(DEFAULT_HANDOFF_INSTRUCTIONS.prompt.slice(0, 60));
  });

  it('refuses sections that are not one line', async () => {
    d = startCoreDriver(fake);
    await expect(d.call('settings.set', { handoffInstructions: { prompt: 'x', sections: ['a\n## b'] } })).rejects.toThrow(/invalid_input/);
  });
});

describe('failures with a way forward', () => {
  const CUT = `${LOSSY.slice(0, LOSSY.indexOf('## Next Steps'))}## Next Steps\n1. Finish the`;

  it('cut off: "The handoff document was cut off.", a hint, and the text to review anyway, which commits', async () => {
    const parent = await started();
    fake.enqueue({ kind: 'text', text: CUT, stopReason: 'max_tokens' });
    const result = await d.call('handoff.start', { sessionId: parent });
    expect(result).toMatchObject({ status: 'failed', message: 'The handoff document was cut off.', hint: texts.handoffCutOffHint });
    expect(texts.handoffFailed(texts.handoffCutOff)).toBe('Handoff failed: the handoff document was cut off.');
    if (result.status !== 'failed') throw new Error('not failed');
    expect(result.reviewAnyway).toMatchObject({ document: CUT, cutOff: true });
    // The failure is recorded, and the text waits like a reviewed one (also for a view opened now).
    const entries = await entriesOf(parent);
    expect(entries.filter((e) => e.type === 'handoff_outcome')).toEqual([expect.objectContaining({ outcome: 'failed', message: texts.handoffCutOff })]);
    expect((await d.call('sessions.open', { id: parent })).handoff).toMatchObject({ phase: 'review', cutOff: true, document: CUT });
    const committed = done(await d.call('handoff.commit', { sessionId: parent, document: `${CUT} release.` }));
    expect(unwrapHandoffDocument(seedOf(committed).content).startsWith(`${CUT} release.`)).toBe(true);
  });

  it('refused: the API’s explanation when it gives one, and a hint; the recorded refusal (explanation null) reads as before', async () => {
    const parent = await started();
    const explained = recordedStream('baton/refusal-after-thinking.sse').replace('"explanation":null', '"explanation":"The request asks for a bio-weapon recipe."');
    fake.enqueue({ kind: 'replay', sse: explained });
    expect(await d.call('handoff.start', { sessionId: parent })).toEqual({
      status: 'failed',
      message: 'Claude declined to write a handoff document: The request asks for a bio-weapon recipe.',
      hint: texts.handoffRefusedHint,
    });
    fake.enqueue({ kind: 'replay', sse: recordedStream('baton/refusal-after-thinking.sse') });
    expect(await d.call('handoff.start', { sessionId: parent })).toEqual({ status: 'failed', message: texts.handoffRefused, hint: texts.handoffRefusedHint });
  });
});

describe('a review survives a restart', () => {
  it('keeps the waiting document on disk; the reopened session shows it for review, and commit still works', async () => {
    const parent = await started();
    fake.enqueue({ kind: 'text', text: LOSSY });
    const draft = review(await d.call('handoff.start', { sessionId: parent, review: true }));
    await d.restart();
    const view = await d.call('sessions.open', { id: parent });
    const { status: _status, ...fields } = draft;
    expect(view.handoff).toEqual({ phase: 'review', ...fields });
    expect(fields.document).toBe(LOSSY);
    const result = done(await d.call('handoff.commit', { sessionId: parent, document: LOSSY }));
    expect(result.carriedOver?.total).toBe(3);
    await d.restart();
    expect((await d.call('sessions.open', { id: parent })).handoff).toBeUndefined();
  });

  it('a title or a pin written after it (as an auto-title is) leaves it waiting, across a restart too', async () => {
    const parent = await started();
    fake.enqueue({ kind: 'text', text: LOSSY });
    const { status: _status, ...fields } = review(await d.call('handoff.start', { sessionId: parent, review: true }));
    await d.call('sessions.rename', { id: parent, title: 'The BOM bug' });
    const [ask] = (await entriesOf(parent)).filter((e) => e.type === 'message').map((e) => e.id);
    await d.call('sessions.pin', { sessionId: parent, entryId: ask! });
    expect((await entriesOf(parent)).slice(-3).map((e) => e.type)).toEqual(['handoff_draft', 'session_info', 'pin']);
    expect((await d.call('sessions.open', { id: parent })).handoff).toEqual({ phase: 'review', ...fields });
    await d.restart();
    expect((await d.call('sessions.open', { id: parent })).handoff).toEqual({ phase: 'review', ...fields });
    const result = done(await d.call('handoff.commit', { sessionId: parent, document: LOSSY }));
    expect(result.carriedOver?.total).toBe(3);
  });

  it('discard clears it: after a restart nothing waits', async () => {
    const parent = await started();
    fake.enqueue({ kind: 'text', text: LOSSY });
    review(await d.call('handoff.start', { sessionId: parent, review: true }));
    await d.call('handoff.discard', { sessionId: parent });
    await d.restart();
    expect((await d.call('sessions.open', { id: parent })).handoff).toBeUndefined();
    await expect(d.call('handoff.commit', { sessionId: parent, document: LOSSY })).resolves.toMatchObject({ status: 'refused' });
  });
});
