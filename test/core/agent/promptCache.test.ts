// Prompt caching (SPEC §3): where the breakpoints go, and what they earn over a conversation against the
// fake server, which bills input by the API's prefix-caching rules.
import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { MAX_CACHE_BREAKPOINTS, withCacheBreakpoints } from '../../../electron/core/agent/promptCache';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { createHarness, readSessionFile, type Harness } from './harness';

const EPHEMERAL = { type: 'ephemeral' };
type Params = Pick<Anthropic.MessageCreateParams, 'messages' | 'system' | 'tools'>;

const text = (t: string): Anthropic.TextBlockParam => ({ type: 'text', text: t });
const user = (...content: Anthropic.ContentBlockParam[]): Anthropic.MessageParam => ({ role: 'user', content });
const assistant = (...content: Anthropic.ContentBlockParam[]): Anthropic.MessageParam => ({ role: 'assistant', content });
const tool = (name: string): Anthropic.Tool => ({ name, input_schema: { type: 'object' } });
const thinking: Anthropic.ThinkingBlockParam = { type: 'thinking', thinking: 'Let me see.', signature: 'sig' };
const toolUse: Anthropic.ToolUseBlockParam = { type: 'tool_use', id: 't1', name: 'todo_write', input: {} };
const toolResult: Anthropic.ToolResultBlockParam = { type: 'tool_result', tool_use_id: 't1', content: 'ok' };

/** Every place a breakpoint landed, as "tools.1", "system.0", "messages.2.0". */
function breakpoints(params: Params): string[] {
  const found: string[] = [];
  const marked = (b: unknown) => (b as { cache_control?: unknown }).cache_control !== undefined;
  params.tools?.forEach((t, i) => marked(t) && found.push(`tools.${i}`));
  if (Array.isArray(params.system)) params.system.forEach((b, i) => marked(b) && found.push(`system.${i}`));
  params.messages.forEach((m, i) => Array.isArray(m.content) && m.content.forEach((b, k) => marked(b) && found.push(`messages.${i}.${k}`)));
  return found;
}

describe('withCacheBreakpoints', () => {
  it('marks the last tool, the system prompt, the last message and the previous user turn', () => {
    const params: Params = {
      system: 'Be helpful.',
      tools: [tool('a'), tool('b')],
      messages: [user(text('one')), assistant(text('two')), user(text('three'), text('four')), assistant(toolUse), user(toolResult)],
    };
    const out = withCacheBreakpoints(params);
    expect(out.system).toEqual([{ type: 'text', text: 'Be helpful.', cache_control: EPHEMERAL }]);
    expect(breakpoints(out)).toEqual(['tools.1', 'system.0', 'messages.2.1', 'messages.4.0']);
    expect(out.messages[4]).toEqual(user({ ...toolResult, cache_control: { type: 'ephemeral' } }));
    expect(breakpoints(params)).toEqual([]); // the input is left as it was
    expect(params.system).toBe('Be helpful.');
  });

  it('never places more than four, whatever the shape', () => {
    const shapes: Params[] = [
      { messages: [user(text('only'))] },
      { system: 'S', messages: [user(text('a'))] },
      { system: [text('S1'), text('S2')], tools: [tool('a')], messages: [user(text('a')), assistant(text('b')), user(text('c'))] },
      { system: 'S', tools: [tool('a')], messages: [user(text('a')), assistant(text('b')), user(text('c')), assistant(text('prefill'))] },
      { system: 'S', tools: [tool('a'), tool('b'), tool('c')], messages: Array.from({ length: 40 }, (_, i) => (i % 2 ? assistant(text(`${i}`)) : user(text(`${i}`)))) },
    ];
    const counts = shapes.map((p) => breakpoints(withCacheBreakpoints(p)).length);
    expect(counts).toEqual([1, 2, 4, 4, 4]);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
    // An assistant prefill last: it is marked, and so is the user turn before the one it answers.
    expect(breakpoints(withCacheBreakpoints(shapes[3]!))).toEqual(['tools.0', 'system.0', 'messages.0.0', 'messages.3.0']);
  });

  it('puts none on a thinking block, an empty text block or a block of an unknown type: the block before it takes the marker, or none does', () => {
    const out = withCacheBreakpoints({
      system: '  ',
      messages: [user(text('question')), assistant(text('answer'), thinking), user(text('next'), text(' '))],
    });
    expect(out.system).toBe('  ');
    expect(breakpoints(out)).toEqual(['messages.0.0', 'messages.2.0']);

    const prefill = withCacheBreakpoints({ messages: [user(text('q')), assistant(text('a')), user(text('q2')), assistant(thinking, text(''))] });
    expect(breakpoints(prefill)).toEqual(['messages.0.0']);

    const unknown = { type: 'future_block', payload: 1 } as unknown as Anthropic.ContentBlockParam;
    const redacted: Anthropic.RedactedThinkingBlockParam = { type: 'redacted_thinking', data: 'x' };
    const mixed = withCacheBreakpoints({ messages: [user(text('q')), assistant(toolUse, redacted, unknown), user(toolResult, unknown)] });
    expect(breakpoints(mixed)).toEqual(['messages.0.0', 'messages.2.0']);
  });

  it('turns string content into a marked text block, and leaves empty string content alone', () => {
    const out = withCacheBreakpoints({ system: [text('')], messages: [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'hi' }, { role: 'user', content: '' }] });
    expect(out.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: 'hello', cache_control: EPHEMERAL }] });
    expect(out.messages[2]).toEqual({ role: 'user', content: '' });
    expect(out.system).toEqual([text('')]);
  });
});

describe('a conversation through AgentSession', () => {
  const fake = useFakeAnthropic();
  let h: Harness;
  afterEach(() => h?.cleanup());

  it('reads a longer cached prefix every turn, and keeps the split on disk', async () => {
    h = createHarness(fake);
    const paragraph = 'We are designing a suspension bridge across a wide river; the deck must carry trains. ';
    // Turn 3 makes a tool call first: the request after it reads what the one before wrote.
    fake.enqueue(
      { kind: 'text', text: `First answer. ${paragraph.repeat(10)}` },
      { kind: 'text', text: `Second answer. ${paragraph.repeat(10)}` },
      { kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'Size the cables', status: 'in_progress' }] } },
      { kind: 'text', text: `Third answer. ${paragraph.repeat(10)}` },
      { kind: 'text', text: `Fourth answer. ${paragraph.repeat(10)}` },
    );
    for (let turn = 1; turn <= 4; turn++) await h.agent.prompt(`Turn ${turn}. ${paragraph.repeat(50)}`);

    const usages = h.of('usage').map((e) => e.usage);
    expect(usages).toHaveLength(5);
    const reads = usages.map((u) => u.cache_read_input_tokens ?? 0);
    expect(reads[0]).toBe(0);
    expect(usages[0]!.cache_creation_input_tokens).toBeGreaterThan(1_024);
    for (let i = 1; i < reads.length; i++) expect(reads[i]).toBeGreaterThan(reads[i - 1]!);
    // Everything up to the last breakpoint is read or written; what is billed as plain input is what
    // follows it, and there is nothing after the last block.
    for (const u of usages) expect(u.input_tokens).toBe((u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0));

    const saved = readSessionFile(h.agent.sessionManager.getSessionFile())
      .entries.flatMap((e) => (e.type === 'message' && e.message.role === 'assistant' ? [e.message as AgentMessage] : []));
    expect(saved.map((m) => m.usage)).toEqual(usages);
    expect(h.agent.getContextUsage().tokens).toBe(usages.at(-1)!.input_tokens + usages.at(-1)!.output_tokens);
  });
});
