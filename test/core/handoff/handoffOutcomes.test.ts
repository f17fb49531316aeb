// A handoff that does not hand off (SPEC §4.2 "A handoff exchange never reaches the model again", "Only
// a complete document hands off"), against real shapes and failures: after each, the conversation goes
// on in the old session with none of the handoff in the model's context, the exchange kept on disk
// (marked) with its outcome, and no new session file.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage, SessionEntry } from '../../../shared/session';
import { HANDOFF_PROMPT_OPENING } from '../../../shared/sessionFormat';
import { HANDOFF_SECTIONS, texts } from '../../../shared/texts';
import { buildHandoffPrompt } from '../../../electron/core/handoff/handoffDocument';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { useFakeAnthropic, type Scenario } from '../../fakeAnthropic';
import { replay } from '../../fixtures/recordedStreams';
import { expectValidRequests } from '../../support/apiRequestRules';
import { bodyOf, createHarness, handoffError, MODEL, readSessionFile, sessionFiles, until, type Harness, type HarnessOptions } from '../agent/harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());

const SEED = 'Build a parser for the config format';
const DOCUMENT = HANDOFF_SECTIONS.map((s) => `## ${s}\n${s}: the parser work, in detail.`).join('\n\n');
/** All six headings, cut off inside the last section. */
const CUT_DOCUMENT = `${DOCUMENT.slice(0, DOCUMENT.indexOf('## Next Steps'))}## Next Steps\n1. Finish the pars`;

async function seeded(options: HarnessOptions = {}): Promise<Harness> {
  h = createHarness(fake, options);
  await h.agent.prompt(SEED);
  return h;
}


const entries = (): SessionEntry[] => readSessionFile(h.agent.sessionManager.getSessionFile()).entries;
const messages = (): AgentMessage[] => entries().flatMap((e) => (e.type === 'message' ? [e.message] : []));

/**
 * The conversation goes on in the old session: the next request carries the seed exchange and the new
 * prompt only, and is one the API accepts; nothing of the handoff was sent, no session file was made.
 */
async function expectConversationGoesOn(): Promise<void> {
  const before = fake.messageRequests().length;
  await h.agent.prompt('Carry on');
  const requests = fake.messageRequests();
  expect(requests).toHaveLength(before + 1);
  const body = bodyOf(requests.at(-1));
  expect(body.messages).toEqual([
    { role: 'user', content: [{ type: 'text', text: SEED }] },
    { role: 'assistant', content: [{ type: 'text', text: `OK: ${SEED}` }] },
    { role: 'user', content: [{ type: 'text', text: 'Carry on' }] },
  ]);
  expect(JSON.stringify(body)).not.toContain(HANDOFF_PROMPT_OPENING);
  expect(sessionFiles(h)).toHaveLength(1);
  expectValidRequests(requests);
}

/** The exchange is on disk, every message of it marked; `reply` says whether a reply came. */
function expectMarkedExchange(reply: Partial<AgentMessage> | undefined): void {
  const saved = messages();
  expect(saved[2]).toEqual({ role: 'user', content: [{ type: 'text', text: buildHandoffPrompt() }], purpose: 'handoff' });
  if (reply) expect(saved[3]).toMatchObject({ role: 'assistant', purpose: 'handoff', ...reply });
  const exchange = saved.slice(2, reply ? 4 : 3);
  expect(exchange.every((m) => m.purpose === 'handoff')).toBe(true);
  expect(saved[reply ? 4 : 3]).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Carry on' }] });
  expect(saved[reply ? 4 : 3]?.purpose).toBeUndefined();
}

const outcomes = () => entries().filter((e) => e.type === 'handoff_outcome');

describe('a handoff that fails leaves the old session to go on without it', () => {
  it.each<[string, Scenario[], string, Partial<AgentMessage> | undefined]>([
    [
      'a 500 after retries',
      [
        { kind: 'error', status: 500, retryAfterMs: 5 },
        { kind: 'error', status: 500, retryAfterMs: 5 },
      ],
      'The Anthropic API had an internal error (500). Try again.',
      undefined,
    ],
    [
      'a mid-stream overloaded error (the documentation’s error event)',
      [replay('anthropic-docs/overloaded-error.sse', { chunkBytes: 7 })],
      'The Anthropic API is overloaded. Try again shortly.',
      { content: [{ type: 'text', text: 'Hello' }], errorMessage: 'The Anthropic API is overloaded. Try again shortly.' },
    ],
    ['an empty reply', [{ kind: 'empty' }], 'The model returned an empty handoff document.', { content: [] }],
    [
      'a refusal ("Hi" after signed thinking)',
      [replay('baton/refusal-after-thinking.sse', { chunkBytes: 9 })],
      texts.handoffRefused,
      { content: [expect.objectContaining({ type: 'thinking' }), { type: 'text', text: 'Hi' }], stopReason: 'refusal' },
    ],
    [
      'a document cut off at max_tokens in "Next Steps", all six headings present',
      [{ kind: 'text', text: CUT_DOCUMENT, chunkSize: 40, stopReason: 'max_tokens' }],
      texts.handoffCutOff,
      { content: [{ type: 'text', text: CUT_DOCUMENT }], stopReason: 'max_tokens' },
    ],
  ])('%s', async (_, scenarios, message, reply) => {
    await seeded({ maxRetries: 1 });
    const oldId = h.agent.sessionId;
    fake.enqueue(...scenarios);
    const error = await handoffError(h.handoff.handoff());
    expect(error).toMatchObject({ kind: 'failed', message });
    expect(h.of('handoff_progress').at(-1)).toMatchObject({ phase: 'failed', text: message });
    expect(h.agent.sessionId).toBe(oldId);
    expect(h.children).toEqual([]);

    await expectConversationGoesOn();
    expectMarkedExchange(reply);
    expect(outcomes()).toEqual([expect.objectContaining({ outcome: 'failed', message })]);
  });

  it('the user reads "Handoff failed: …" with the exact refusal and cut-off texts', () => {
    expect(texts.handoffFailed(texts.handoffRefused)).toBe('Handoff failed: Claude declined to write a handoff document.');
    expect(texts.handoffFailed(texts.handoffCutOff)).toBe('Handoff failed: the handoff document was cut off.');
  });

  it('cancelled: the stopped exchange is kept, marked, with a "cancelled" outcome', async () => {
    await seeded();
    fake.enqueue({ kind: 'text', text: DOCUMENT, chunkSize: 4, delayMs: 30 });
    const running = h.handoff.handoff();
    await until(() => h.of('handoff_progress').some((e) => e.phase === 'generating' && e.text.length > 0));
    h.handoff.abort();
    expect(await handoffError(running)).toMatchObject({ kind: 'cancelled', message: texts.handoffCancelled });

    await expectConversationGoesOn();
    expectMarkedExchange({ aborted: true });
    expect(outcomes()).toEqual([expect.objectContaining({ outcome: 'cancelled' })]);
  });

  it('review first, discarded: the exchange is kept, marked, and no outcome is written', async () => {
    await seeded();
    fake.enqueue({ kind: 'text', text: DOCUMENT, chunkSize: 40 });
    const draft = await h.handoff.generate();
    expect(draft.document).toBe(DOCUMENT);
    h.handoff.discard();

    await expectConversationGoesOn();
    expectMarkedExchange({ content: [{ type: 'text', text: DOCUMENT }], stopReason: 'end_turn' });
    expect(outcomes()).toEqual([]);
  });
});

describe('a session written before handoff messages were marked', () => {
  /** The old session file as the code of that time wrote it: a handoff prompt and its reply, unmarked. */
  const oldSession = (dir: string): SessionManager => {
    const writer = SessionManager.create(dir);
    writer.appendModelChange(MODEL);
    writer.appendMessage({ role: 'user', content: [{ type: 'text', text: SEED }] });
    writer.appendMessage({ role: 'assistant', content: [{ type: 'text', text: `OK: ${SEED}` }], model: MODEL, stopReason: 'end_turn', usage: { input_tokens: 20, output_tokens: 9 } });
    writer.appendMessage({ role: 'user', content: [{ type: 'text', text: buildHandoffPrompt('the tokenizer') }] });
    writer.appendMessage({ role: 'assistant', content: [{ type: 'text', text: DOCUMENT }], model: MODEL, stopReason: 'end_turn', usage: { input_tokens: 300, output_tokens: 90 } });
    const path = writer.getSessionFile();
    writer.close();
    return SessionManager.open(path);
  };

  it('keeps the unmarked handoff prompt and reply out of the context after reopening', async () => {
    h = createHarness(fake, { sessionManager: oldSession });
    expect(messages().some((m) => m.purpose !== undefined)).toBe(false);
    await expectConversationGoesOn();
    expect(JSON.stringify(bodyOf(fake.messageRequests().at(-1)))).not.toContain('the parser work, in detail');
  });
});
