// The fake must be good enough for the REAL SDK: every scenario is checked through @anthropic-ai/sdk.
import Anthropic, { APIError, AuthenticationError, OverloadedError, RateLimitError } from '@anthropic-ai/sdk';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordedStream, replay } from '../fixtures/recordedStreams';
import { apiKeyOf, startFakeAnthropic, useFakeAnthropic, type RecordedRequest } from './index';

const MODEL = 'claude-test-1';
const fake = useFakeAnthropic();

const client = (maxRetries = 0) => new Anthropic({ apiKey: 'test', baseURL: fake.url, maxRetries });
const ask = (text: string, c = client()) =>
  c.messages.stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: text }] });

async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('fake Anthropic server through the real SDK', () => {
  it('streams text in the given chunks and records the request', async () => {
    fake.enqueue({ kind: 'text', text: 'Hello there, world', chunks: ['Hello', ' there,', ' world'] });
    const deltas: string[] = [];
    const stream = ask('hi').on('text', (d) => deltas.push(d));
    const message = await stream.finalMessage();

    expect(deltas).toEqual(['Hello', ' there,', ' world']);
    expect(message.content).toEqual([{ type: 'text', text: 'Hello there, world' }]);
    expect(message).toMatchObject({ role: 'assistant', model: MODEL, stop_reason: 'end_turn' });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBe(Math.ceil('Hello there, world'.length / 4));

    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', path: '/v1/messages', scenario: 'text', completed: true, aborted: false });
    expect(apiKeyOf(req!)).toBe('test');
    expect(req?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(req?.body).toMatchObject({ model: MODEL, stream: true, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('splits text into chunkSize pieces and estimates input tokens from the request size', async () => {
    fake.enqueue({ kind: 'text', text: 'abcdefghij', chunkSize: 4 });
    const deltas: string[] = [];
    const long = 'x'.repeat(4_000);
    const message = await ask(long).on('text', (d) => deltas.push(d)).finalMessage();
    expect(deltas).toEqual(['abcd', 'efgh', 'ij']);
    expect(message.usage.input_tokens).toBeGreaterThanOrEqual(1_000);
    expect(message.usage.input_tokens).toBeLessThan(1_100);
  });

  it('answers with "OK: <last user text>" when nothing is queued', async () => {
    expect(await ask('  please   summarise this  ').finalText()).toBe('OK: please summarise this');
  });

  it('streams a tool_use block whose input the SDK parses from input_json_delta pieces', async () => {
    const input = { path: 'notes/todo.md', lines: [1, 2, 3], nested: { ok: true } };
    fake.enqueue({ kind: 'tool_use', name: 'read_file', input, text: 'Let me look.', chunkSize: 5 });
    const jsonPieces: string[] = [];
    const message = await ask('read it').on('inputJson', (piece) => jsonPieces.push(piece)).finalMessage();

    expect(jsonPieces.length).toBeGreaterThan(3);
    expect(jsonPieces.join('')).toBe(JSON.stringify(input));
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_fake_/), name: 'read_file', input },
    ]);
  });

  it('plays any sequence of blocks with the given ids and stop reason', async () => {
    fake.enqueue({
      kind: 'reply',
      content: [
        { type: 'tool_use', id: 'toolu_a', name: 'one', input: {} },
        { type: 'tool_use', id: 'toolu_b', name: 'two', input: { n: 2 } },
      ],
    });
    fake.enqueue({ kind: 'text', text: 'cut', stopReason: 'max_tokens' });
    const first = await ask('go').finalMessage();
    expect(first.content.map((b) => (b.type === 'tool_use' ? [b.id, b.name, b.input] : b.type))).toEqual([
      ['toolu_a', 'one', {}],
      ['toolu_b', 'two', { n: 2 }],
    ]);
    expect(first.stop_reason).toBe('tool_use');
    expect((await ask('again').finalMessage()).stop_reason).toBe('max_tokens');
  });

  it('streams a thinking block as thinking_delta pieces and a signature_delta, before the text', async () => {
    fake.enqueue({
      kind: 'reply',
      chunkSize: 6,
      content: [
        { type: 'thinking', thinking: 'Weigh both options.', signature: 'sig-1' },
        { type: 'text', text: 'Option A.' },
      ],
    });
    const thinking: string[] = [];
    const signatures: string[] = [];
    const stream = ask('think').on('thinking', (delta) => thinking.push(delta)).on('signature', (s) => signatures.push(s));
    const message = await stream.finalMessage();
    expect(thinking).toEqual(['Weigh ', 'both o', 'ptions', '.']);
    expect(signatures).toEqual(['sig-1']);
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Weigh both options.', signature: 'sig-1' },
      { type: 'text', text: 'Option A.' },
    ]);
    expect(message.stop_reason).toBe('end_turn');
  });

  it('lets a scenario override usage and model', async () => {
    fake.enqueue({ kind: 'text', text: 'x', usage: { input_tokens: 150_000, output_tokens: 7 }, model: 'claude-other' });
    const message = await ask('hi').finalMessage();
    expect(message.usage).toMatchObject({ input_tokens: 150_000, output_tokens: 7 });
    expect(message.model).toBe('claude-other');
  });

  it('computes a reply from the request with a function scenario', async () => {
    fake.enqueue((req) => {
      const body = req.body as { messages: Array<{ content: string }> };
      return { kind: 'text', text: body.messages.map((m) => m.content.toUpperCase()).join('|') };
    });
    const c = client();
    const text = await c.messages
      .stream({
        model: MODEL,
        max_tokens: 10,
        messages: [
          { role: 'user', content: 'a' },
          { role: 'assistant', content: 'b' },
          { role: 'user', content: 'c' },
        ],
      })
      .finalText();
    expect(text).toBe('A|B|C');
  });

  it('setDefault replaces the empty-queue answer; null restores the built-in one', async () => {
    fake.setDefault({ kind: 'text', text: 'always this' });
    expect(await ask('one').finalText()).toBe('always this');
    expect(await ask('two').finalText()).toBe('always this');
    fake.setDefault(null);
    expect(await ask('three').finalText()).toBe('OK: three');
  });

  it('a 500 followed by text is retried by the SDK and succeeds, honouring retry-after-ms', async () => {
    fake.enqueue({ kind: 'error', status: 500 }, { kind: 'text', text: 'recovered' });
    const started = Date.now();
    expect(await ask('hi', client(2)).finalText()).toBe('recovered');
    expect(Date.now() - started).toBeLessThan(300); // without retry-after-ms the SDK would wait >= 375 ms
    expect(fake.messageRequests().map((r) => r.scenario)).toEqual(['error', 'text']);
  });

  it('a 429 surfaces as RateLimitError once retries run out', async () => {
    fake.enqueue({ kind: 'error', status: 429 }, { kind: 'error', status: 429 }, { kind: 'text', text: 'never' });
    const error = await ask('hi', client(1)).finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect((error as RateLimitError).headers.get('retry-after-ms')).toBe('10');
    expect(fake.messageRequests()).toHaveLength(2);
    expect(fake.pending()).toBe(1);
  });

  it('a 529 is an OverloadedError and a 401 an AuthenticationError the SDK does not retry', async () => {
    fake.enqueue({ kind: 'error', status: 529 });
    await expect(ask('hi').finalMessage()).rejects.toBeInstanceOf(OverloadedError);
    fake.enqueue({ kind: 'error', status: 401 }, { kind: 'text', text: 'never' });
    const error = await ask('hi', client(3)).finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(fake.messageRequests()).toHaveLength(2);
  });

  it('an error event mid-stream rejects after the partial text was seen', async () => {
    fake.enqueue({ kind: 'stream_error', text: 'partial answer', chunkSize: 7 });
    const deltas: string[] = [];
    const stream = ask('hi').on('text', (d) => deltas.push(d));
    const error = await stream.finalMessage().catch((e: unknown) => e);

    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ type: 'overloaded_error', status: undefined });
    expect(deltas.join('')).toBe('partial answer');
    expect(stream.currentMessage?.content).toEqual([{ type: 'text', text: 'partial answer', citations: undefined }]);
  });

  it('a disconnect mid-stream fails the stream after the partial text', async () => {
    fake.enqueue({ kind: 'disconnect', text: 'half a' });
    let seen = '';
    const error = await ask('hi')
      .on('text', (d) => {
        seen += d;
      })
      .finalMessage()
      .catch((e: unknown) => e);
    expect(seen).toBe('half a');
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(APIError);
  });

  it('an empty reply has no content blocks, or one empty text block', async () => {
    fake.enqueue({ kind: 'empty' }, { kind: 'empty', emptyTextBlock: true });
    const none = await ask('hi').finalMessage();
    expect(none.content).toEqual([]);
    expect(none.stop_reason).toBe('end_turn');
    const emptyText = await ask('hi').finalMessage();
    expect(emptyText.content).toEqual([{ type: 'text', text: '' }]);
  });

  it('a slow stream spaces its deltas by delayMs', async () => {
    fake.enqueue({ kind: 'text', text: 'aaaabbbbccccdddd', chunkSize: 4, delayMs: 40 });
    const times: number[] = [];
    const started = Date.now();
    const text = await ask('hi').on('text', () => times.push(Date.now() - started)).finalText();
    expect(text).toBe('aaaabbbbccccdddd');
    expect(times).toHaveLength(4);
    expect(times[3]!).toBeGreaterThanOrEqual(150);
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(100);
  });

  it('a stalled stream sends its text, then nothing; the client abort is recorded', async () => {
    fake.enqueue({ kind: 'stall', text: 'so far' });
    let seen = '';
    const stream = ask('hi').on('text', (d) => {
      seen += d;
    });
    const settled = stream.finalMessage().catch((e: unknown) => e);
    await until(() => seen === 'so far');
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.ended).toBe(false);

    stream.abort();
    expect((await settled) as Error).toHaveProperty('name', 'APIUserAbortError');
    await until(() => fake.requests[0]?.aborted === true);
    expect(fake.requests[0]).toMatchObject({ aborted: true, completed: false, scenario: 'stall' });
  });

  it('stops writing when the client aborts a slow stream', async () => {
    fake.enqueue({ kind: 'text', text: 'x'.repeat(100), chunkSize: 1, delayMs: 10 });
    let deltas = 0;
    const stream = ask('hi').on('text', () => deltas++);
    const settled = stream.finalMessage().catch((e: unknown) => e);
    await until(() => deltas >= 3);
    stream.abort();
    await settled;
    await until(() => fake.requests[0]?.aborted === true);
    expect(deltas).toBeLessThan(100);
    expect(fake.requests[0]?.completed).toBe(false);
  });

  it('a stall before the headers leaves the client waiting until it aborts', async () => {
    fake.enqueue({ kind: 'stall', beforeHeaders: true });
    const controller = new AbortController();
    const c = client();
    const pending = c.messages
      .create({ model: MODEL, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }, { signal: controller.signal })
      .catch((e: unknown) => e);
    await fake.waitForRequests(1);
    await new Promise((r) => setTimeout(r, 100));
    controller.abort();
    expect(await pending).toHaveProperty('name', 'APIUserAbortError');
    await until(() => fake.requests[0]?.aborted === true);
  });

  it('answers non-streaming requests with the whole message', async () => {
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [] } });
    const message = await client().messages.create({
      model: MODEL,
      max_tokens: 10,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(message.content).toEqual([
      { type: 'tool_use', id: expect.any(String), name: 'todo_write', input: { todos: [] } },
    ]);
    expect(message.stop_reason).toBe('tool_use');
  });

  it('counts tokens by the chars/4 estimate without consuming the queue', async () => {
    fake.enqueue({ kind: 'text', text: 'queued' });
    const { input_tokens } = await client().messages.countTokens({
      model: MODEL,
      messages: [{ role: 'user', content: 'y'.repeat(400) }],
    });
    expect(input_tokens).toBeGreaterThanOrEqual(100);
    expect(input_tokens).toBeLessThan(130);
    expect(fake.pending()).toBe(1);
    expect(fake.requests[0]?.path).toBe('/v1/messages/count_tokens');
  });

  it('counts an image or a PDF as 1,600 tokens, whatever the length of its base64', async () => {
    const source = (media_type: 'image/png', data: string) => ({ type: 'base64' as const, media_type, data });
    const count = (data: string) =>
      client().messages.countTokens({
        model: MODEL,
        messages: [{ role: 'user', content: [{ type: 'image', source: source('image/png', data) }, { type: 'text', text: 'hi' }] }],
      });
    const small = (await count('AAAA')).input_tokens;
    expect(small).toBeGreaterThan(1_600);
    expect((await count('A'.repeat(400_000))).input_tokens).toBe(small);
  });

  it('rejects a wrong API key with 401 when started with apiKey', async () => {
    const strict = await startFakeAnthropic({ apiKey: 'sk-right' });
    try {
      strict.enqueue({ kind: 'text', text: 'for the right key' });
      const wrong = new Anthropic({ apiKey: 'sk-wrong', baseURL: strict.url, maxRetries: 0 });
      await expect(
        wrong.messages.create({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }),
      ).rejects.toBeInstanceOf(AuthenticationError);
      const right = new Anthropic({ apiKey: 'sk-right', baseURL: strict.url, maxRetries: 0 });
      const ok = await right.messages.stream({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }).finalText();
      expect(ok).toBe('for the right key');
    } finally {
      await strict.close();
    }
  });

  it('close() cuts a stalled stream instead of waiting for it', async () => {
    const own = await startFakeAnthropic();
    own.enqueue({ kind: 'stall', text: 'waiting', pingEveryMs: 20 });
    const sdk = new Anthropic({ apiKey: 'test', baseURL: own.url, maxRetries: 0 });
    let seen = '';
    const settled = sdk.messages
      .stream({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] })
      .on('text', (d) => {
        seen += d;
      })
      .finalMessage()
      .catch((e: unknown) => e);
    await until(() => seen === 'waiting');
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(500);
    expect(await settled).toBeInstanceOf(Error);
  });

  it('replays a recorded stream byte for byte, as text/event-stream, in one write or many', async () => {
    const recorded = recordedStream('baton/refusal-after-thinking.sse'); // multi-byte characters, padded JSON
    const bytes = Buffer.from(recorded, 'utf8');
    fake.enqueue({ kind: 'replay', sse: recorded }, { kind: 'replay', sse: recorded, chunkBytes: 7 });
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${fake.url}/v1/messages`, { method: 'POST', body: JSON.stringify({ stream: true }) });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const reads: number[] = [];
      const received: Uint8Array[] = [];
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        reads.push(chunk.length);
        received.push(chunk);
      }
      expect(Buffer.concat(received).equals(bytes)).toBe(true);
      if (i === 1) expect(reads.length).toBeGreaterThan(10);
    }
    expect(fake.messageRequests().map((r) => [r.scenario, r.completed])).toEqual([
      ['replay', true],
      ['replay', true],
    ]);
  });

  it('a replayed recording in small writes is read by the SDK as the recorded message', async () => {
    fake.enqueue(replay('anthropic-sdk/tool_use_response.txt', { chunkBytes: 5 }));
    const message = await ask('weather').finalMessage();
    expect(message).toMatchObject({ id: 'msg_019Q1hrJbZG26Fb9BQhrkHEr', stop_reason: 'tool_use', usage: { output_tokens: 65 } });
    expect(message.content[0]).toEqual({ type: 'text', text: "I'll check the current weather in Paris for you." });
    expect(message.content[1]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { location: 'Paris' } });
  });

  it('rejects an invalid scenario in-process', () => {
    expect(() => fake.enqueue({ kind: 'text' } as never)).toThrow();
    expect(fake.pending()).toBe(0);
  });
});

describe('control endpoint', () => {
  const post = (path: string, body?: unknown) =>
    fetch(`${fake.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('enqueues scenarios, lists requests and resets', async () => {
    const enqueued = await post('/__fake/enqueue', [
      { kind: 'text', text: 'from control' },
      { kind: 'error', status: 529 },
    ]);
    expect(await enqueued.json()).toEqual({ pending: 2 });
    expect(await ask('hi').finalText()).toBe('from control');
    await expect(ask('hi').finalMessage()).rejects.toBeInstanceOf(OverloadedError);

    const listed = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as RecordedRequest[];
    expect(listed.map((r) => [r.path, r.scenario, r.completed])).toEqual([
      ['/v1/messages', 'text', true],
      ['/v1/messages', 'error', true],
    ]);
    expect(listed[0]?.body).toMatchObject({ model: MODEL });

    await post('/__fake/enqueue', { kind: 'text', text: 'dropped by reset' });
    expect((await post('/__fake/reset')).status).toBe(200);
    expect(fake.requests).toHaveLength(0);
    expect(fake.pending()).toBe(0);
  });

  it('sets and clears the default', async () => {
    await post('/__fake/default', { kind: 'text', text: 'default via control' });
    expect(await ask('hi').finalText()).toBe('default via control');
    await post('/__fake/default');
    expect(await ask('back').finalText()).toBe('OK: back');
  });

  it('answers 400 with the reason for an invalid scenario and queues nothing', async () => {
    const res = await post('/__fake/enqueue', [{ kind: 'text', text: 'fine' }, { kind: 'nope' }]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/kind/);
    expect(fake.pending()).toBe(0);
    expect((await fetch(`${fake.url}/__fake/health`)).status).toBe(200);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('standalone CLI', () => {
  it('prints FAKE_ANTHROPIC_URL, serves scriptable requests and exits on SIGTERM', async () => {
    const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`cli exited early with ${code}`)));
      });
      const match = /^FAKE_ANTHROPIC_URL=(http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      expect(match).not.toBeNull();
      const url = match![1]!;

      await fetch(`${url}/__fake/enqueue`, { method: 'POST', body: JSON.stringify({ kind: 'text', text: 'standalone' }) });
      const sdk = new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 });
      const text = await sdk.messages.stream({ model: MODEL, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }).finalText();
      expect(text).toBe('standalone');
      const requests = (await (await fetch(`${url}/__fake/requests`)).json()) as RecordedRequest[];
      expect(requests).toHaveLength(1);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
