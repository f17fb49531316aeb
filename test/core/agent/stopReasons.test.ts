// stop_reason in chat (SPEC §3 "Real API behaviour"): a cut-off reply is kept and its tool call never
// runs; a refused exchange stays on disk but out of later requests; pause_turn goes on by itself; a full
// window or an unknown reason ends the run. Every request sent is checked against the API's rules.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { CONTINUE_PROMPT } from '../../../electron/core/agent/AgentSession';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { recordedStream } from '../../fixtures/recordedStreams';
import { expectValidRequests } from '../../support/apiRequestRules';
import { bodyOf, createHarness, diskTranscript, readSessionFile, requestTexts, type Harness } from './harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());

const setup = () => (h = createHarness(fake));
const file = () => h.agent.sessionManager.getSessionFile();
const savedMessages = (): AgentMessage[] => readSessionFile(file()).entries.flatMap((e) => (e.type === 'message' ? [e.message] : []));
const replies = () => h.of('message_end').filter((e) => e.message.role === 'assistant').map((e) => e.message);

const expectValidRequestsSoFar = () => expectValidRequests(fake.messageRequests());

describe('max_tokens', () => {
  it('keeps the cut-off reply with its stop reason; its tool call is never run; Continue asks for the rest', async () => {
    setup();
    const todos = [{ content: 'Never written', status: 'pending' }];
    fake.enqueue({
      kind: 'reply',
      content: [
        { type: 'text', text: 'Here is the plan, and the list:' },
        { type: 'tool_use', name: 'todo_write', input: { todos }, id: 'toolu_cut' },
      ],
      stopReason: 'max_tokens',
    });
    await h.agent.prompt('Plan the release');
    expect(replies()).toEqual([expect.objectContaining({ stopReason: 'max_tokens', content: [expect.objectContaining({ text: 'Here is the plan, and the list:' }), expect.objectContaining({ id: 'toolu_cut' })] })]);
    expect(savedMessages()[1]).toMatchObject({ stopReason: 'max_tokens' });
    expect(h.of('tool_execution_start')).toEqual([]);
    expect(h.of('todos_changed')).toEqual([]);
    expect(h.agent.getTodos()).toEqual([]);
    expect(fake.messageRequests()).toHaveLength(1);
    expect(h.of('error')).toEqual([]);

    await (await h.agent.continueReply()).done;
    const sent = bodyOf(fake.messageRequests()[1]).messages;
    expect(sent.at(-2)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Here is the plan, and the list:' }] });
    expect(sent.at(-1)).toEqual({ role: 'user', content: [{ type: 'text', text: CONTINUE_PROMPT }] });
    expect(savedMessages()[2]).toMatchObject({ role: 'user', purpose: 'continue' });
    expect(h.agent.getTodos()).toEqual([]);
    expectValidRequestsSoFar();
  });
});

describe('refusal', () => {
  it('keeps the refused exchange on disk, leaves it out of the next request and after reopening', async () => {
    setup();
    await h.agent.prompt('What is an eclipse?');
    fake.enqueue({ kind: 'text', text: 'I can’t help with that.', stopReason: 'refusal' });
    await h.agent.prompt('Something refused');
    expect(replies().at(-1)).toMatchObject({ stopReason: 'refusal' });
    expect(diskTranscript(file())).toEqual([
      'user: What is an eclipse?',
      'assistant: OK: What is an eclipse?',
      'user: Something refused',
      'assistant: I can’t help with that.',
    ]);

    await h.agent.prompt('Another question');
    expect(requestTexts(fake.messageRequests().at(-1))).toEqual(['What is an eclipse?', 'OK: What is an eclipse?', 'Another question']);

    await h.reopen().prompt('After reopening');
    expect(requestTexts(fake.messageRequests().at(-1))).not.toContain('Something refused');
    expect(requestTexts(fake.messageRequests().at(-1))).not.toContain('I can’t help with that.');
    expectValidRequestsSoFar();
  });

  it("keeps a refusal's stop_details.explanation with the reply, on disk", async () => {
    setup();
    const explanation = 'The request asks for instructions that could cause serious harm.';
    fake.enqueue({ kind: 'text', text: '', stopReason: 'refusal', stopDetails: { type: 'refusal', category: 'cyber', explanation } });
    await h.agent.prompt('Something refused');
    expect(replies().at(-1)).toMatchObject({ stopReason: 'refusal', stopExplanation: explanation });
    expect(savedMessages().at(-1)).toMatchObject({ stopReason: 'refusal', stopExplanation: explanation });
  });

  it('a refusal after a tool call: the next request is still one the API accepts', async () => {
    setup();
    fake.enqueue(
      { kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'Look it up', status: 'pending' }] }, id: 'toolu_r', text: 'Noting it.' },
      { kind: 'text', text: 'I can’t continue with this.', stopReason: 'refusal' },
    );
    await h.agent.prompt('Research it');
    expect(replies().map((m) => m.stopReason)).toEqual(['tool_use', 'refusal']);
    await h.agent.prompt('Something else, then');
    expect(requestTexts(fake.messageRequests().at(-1))).not.toContain('I can’t continue with this.');
    expectValidRequestsSoFar();
  });
});

describe('pause_turn', () => {
  it('continues by itself, sending the paused content back as the assistant turn', async () => {
    setup();
    // The documentation's web search stream, paused by the API after the search instead of finished.
    const paused = recordedStream('anthropic-docs/web-search.sse').replace('"stop_reason":"end_turn"', '"stop_reason":"pause_turn"');
    fake.enqueue({ kind: 'replay', sse: paused, chunkBytes: 16 }, { kind: 'text', text: 'It is sunny in New York.' });
    await h.agent.prompt('Weather in NYC?');

    expect(replies().map((m) => m.stopReason)).toEqual(['pause_turn', 'end_turn']);
    expect(h.of('agent_start')).toHaveLength(1);
    expect(fake.messageRequests()).toHaveLength(2);
    const second = bodyOf(fake.messageRequests()[1]).messages as Array<{ role: string; content: Array<{ type: string; text?: string }> }>;
    expect(second.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(second[1]?.content.map((b) => b.type)).toEqual(['text', 'server_tool_use', 'web_search_tool_result', 'text']);
    // Sent back as it came, but for the trailing whitespace the API refuses at the end of an assistant turn.
    expect(second[1]?.content.at(-1)?.text).toBe("Here's the current weather information for New York City:\n\n# Weather in New York City");
    expect(diskTranscript(file()).at(-1)).toBe('assistant: It is sunny in New York.');
    expect(h.of('error')).toEqual([]);

    await h.agent.prompt('Thanks');
    expectValidRequestsSoFar();
  });
});

describe('a run that cannot go on', () => {
  it.each(['model_context_window_exceeded', 'banana'])('%s: the reply is saved with its stop reason, its tool call not run, and the run ends', async (stopReason) => {
    setup();
    h.agent.followUp('queued meanwhile');
    fake.enqueue({
      kind: 'reply',
      content: [
        { type: 'text', text: 'Partial answer' },
        { type: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'x', status: 'pending' }] } },
      ],
      stopReason,
    });
    await h.agent.prompt('Go');
    expect(replies()).toEqual([expect.objectContaining({ stopReason })]);
    expect(savedMessages()[1]).toMatchObject({ stopReason, content: [{ type: 'text', text: 'Partial answer' }, { type: 'tool_use', name: 'todo_write' }] });
    expect(h.of('tool_execution_start')).toEqual([]);
    expect(h.agent.getTodos()).toEqual([]);
    expect(fake.messageRequests()).toHaveLength(1);
    expect(h.of('error')).toEqual([]);
    expect(h.events.at(-1)?.type).toBe('agent_end');
    expect(h.agent.isStreaming).toBe(false);

    expect(h.agent.getQueues().followUp).toEqual(['queued meanwhile']); // the user decides what comes next

    await h.agent.prompt('Next');
    expect(requestTexts(fake.messageRequests()[1]).slice(-1)).toEqual(['Next']);
    expectValidRequestsSoFar();
  });
});
