// AnthropicProvider against the fake Messages API, through the real SDK: what a caller gets back, and
// what reached the "API".
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { AnthropicProvider, type ProviderOptions, type StreamHandlers, type StreamRequest } from '../../../electron/core/agent/AnthropicProvider';
import { toApiMessages } from '../../../electron/core/agent/apiMessages';
import { formatWait, ProviderError } from '../../../electron/core/agent/providerErrors';
import { toApiError } from '../../../electron/core/errors';
import { estimateTokens } from '../../../electron/core/agent/tokens';
import { setLanguage } from '../../../shared/i18n';
import { startFakeAnthropic, useFakeAnthropic } from '../../fakeAnthropic';

const MODEL = 'claude-test-1';
const fake = useFakeAnthropic();

const provider = (options: Partial<ProviderOptions> = {}) =>
  new AnthropicProvider({ apiKey: 'test', baseURL: fake.url, inactivityTimeoutMs: 5_000, ...options });

const user = (text: string): AgentMessage => ({ role: 'user', content: [{ type: 'text', text }] });

function request(overrides: Partial<StreamRequest> = {}): StreamRequest {
  return { model: MODEL, messages: [user('hello')], maxTokens: 256, signal: new AbortController().signal, ...overrides };
}

/** Handlers that record what the provider reported. */
function recorder(onText?: (delta: string, all: string) => void) {
  const seen = { deltas: [] as string[], retries: [] as Array<{ attempt: number; message: string; kind: string; delayMs: number }> };
  const handlers: StreamHandlers = {
    onText: (delta) => {
      seen.deltas.push(delta);
      onText?.(delta, seen.deltas.join(''));
    },
    onRetry: (attempt, message, info) => seen.retries.push({ attempt, message, kind: info.kind, delayMs: info.delayMs }),
  };
  return { seen, handlers };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const result = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in result)) throw new Error(`expected a ProviderError, got ${JSON.stringify(result.value)}`);
  expect(result.error).toBeInstanceOf(ProviderError);
  return result.error as ProviderError;
}

describe('AnthropicProvider.stream', () => {
  it('streams text through onText and resolves with the final assistant message', async () => {
    fake.enqueue({ kind: 'text', text: 'Hello from Claude', chunks: ['Hello', ' from', ' Claude'], usage: { input_tokens: 1234 } });
    const { seen, handlers } = recorder();
    const message = await provider().stream(request({ system: 'Be brief.' }), handlers);

    expect(seen.deltas).toEqual(['Hello', ' from', ' Claude']);
    expect(message).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Hello from Claude' }],
      model: MODEL,
      stopReason: 'end_turn',
      usage: { input_tokens: 1234, output_tokens: Math.ceil('Hello from Claude'.length / 4) },
    });
    expect(fake.messageRequests()[0]?.body).toMatchObject({
      model: MODEL,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      max_tokens: 256,
      stream: true,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
    });
  });

  it('returns tool_use blocks with their parsed input and sends the tool definitions', async () => {
    const input = { todos: [{ content: 'write tests', status: 'in_progress' }] };
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input, id: 'toolu_1', text: 'Planning.', chunkSize: 6 });
    const tools = [
      { name: 'todo_write', description: 'Keep a todo list', input_schema: { type: 'object' as const, properties: {} } },
    ];
    const message = await provider().stream(request({ tools }), recorder().handlers);

    expect(message.stopReason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'text', text: 'Planning.' },
      { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input },
    ]);
    expect(fake.messageRequests()[0]?.body).toMatchObject({ tools });
  });

  it('an empty reply resolves with no content', async () => {
    fake.enqueue({ kind: 'empty', emptyTextBlock: true });
    const message = await provider().stream(request(), recorder().handlers);
    expect(message.content).toEqual([]);
    expect(message.stopReason).toBe('end_turn');
    expect(message.aborted).toBeUndefined();
  });

  it('retries a 500 itself and reports the retry through onRetry', async () => {
    fake.enqueue({ kind: 'error', status: 500 }, { kind: 'text', text: 'second time lucky' });
    const { seen, handlers } = recorder();
    const message = await provider().stream(request(), handlers);

    expect(message.content).toEqual([{ type: 'text', text: 'second time lucky' }]);
    expect(seen.retries).toEqual([{ attempt: 1, message: expect.stringContaining('500'), kind: 'server', delayMs: 10 }]);
    expect(fake.messageRequests().map((r) => r.scenario)).toEqual(['error', 'text']);
  });

  it('retries an overloaded error sent before any text, but not one after text was shown', async () => {
    fake.enqueue({ kind: 'stream_error' }, { kind: 'text', text: 'fine now' });
    const first = recorder();
    expect((await provider().stream(request(), first.handlers)).content).toEqual([{ type: 'text', text: 'fine now' }]);
    expect(first.seen.retries.map((r) => r.kind)).toEqual(['overloaded']);

    fake.enqueue({ kind: 'stream_error', text: 'The answer is', chunkSize: 4 }, { kind: 'text', text: 'never sent' });
    const second = recorder();
    const error = await failure(provider().stream(request(), second.handlers));
    expect(error.kind).toBe('overloaded');
    expect(second.seen.retries).toEqual([]);
    expect(second.seen.deltas.join('')).toBe('The answer is');
    expect(error.partial).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'The answer is' }],
      errorMessage: error.message,
    });
    expect(fake.pending()).toBe(1);
  });

  it('gives up on 429 after maxRetries, with kind rate_limit', async () => {
    fake.enqueue({ kind: 'error', status: 429 }, { kind: 'error', status: 429 }, { kind: 'error', status: 429 });
    const { seen, handlers } = recorder();
    const error = await failure(provider({ maxRetries: 2 }).stream(request(), handlers));
    expect(error).toMatchObject({ kind: 'rate_limit', status: 429, retryable: true, partial: null });
    expect(seen.retries.map((r) => r.attempt)).toEqual([1, 2]);
    expect(fake.messageRequests()).toHaveLength(3);
  });

  it('does not wait when the server asks for a longer pause than a minute', async () => {
    fake.enqueue({ kind: 'error', status: 529, retryAfterMs: 120_000 }, { kind: 'text', text: 'never sent' });
    const { seen, handlers } = recorder();
    const error = await failure(provider().stream(request(), handlers));
    expect(error.kind).toBe('overloaded');
    expect(seen.retries).toEqual([]);
  });

  it('a 401 is kind auth and is not retried', async () => {
    fake.enqueue({ kind: 'error', status: 401 }, { kind: 'text', text: 'never sent' });
    const { seen, handlers } = recorder();
    const error = await failure(provider().stream(request(), handlers));
    expect(error).toMatchObject({ kind: 'auth', status: 401, partial: null });
    expect(error.message).toMatch(/API key/);
    expect(seen.retries).toEqual([]);
    expect(fake.messageRequests()).toHaveLength(1);
  });

  it('a 429 whose retry-after is an hour is not waited for, and says how long to wait', async () => {
    fake.enqueue({ kind: 'error', status: 429, retryAfter: '3600' }, { kind: 'text', text: 'never sent' });
    const { seen, handlers } = recorder();
    const error = await failure(provider().stream(request(), handlers));
    expect(error).toMatchObject({ kind: 'rate_limit', status: 429, retryAfterMs: 3_600_000 });
    expect(error.message).toBe('Rate limit reached (429): Number of request tokens has exceeded your per-minute rate limit. Try again in 1 hour.');
    expect(seen.retries).toEqual([]);
    expect(fake.messageRequests()).toHaveLength(1);
  });

  it('a 429 without retry-after can only say to wait a moment', async () => {
    fake.enqueue({ kind: 'error', status: 429, shouldRetry: false });
    const error = await failure(provider().stream(request(), recorder().handlers));
    expect(error.message).toBe('Rate limit reached (429): Number of request tokens has exceeded your per-minute rate limit. Wait a moment and try again.');
  });

  it('a wait is told in the unit a person would use', () => {
    expect([999, 30_000, 120_000, 3_600_000, 5_400_000, 7_200_000].map(formatWait)).toEqual([
      '1 second',
      '30 seconds',
      '2 minutes',
      '1 hour',
      '1 hour 30 minutes',
      '2 hours',
    ]);
  });

  it('in Thai once the language is ไทย: the error and the wait it asks for', async () => {
    setLanguage('th');
    try {
      fake.enqueue({ kind: 'error', status: 500 }, { kind: 'error', status: 500 }, { kind: 'error', status: 500 });
      const error = await failure(provider({ maxRetries: 0 }).stream(request(), recorder().handlers));
      expect(error.message).toBe('Anthropic API เกิดข้อผิดพลาดภายใน (500) ลองอีกครั้ง');
      expect(formatWait(5_400_000)).toBe('1 ชั่วโมง 30 นาที');
    } finally {
      setLanguage('en');
    }
  });

  it('a 413 is blamed on the request\'s size, naming its largest files, not on the context window', async () => {
    fake.enqueue({ kind: 'error', status: 413 });
    const file = (type: 'image' | 'document', name: string, mb: number) =>
      type === 'image'
        ? { type, name, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'A'.repeat((mb * 1024 * 1024 * 4) / 3) } }
        : { type, name, source: { type: 'base64' as const, media_type: 'application/pdf' as const, data: 'A'.repeat((mb * 1024 * 1024 * 4) / 3) } };
    const messages: AgentMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'Read these' }, file('document', 'scan.pdf', 12), file('image', 'photo.png', 3)] },
      { role: 'assistant', content: [{ type: 'text', text: 'Read.' }] },
      { role: 'user', content: [{ type: 'text', text: 'And these' }, file('document', 'report.pdf', 15), file('image', 'tiny.png', 0.75)] },
    ];
    const error = await failure(provider().stream(request({ messages }), recorder().handlers));
    expect(error).toMatchObject({ kind: 'too_large', status: 413, retryable: false });
    expect(error.message).toBe(
      'The request is larger than the Anthropic API accepts (413): the files sent with the conversation take 30.75 MB — report.pdf (15 MB), scan.pdf (12 MB), photo.png (3 MB) and 1 more. Each request sends them again: edit the message that attached them, or start a new session.',
    );
    expect(toApiError(error).code).toBe('invalid_input');
  });

  it('"prompt is too long" is kind too_long', async () => {
    fake.enqueue({ kind: 'error', status: 400, message: 'prompt is too long: 212345 tokens > 200000 maximum' });
    const error = await failure(provider().stream(request(), recorder().handlers));
    expect(error.kind).toBe('too_long');
    expect(error.message).toContain('212345 tokens');
  });

  it('a connection dropped mid-stream is kind network with the partial text kept', async () => {
    fake.enqueue({ kind: 'disconnect', text: 'Half of it' }, { kind: 'text', text: 'never sent' });
    const { seen, handlers } = recorder();
    const error = await failure(provider().stream(request(), handlers));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('The connection to the Anthropic API closed before the reply was complete.');
    expect(error.partial?.content).toEqual([{ type: 'text', text: 'Half of it' }]);
    expect(seen.retries).toEqual([]);
  });

  it('an unreachable server is kind network', async () => {
    const closed = await startFakeAnthropic();
    const url = closed.url;
    await closed.close();
    const error = await failure(provider({ baseURL: url, maxRetries: 0 }).stream(request(), recorder().handlers));
    expect(error).toMatchObject({ kind: 'network', partial: null });
  });

  it('abort mid-stream resolves with the partial text marked aborted, and the request is cut', async () => {
    fake.enqueue({ kind: 'text', text: 'one two three four five six', chunkSize: 4, delayMs: 30 });
    const controller = new AbortController();
    const { seen, handlers } = recorder((_d, all) => {
      if (all.length >= 8) controller.abort();
    });
    const message = await provider().stream(request({ signal: controller.signal }), handlers);

    expect(message.aborted).toBe(true);
    expect(message.content).toEqual([{ type: 'text', text: seen.deltas.join('') }]);
    expect(seen.deltas.join('')).toBe('one two ');
    await fake.waitForRequests(1);
    await expect.poll(() => fake.messageRequests()[0]?.aborted).toBe(true);
  });

  it('abort drops a tool call whose input was still streaming', async () => {
    fake.enqueue({ kind: 'tool_use', name: 'big', input: { text: 'x'.repeat(200) }, text: 'Calling.', chunkSize: 10, delayMs: 20 });
    const controller = new AbortController();
    // The text block is one delta; the tool input then takes ~22 × 20 ms: abort 100 ms into it.
    const { handlers } = recorder(() => setTimeout(() => controller.abort(), 100));
    const pending = provider().stream(request({ signal: controller.signal }), handlers);
    const message = await pending;
    expect(message).toMatchObject({ aborted: true, content: [{ type: 'text', text: 'Calling.' }] });
  });

  it('abort before anything arrived resolves with an empty aborted message', async () => {
    fake.enqueue({ kind: 'stall', beforeHeaders: true });
    const controller = new AbortController();
    const pending = provider().stream(request({ signal: controller.signal }), recorder().handlers);
    await fake.waitForRequests(1);
    controller.abort();
    expect(await pending).toEqual({ role: 'assistant', content: [], model: MODEL, aborted: true });
  });

  it('abort during the wait before a retry resolves at once', async () => {
    fake.enqueue({ kind: 'error', status: 529, retryAfterMs: 30_000 });
    const controller = new AbortController();
    const { seen, handlers } = recorder();
    handlers.onRetry = (attempt, message, info) => {
      seen.retries.push({ attempt, message, kind: info.kind, delayMs: info.delayMs });
      setTimeout(() => controller.abort(), 20);
    };
    const started = Date.now();
    const message = await provider().stream(request({ signal: controller.signal }), handlers);
    expect(message).toMatchObject({ aborted: true, content: [] });
    expect(seen.retries).toEqual([expect.objectContaining({ attempt: 1, delayMs: 30_000 })]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(fake.messageRequests()).toHaveLength(1);
  });

  it('a stalled stream times out with kind timeout and the partial text kept', async () => {
    fake.enqueue({ kind: 'stall', text: 'I was saying' }, { kind: 'text', text: 'never sent' });
    const { seen, handlers } = recorder();
    const started = Date.now();
    const error = await failure(provider({ inactivityTimeoutMs: 300 }).stream(request(), handlers));
    const elapsed = Date.now() - started;

    expect(error.kind).toBe('timeout');
    expect(error.partial).toMatchObject({ content: [{ type: 'text', text: 'I was saying' }], errorMessage: error.message });
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(2_000);
    expect(seen.retries).toEqual([]);
    await expect.poll(() => fake.messageRequests()[0]?.aborted).toBe(true);
    expect(fake.pending()).toBe(1);
  });

  it('a server that never answers times out too, with no partial', async () => {
    fake.enqueue({ kind: 'stall', beforeHeaders: true });
    const error = await failure(provider({ inactivityTimeoutMs: 300 }).stream(request(), recorder().handlers));
    expect(error).toMatchObject({ kind: 'timeout', partial: null });
  });

  it('pings keep a slow stream alive past the inactivity timeout', async () => {
    fake.enqueue({ kind: 'text', text: 'slowly', chunkSize: 3, delayMs: 500, pingEveryMs: 100 });
    const message = await provider({ inactivityTimeoutMs: 300 }).stream(request(), recorder().handlers);
    expect(message.content).toEqual([{ type: 'text', text: 'slowly' }]);
  });

  it('an exception thrown by onText stops the stream and reaches the caller as-is', async () => {
    fake.enqueue({ kind: 'text', text: 'abcdefghijkl', chunkSize: 2, delayMs: 10 });
    const bug = new Error('renderer bug');
    const pending = provider().stream(request(), {
      onText: () => {
        throw bug;
      },
    });
    await expect(pending).rejects.toBe(bug);
  });

  it('sends no Baton-only fields and a valid history after aborted turns', async () => {
    const history: AgentMessage[] = [
      user('first'),
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me check' },
          { type: 'tool_use', id: 't1', name: 'todo_write', input: { todos: [] } },
        ],
        model: MODEL,
        stopReason: null,
        usage: { input_tokens: 10, output_tokens: 5 },
        aborted: true,
      },
      user('never mind'),
      { role: 'assistant', content: [{ type: 'text', text: '' }], errorMessage: 'Overloaded', model: MODEL },
      user('again'),
    ];
    await provider().stream(request({ messages: history }), recorder().handlers);
    // toEqual fails on any extra key, so nothing Baton-only can ride along (the cache breakpoints are the API's).
    const cached = { cache_control: { type: 'ephemeral' } };
    expect((fake.messageRequests()[0]!.body as { messages: unknown }).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'first', ...cached }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Let me check' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'never mind' },
          { type: 'text', text: 'again', ...cached },
        ],
      },
    ]);
  });
});

describe('toApiMessages', () => {
  it('keeps answered tool calls and puts tool results first', () => {
    const out = toApiMessages([
      user('go'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: { k: 1 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'done', is_error: false }] },
      user('steer'),
    ]);
    expect(out).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: { k: 1 } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'done', is_error: false },
          { type: 'text', text: 'steer' },
        ],
      },
    ]);
  });

  it('drops a tool call with no result, a result with no call, and messages left empty', () => {
    const out = toApiMessages([
      user('go'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'x', input: {} }], aborted: true },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'zzz', content: 'orphan' }] },
      user('next'),
    ]);
    expect(out).toEqual([{ role: 'user', content: [{ type: 'text', text: 'go' }, { type: 'text', text: 'next' }] }]);
  });

  it('keeps a trailing aborted assistant message, without trailing whitespace', () => {
    const out = toApiMessages([
      user('go'),
      { role: 'assistant', content: [{ type: 'text', text: 'Partial answer \n' }], aborted: true },
    ]);
    expect(out.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Partial answer' }] });
  });
});

describe('token helpers', () => {
  it('estimateTokens counts about four characters per token, system prompt included', () => {
    const messages: AgentMessage[] = [
      user('a'.repeat(400)),
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'n', input: { s: 'b'.repeat(100) } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'c'.repeat(200) }] },
    ];
    const tokens = estimateTokens(messages, 's'.repeat(100));
    expect(tokens).toBeGreaterThanOrEqual(200);
    expect(tokens).toBeLessThan(215);
    expect(estimateTokens([])).toBe(0);
  });
});
