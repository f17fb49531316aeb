// Thinking with a budget between tool calls (SPEC §3 "Thinking"): the Claude 4 models that need it get the
// interleaved-thinking beta header; adaptive thinking, a request without tools and the models that
// interleave by themselves (or never do) get none. Checked on the headers the fake API received.
import { describe, expect, it } from 'vitest';
import { AnthropicProvider, type StreamRequest } from '../../../electron/core/agent/AnthropicProvider';
import type { ThinkingParam } from '../../../electron/core/agent/thinkingConfig';
import { useFakeAnthropic } from '../../fakeAnthropic';

const fake = useFakeAnthropic();
const TOOL = { name: 'todo_write', description: 'Keep a todo list', input_schema: { type: 'object' as const, properties: {} } };
const BUDGET: ThinkingParam = { type: 'enabled', budget_tokens: 2048 };

async function betaSent(model: string, thinking: ThinkingParam | undefined, tools = [TOOL]): Promise<string | undefined> {
  const provider = new AnthropicProvider({ apiKey: 'test', baseURL: fake.url, inactivityTimeoutMs: 5_000 });
  const request: StreamRequest = {
    model,
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Plan it' }] }],
    tools,
    maxTokens: 8192,
    thinking,
    signal: new AbortController().signal,
  };
  await provider.stream(request, { onText: () => {} });
  return fake.messageRequests().at(-1)?.headers['anthropic-beta'] as string | undefined;
}

describe('the interleaved-thinking beta header', () => {
  it.each(['claude-sonnet-4-20250514', 'claude-opus-4-1-20250805', 'claude-sonnet-4-5-20250929', 'claude-sonnet-4-5', 'claude-haiku-4-5-20251001', 'claude-opus-4-5-20251101', 'claude-sonnet-4-0', 'claude-sonnet-4-6'])(
    '%s with a budget and tools: sent',
    async (model) => {
      expect(await betaSent(model, BUDGET)).toBe('interleaved-thinking-2025-05-14');
    },
  );

  it.each(['claude-opus-4-6', 'claude-sonnet-5-5', 'claude-opus-5-5', 'claude-3-7-sonnet-20250219', 'claude-test-chat'])('%s with a budget and tools: not sent', async (model) => {
    expect(await betaSent(model, BUDGET)).toBeUndefined();
  });

  it('not sent without tools, with adaptive thinking or without thinking', async () => {
    expect(await betaSent('claude-sonnet-4-5', BUDGET, [])).toBeUndefined();
    expect(await betaSent('claude-sonnet-4-6', { type: 'adaptive' })).toBeUndefined();
    expect(await betaSent('claude-sonnet-4-5', undefined)).toBeUndefined();
  });
});
