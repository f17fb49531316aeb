// The fake's prompt caching, through the real SDK: what a request is billed as read, written and input.
import Anthropic, { BadRequestError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { useFakeAnthropic } from './index';

const fake = useFakeAnthropic();
const client = () => new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries: 0 });
const EPHEMERAL = { type: 'ephemeral' } as const;

type Block = Anthropic.TextBlockParam;
const text = (t: string, cached = false): Block => ({ type: 'text', text: t, ...(cached && { cache_control: EPHEMERAL }) });

/** About 1,250 tokens: above the default minimum on its own. */
const SYSTEM = 'You are a careful assistant. '.repeat(172);

/** A conversation of `turns` user/assistant exchanges and a last user message, breakpoints on the last two user messages. */
function conversation(turns: number, system = SYSTEM): Anthropic.MessageCreateParamsNonStreaming {
  const messages: Anthropic.MessageParam[] = [];
  for (let i = 0; i < turns; i++) {
    messages.push({ role: 'user', content: [text(`Question ${i}: ${'detail '.repeat(30)}`)] });
    messages.push({ role: 'assistant', content: [text(`Answer ${i}: ${'reason '.repeat(30)}`)] });
  }
  messages.push({ role: 'user', content: [text(`Question ${turns}: ${'detail '.repeat(30)}`)] });
  const users = messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
  for (const i of users.slice(-2)) (messages[i]!.content as Block[])[0]!.cache_control = EPHEMERAL;
  return { model: 'claude-test-1', max_tokens: 100, system: [text(system, true)], messages };
}

async function usageOf(params: Anthropic.MessageCreateParamsNonStreaming) {
  fake.enqueue({ kind: 'text', text: 'ok' });
  const { usage } = await client().messages.create(params);
  return { input: usage.input_tokens, read: usage.cache_read_input_tokens ?? 0, written: usage.cache_creation_input_tokens ?? 0 };
}

describe('the fake prompt cache', () => {
  it('writes the prefix up to the last breakpoint, and a later request reads it', async () => {
    const first = await usageOf(conversation(1));
    expect(first.read).toBe(0);
    expect(first.written).toBeGreaterThan(1_250);
    expect(first.input).toBe(0); // the last block carries a breakpoint

    const second = await usageOf(conversation(2));
    expect(second.read).toBe(first.written);
    expect(second.written).toBeGreaterThan(0);
    expect(second.input).toBe(0);

    const third = await usageOf(conversation(3));
    expect(third.read).toBe(second.read + second.written);
  });

  it('misses when anything before the breakpoint changed, and when the model differs', async () => {
    const first = await usageOf(conversation(1));
    const changed = await usageOf(conversation(1, SYSTEM.replace('careful', 'Careful')));
    expect(changed).toEqual({ input: 0, read: 0, written: first.written });
    const otherModel = await usageOf({ ...conversation(1), model: 'claude-test-2' });
    expect(otherModel.read).toBe(0);
  });

  it('caches nothing below the minimum prefix, and reads nothing for a request without breakpoints', async () => {
    const small = { ...conversation(0, 'Be brief.') };
    expect(await usageOf(small)).toMatchObject({ read: 0, written: 0 });
    expect((await usageOf(small)).read).toBe(0);

    fake.configureCache({ minTokens: 10 });
    expect((await usageOf(small)).written).toBeGreaterThan(0);
    expect((await usageOf(small)).read).toBeGreaterThan(0);

    const plain: Anthropic.MessageCreateParamsNonStreaming = { model: 'claude-test-1', max_tokens: 100, system: SYSTEM, messages: [{ role: 'user', content: 'hi' }] };
    await usageOf(plain);
    const again = await usageOf(plain);
    expect(again).toEqual({ input: Math.ceil(JSON.stringify([SYSTEM, plain.messages, []]).length / 4), read: 0, written: 0 });
  });

  it('finds a cached prefix up to 20 blocks before a breakpoint, not further', async () => {
    const blocks = (n: number): Anthropic.MessageCreateParamsNonStreaming => ({
      model: 'claude-test-1',
      max_tokens: 100,
      system: [text(SYSTEM, true)],
      messages: [{ role: 'user', content: Array.from({ length: n }, (_, i) => text(`block ${i}`, i === n - 1)) }],
    });
    const first = await usageOf(blocks(5));
    expect((await usageOf(blocks(25))).read).toBe(first.written); // 20 blocks on: still found
    fake.reset();
    const again = await usageOf(blocks(5));
    const far = await usageOf(blocks(27)); // 22 blocks on: only the system prompt's own breakpoint hits
    expect(far.read).toBeLessThan(again.written);
    expect(far.read).toBeGreaterThan(1_250);
  });

  it('forgets an entry five minutes after its last use, by the fake clock', async () => {
    const first = await usageOf(conversation(1));
    fake.advanceTime(4 * 60_000);
    expect((await usageOf(conversation(1))).read).toBe(first.written); // read: refreshed
    fake.advanceTime(4 * 60_000);
    expect((await usageOf(conversation(1))).read).toBe(first.written);
    fake.advanceTime(5 * 60_000);
    expect((await usageOf(conversation(1))).read).toBe(0);

    fake.configureCache({ ttlMs: 1_000 });
    await usageOf(conversation(1));
    fake.advanceTime(1_000);
    expect((await usageOf(conversation(1))).read).toBe(0);
  });

  it('refuses what the API refuses: a fifth breakpoint, one on an empty text block or on a thinking block', async () => {
    const five = conversation(2);
    five.tools = [{ name: 'a', input_schema: { type: 'object' }, cache_control: EPHEMERAL }];
    (five.messages[1]!.content as Block[])[0]!.cache_control = EPHEMERAL;
    (five.messages[2]!.content as Block[])[0]!.cache_control = EPHEMERAL;
    fake.enqueue({ kind: 'text', text: 'for a request the API accepts' });
    const refusal = (params: Anthropic.MessageCreateParamsNonStreaming) => client().messages.create(params).catch((e: unknown) => e);

    const tooMany = await refusal(five);
    expect(tooMany).toBeInstanceOf(BadRequestError);
    expect((tooMany as BadRequestError).message).toContain('A maximum of 4 blocks with cache_control may be provided. Found 5.');

    const empty = conversation(0);
    empty.messages[0]!.content = [text('hi'), { type: 'text', text: '', cache_control: EPHEMERAL }];
    expect(String(await refusal(empty))).toContain('cache_control cannot be set for empty text blocks');

    const thinking = conversation(0);
    thinking.messages.push({ role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig', cache_control: EPHEMERAL } as never] });
    expect(String(await refusal(thinking))).toContain('thinking.cache_control');
    expect(fake.pending()).toBe(1); // a refused request does not take a scenario
  });

  it('a scenario that fixes input_tokens fixes the cache figures too', async () => {
    fake.enqueue({ kind: 'text', text: 'ok', usage: { input_tokens: 7 } });
    const { usage } = await client().messages.create(conversation(1));
    expect(usage).toMatchObject({ input_tokens: 7, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
  });
});
