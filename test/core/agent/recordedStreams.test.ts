// Streams nobody here wrote: the SDK repository's recordings and the documentation's examples, replayed
// byte for byte (often in small writes) through the real provider and AgentSession. For each: what the
// user sees (events, the saved message), and that every request Baton sends afterwards is one the API
// accepts.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage, ContentBlock } from '../../../shared/session';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { recordedStream, replay, type RecordedStream } from '../../fixtures/recordedStreams';
import { expectValidRequests as expectRulesHold, thinkingBlocksSent } from '../../support/apiRequestRules';
import { bodyOf, createHarness, readSessionFile, type Harness } from './harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());

const setup = () => (h = createHarness(fake));
const file = () => h.agent.sessionManager.getSessionFile();

/** The last assistant message the UI was given at message_end. */
function lastReply(): AgentMessage | undefined {
  return h.of('message_end').filter((e) => e.message.role === 'assistant').at(-1)?.message;
}

/** The message entries on disk, as saved. */
function savedMessages(): AgentMessage[] {
  return readSessionFile(file()).entries.flatMap((e) => (e.type === 'message' ? [e.message] : []));
}

/**
 * The text deltas shown before the first reply settled: the reply's text as it streamed (the last few
 * may be folded into message_end, which carries the whole message).
 */
function expectStreamedBeforeFirstReply(text: string): void {
  const end = h.events.findIndex((e) => e.type === 'message_end' && e.message.role === 'assistant');
  const streamed = h.events
    .slice(0, end)
    .flatMap((e) => (e.type === 'message_update' ? [e.delta] : []))
    .join('');
  expect(streamed).not.toBe('');
  expect(text.startsWith(streamed), `${JSON.stringify(streamed)} begins ${JSON.stringify(text)}`).toBe(true);
}

/** Every request of the test is one the Messages API accepts. */
function expectValidRequests(): void {
  const requests = fake.messageRequests();
  expect(requests.length).toBeGreaterThan(0);
  expectRulesHold(requests);
}

/** A recording with one passage changed (it must be there). */
function edited(name: RecordedStream, from: string, to: string): string {
  const sse = recordedStream(name);
  if (!sse.includes(from)) throw new Error(`${name} has no ${JSON.stringify(from)}`);
  return sse.replace(from, to);
}

/** Replays `sse`, asks "Hi", then one ordinary follow-up ("And then?"); returns the follow-up's request body. */
async function exchange(sse: string | ReturnType<typeof replay>, chunkBytes = 5): Promise<ReturnType<typeof bodyOf>> {
  fake.enqueue(typeof sse === 'string' ? { kind: 'replay', sse, chunkBytes } : sse);
  await h.agent.prompt('Hi');
  await h.agent.prompt('And then?');
  return bodyOf(fake.messageRequests().at(-1));
}

const text = (t: string): ContentBlock => ({ type: 'text', text: t });

describe('plain replies', () => {
  it.each([
    ['anthropic-sdk/basic_response.txt', 'Hello there!', 'claude-3-opus-20240229', { input_tokens: 11, output_tokens: 6 }],
    ['anthropic-docs/basic.sse', 'Hello!', 'claude-opus-4-8', { input_tokens: 25, output_tokens: 15 }],
  ] as const)('%s: the text streams and is saved with its stop reason and usage', async (name, reply, model, usage) => {
    setup();
    const next = await exchange(replay(name, { chunkBytes: 3 }));
    expectStreamedBeforeFirstReply(reply);
    const expected = { role: 'assistant', content: [text(reply)], model, stopReason: 'end_turn', usage };
    expect(h.of('message_end')[1]?.message).toEqual(expected);
    expect(savedMessages()[1]).toEqual(expected);
    expect(h.of('error')).toEqual([]);
    expect(next.messages).toEqual([
      { role: 'user', content: [text('Hi')] },
      { role: 'assistant', content: [text(reply)] },
      { role: 'user', content: [text('And then?')] },
    ]);
    expectValidRequests();
  });

  it('baton/long-reply-extra-fields.sse: a long reply with unmodelled fields (stop_details, usage.iterations) is kept verbatim', async () => {
    setup();
    await exchange(replay('baton/long-reply-extra-fields.sse', { chunkBytes: 11 }));
    expect(savedMessages()[1]).toMatchObject({ stopReason: 'end_turn', model: 'claude-opus-5-5', usage: { input_tokens: 33, output_tokens: 212 } });
    const saved = savedMessages()[1]?.content[0];
    expect(saved?.type === 'text' && saved.text.startsWith('Tides come from the Moon’s pull on the oceans')).toBe(true);
    expect(saved?.type === 'text' && saved.text.endsWith('Ask me about a particular harbour and I can explain its timing.')).toBe(true);
    expect(h.of('message_end')[1]?.message).toEqual(savedMessages()[1]);
    expectValidRequests();
  });

  it('anthropic-sdk/code_execution_response.txt: a container on message_delta does not disturb the reply', async () => {
    setup();
    const next = await exchange(replay('anthropic-sdk/code_execution_response.txt', { chunkBytes: 4 }));
    expect(savedMessages()[1]).toEqual({
      role: 'assistant',
      content: [text('Running code.')],
      model: 'claude-sonnet-4-20250514',
      stopReason: 'end_turn',
      usage: { input_tokens: 42, output_tokens: 4 },
    });
    expect(next.messages[1]).toEqual({ role: 'assistant', content: [text('Running code.')] });
    expectValidRequests();
  });
});

describe('tool calls', () => {
  it.each([
    ['anthropic-sdk/tool_use_response.txt', "I'll check the current weather in Paris for you.", 'toolu_01NRLabsLyVHZPKxbKvkfSMn', { location: 'Paris' }],
    [
      'anthropic-docs/tool-use.sse',
      "Okay, let's check the weather for San Francisco, CA:",
      'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
      { location: 'San Francisco, CA', unit: 'fahrenheit' },
    ],
  ] as const)('%s: the call runs (an unknown tool: an error result), and its result goes back first in the next message', async (name, said, id, input) => {
    setup();
    fake.enqueue(replay(name, { chunkBytes: 6 }));
    await h.agent.prompt('Weather?');
    expect(h.of('tool_execution_start')).toEqual([{ type: 'tool_execution_start', sessionId: h.agent.sessionId, toolCallId: id, name: 'get_weather', input }]);
    expect(h.of('tool_execution_end')[0]).toMatchObject({ toolCallId: id, isError: true, output: 'Unknown tool: get_weather' });
    const continuation = bodyOf(fake.messageRequests()[1]).messages;
    expect(continuation.slice(-2)).toEqual([
      { role: 'assistant', content: [text(said), { type: 'tool_use', id, name: 'get_weather', input }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'Unknown tool: get_weather', is_error: true }] },
    ]);
    expect(fake.messageRequests()).toHaveLength(2);
    expectValidRequests();
  });

  it('anthropic-sdk/incomplete_partial_json_response.txt: cut off at max_tokens inside a tool call — text kept, the call neither kept nor run', async () => {
    setup();
    fake.enqueue(replay('anthropic-sdk/incomplete_partial_json_response.txt', { chunkBytes: 4 }));
    await h.agent.prompt('Write my tax guide to taxes.txt');
    const said = "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. Let me do that for you now.";
    const expected = { role: 'assistant', content: [text(said)], model: 'claude-3-7-sonnet-20250219', stopReason: 'max_tokens', usage: { input_tokens: 450, output_tokens: 124 } };
    expect(lastReply()).toEqual(expected);
    expect(savedMessages()[1]).toEqual(expected);
    expect(h.of('tool_execution_start')).toEqual([]);
    expect(h.of('error')).toEqual([]);
    expect(fake.messageRequests()).toHaveLength(1); // the run stopped there

    await h.agent.prompt('Go on');
    expect(bodyOf(fake.messageRequests()[1]).messages[1]).toEqual({ role: 'assistant', content: [text(said)] });
    expectValidRequests();
  });
});

describe('thinking', () => {
  it.each([
    [
      'anthropic-docs/thinking.sse',
      'Let me solve this step by step:\n\n1. First break down 27 * 453\n2. 453 = 400 + 50 + 3\n3. 27 * 400 = 10,800\n4. 27 * 50 = 1,350\n5. 27 * 3 = 81\n6. 10,800 + 1,350 + 81 = 12,231',
      '27 * 453 = 12,231',
    ],
    [
      'anthropic-docs/extended-thinking-gcd.sse',
      'I need to find the GCD of 1071 and 462 using the Euclidean algorithm.\n\n1071 = 2 × 462 + 147\n462 = 3 × 147 + 21\n147 = 7 × 21 + 0\n\nSo GCD(1071, 462) = 21',
      'The greatest common divisor of 1071 and 462 is **21**.',
    ],
  ] as const)('%s (no usage anywhere, as printed): thinking kept verbatim with its signature and sent back unchanged, first', async (name, thought, answer) => {
    setup();
    const next = await exchange(replay(name, { chunkBytes: 3 })); // 3 bytes: "×" is cut in half
    const thinking = { type: 'thinking', thinking: thought, signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds...' };
    expect(h.of('error')).toEqual([]);
    expect(h.of('message_end')[1]?.message).toEqual(savedMessages()[1]);
    expect(savedMessages()[1]).toMatchObject({ content: [thinking, text(answer)], stopReason: 'end_turn' });
    expectStreamedBeforeFirstReply(answer); // the text, not the thinking
    expect(next.messages[1]).toEqual({ role: 'assistant', content: [thinking, text(answer)] });
    expect(thinkingBlocksSent(next)).toEqual([thinking]);
    expectValidRequests();
  });

  it('anthropic-docs/redacted-thinking-tool-use.sse: thinking and redacted thinking go back unchanged with the tool result', async () => {
    setup();
    fake.enqueue(replay('anthropic-docs/redacted-thinking-tool-use.sse', { chunkBytes: 9 }));
    await h.agent.prompt('Analyse it');
    const thinking = {
      type: 'thinking',
      thinking: 'Let me analyze this step by step...',
      signature: 'WaUjzkypQ2mUEVM36O2TxuC06KN8xyfbJwyem2dw3URve/op91XWHOEBLLqIOMfFG/UvLEczmEsUjavL....',
    };
    const redacted = {
      type: 'redacted_thinking',
      data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB9URj2pLmN3kF8/dW5hR7xJ0aP1oLs9yTcMnKVf2wRpEGjH9XZaBt4UvDcPrQ...',
    };
    const todos = [{ content: 'Check the analysis', status: 'in_progress' }];
    const call = { type: 'tool_use', id: 'toolu_01RedactedThinkingPlan', name: 'todo_write', input: { todos } };
    expect(savedMessages()[1]).toMatchObject({ content: [thinking, redacted, text('Based on my analysis...'), call], stopReason: 'tool_use' });
    expect(h.agent.getTodos()).toEqual(todos);

    const continuation = bodyOf(fake.messageRequests()[1]);
    expect(continuation.messages[1]).toEqual({ role: 'assistant', content: [thinking, redacted, text('Based on my analysis...'), call] });
    expect(continuation.messages[2]?.content).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_01RedactedThinkingPlan' })]);
    expect(thinkingBlocksSent(continuation)).toEqual([thinking, redacted]);
    expectValidRequests();
  });
});

describe('refusals', () => {
  it('baton/refusal-after-thinking.sse: the refusal ("Hi", after signed thinking) is saved as it came, and the next request leaves the exchange out', async () => {
    setup();
    const next = await exchange(replay('baton/refusal-after-thinking.sse', { chunkBytes: 5 }));
    const refused = savedMessages()[1];
    expect(refused).toMatchObject({
      role: 'assistant',
      stopReason: 'refusal',
      content: [
        { type: 'thinking', signature: Buffer.from('baton-made-signature-not-a-real-one').toString('base64') },
        text('Hi'),
      ],
    });
    const thought = refused?.content[0];
    expect(thought?.type === 'thinking' && thought.thinking).toBe(
      'The user wants step-by-step culture conditions for a pathogen — that falls in a restricted area. I can’t help with that part.',
    );
    expect(h.of('message_end')[1]?.message.stopReason).toBe('refusal');
    expect(h.of('error')).toEqual([]);
    expect(next.messages).toEqual([{ role: 'user', content: [text('And then?')] }]);
    expectValidRequests();
  });

  it('baton/refusal-after-web-search.sse: server tool blocks are kept verbatim; the refused exchange stays out of the next request', async () => {
    setup();
    const recorded = recordedStream('baton/refusal-after-web-search.sse');
    const resultLine = recorded.split('\n').find((line) => line.startsWith('data: ') && line.includes('"web_search_tool_result"')) ?? '';
    const result = (JSON.parse(resultLine.slice('data: '.length)) as { content_block: unknown }).content_block;
    const next = await exchange(recorded, 13);
    expect(savedMessages()[1]).toMatchObject({
      stopReason: 'refusal',
      content: [
        { type: 'raw', block: { type: 'server_tool_use', id: 'srvtoolu_baton_0001', name: 'web_search', input: { query: 'tide tables north harbour 2026' } } },
        { type: 'raw', block: result },
        text('High water at North Harbour today is'),
      ],
    });
    expect(next.messages).toEqual([{ role: 'user', content: [text('And then?')] }]);
    expectValidRequests();
  });
});

describe('server tools', () => {
  it('anthropic-docs/web-search.sse: server_tool_use and web_search_tool_result are kept and sent back verbatim, in order', async () => {
    setup();
    const next = await exchange(replay('anthropic-docs/web-search.sse', { chunkBytes: 8 }));
    const search = { type: 'server_tool_use', id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB', name: 'web_search', input: { query: 'weather NYC today' } };
    const results = {
      type: 'web_search_tool_result',
      tool_use_id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB',
      content: [
        {
          type: 'web_search_result',
          title: 'Weather in New York City in May 2025 (New York) - detailed Weather Forecast for a month',
          url: 'https://world-weather.info/forecast/usa/new_york/may-2025/',
          encrypted_content: 'Ev0DCioIAxgCIiQ3NmU4ZmI4OC1k...',
          page_age: null,
        },
      ],
    };
    const before = "I'll check the current weather in New York City for you.";
    const after = "Here's the current weather information for New York City:\n\n# Weather in New York City\n\n";
    expect(savedMessages()[1]).toMatchObject({
      content: [text(before), { type: 'raw', block: search }, { type: 'raw', block: results }, text(after)],
      stopReason: 'end_turn',
      usage: { input_tokens: 10682, output_tokens: 510 },
    });
    expect(next.messages[1]).toEqual({ role: 'assistant', content: [text(before), search, results, text(after)] });
    expectValidRequests();
  });
});

describe('errors in the stream', () => {
  it('anthropic-docs/overloaded-error.sse: the run ends with the partial text kept and the error shown', async () => {
    setup();
    const next = await exchange(replay('anthropic-docs/overloaded-error.sse', { chunkBytes: 6 }));
    const errors = h.of('error');
    expect(errors).toEqual([{ type: 'error', sessionId: h.agent.sessionId, code: 'overloaded', message: expect.stringMatching(/overloaded/i) }]);
    expect(savedMessages()[1]).toMatchObject({ role: 'assistant', content: [text('Hello')], errorMessage: errors[0]?.message });
    expect(next.messages).toEqual([
      { role: 'user', content: [text('Hi')] },
      { role: 'assistant', content: [text('Hello')] },
      { role: 'user', content: [text('And then?')] },
    ]);
    expectValidRequests();
  });
});

describe('a session of recorded replies, reopened', () => {
  it('loads every saved reply back whole (thinking, redacted thinking, server tool blocks, an unknown block) and sends it as before', async () => {
    setup();
    const unknownBlock =
      'event: content_block_start\ndata: {"type":"content_block_start","index":1,"content_block":{"type":"future_block","payload":{"a":1}}}\n\n' +
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}\n\n';
    fake.enqueue(
      replay('anthropic-docs/thinking.sse'),
      replay('anthropic-docs/web-search.sse'),
      replay('anthropic-docs/redacted-thinking-tool-use.sse'),
      { kind: 'text', text: 'Noted.' },
      { kind: 'replay', sse: edited('anthropic-sdk/basic_response.txt', 'event: message_delta\n', `${unknownBlock}event: message_delta\n`) },
    );
    for (const prompt of ['Multiply', 'Weather?', 'Analyse it', 'One more']) await h.agent.prompt(prompt);
    await h.agent.prompt('Before reopening');
    const before = bodyOf(fake.messageRequests().at(-1)).messages;
    const types = before.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.map((b) => b.type)));
    expect(types).toEqual(expect.arrayContaining(['thinking', 'redacted_thinking', 'server_tool_use', 'web_search_tool_result', 'future_block']));

    const reopened = h.reopen();
    expect(reopened.sessionManager.unreadableRecords).toBe(0);
    await reopened.prompt('After reopening');
    const after = bodyOf(fake.messageRequests().at(-1)).messages;
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((m) => m.role)).toEqual(['assistant', 'user']);
    expectValidRequests();
  });
});

describe('what Baton does not know is tolerated', () => {
  const basic = 'anthropic-sdk/basic_response.txt';
  const beforeMessageDelta = 'event: message_delta\n';

  it('an unknown event type', async () => {
    setup();
    await exchange(edited(basic, beforeMessageDelta, `event: future_event\ndata: {"type":"future_event","detail":{"x":1}}\n\n${beforeMessageDelta}`));
    expect(h.of('error')).toEqual([]);
    expect(savedMessages()[1]).toMatchObject({ content: [text('Hello there!')], stopReason: 'end_turn' });
    expectValidRequests();
  });

  it('an unknown delta type', async () => {
    setup();
    const unknownDelta = 'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"future_delta","payload":"?"}}\n\n';
    await exchange(edited(basic, 'event: content_block_stop\n', `${unknownDelta}event: content_block_stop\n`));
    expect(h.of('error')).toEqual([]);
    expect(savedMessages()[1]).toMatchObject({ content: [text('Hello there!')], stopReason: 'end_turn' });
    expectValidRequests();
  });

  it('an unknown block type (with an unknown delta) is kept verbatim and sent back as it came', async () => {
    setup();
    const block =
      'event: content_block_start\ndata: {"type":"content_block_start","index":1,"content_block":{"type":"future_block","payload":{"a":1}}}\n\n' +
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"future_delta","payload":"?"}}\n\n' +
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}\n\n';
    const next = await exchange(edited(basic, beforeMessageDelta, `${block}${beforeMessageDelta}`));
    expect(h.of('error')).toEqual([]);
    const future = { type: 'future_block', payload: { a: 1 } };
    expect(savedMessages()[1]).toMatchObject({ content: [text('Hello there!'), { type: 'raw', block: future }], stopReason: 'end_turn' });
    expect(next.messages[1]).toEqual({ role: 'assistant', content: [text('Hello there!'), future] });
    expectValidRequests();
  });

  it.each([
    ['message_start', '"usage":{"input_tokens":11,"output_tokens":1}', '"x":0'],
    ['message_delta', ',"usage":{"output_tokens":6}', ''],
  ])('no usage in %s', async (_, usage, replacement) => {
    setup();
    await exchange(edited(basic, usage, replacement));
    expect(h.of('error')).toEqual([]);
    expect(savedMessages()[1]).toMatchObject({ content: [text('Hello there!')], stopReason: 'end_turn' });
    expectValidRequests();
  });

  it('anthropic-docs/web-search-tool-page.sse: a message_start without content, as that page prints it, is a broken stream the user is told about, retried, never an internal error', async () => {
    h = createHarness(fake, { maxRetries: 1 });
    fake.enqueue(replay('anthropic-docs/web-search-tool-page.sse'), replay('anthropic-docs/web-search-tool-page.sse'));
    await h.agent.prompt('Quantum news?');
    expect(h.of('retry')).toHaveLength(1);
    expect(h.of('error').map((e) => e.message)).toEqual(['The connection to the Anthropic API closed before the reply was complete.']);
    await h.agent.prompt('Try again');
    expect(savedMessages().at(-1)).toMatchObject({ role: 'assistant', content: [text('OK: Quantum news? Try again')] });
    expectValidRequests();
  });

  it('a stream that ends after message_delta, without message_stop: the stop reason came, the reply is whole', async () => {
    setup();
    await exchange(edited(basic, 'event: message_stop\ndata: {"type":"message_stop"}\n\n', ''));
    expect(h.of('error')).toEqual([]);
    expect(savedMessages()[1]).toEqual({ role: 'assistant', content: [text('Hello there!')], model: 'claude-3-opus-20240229', stopReason: 'end_turn', usage: { input_tokens: 11, output_tokens: 6 } });
    expectValidRequests();
  });
});
