// AgentSession runs against the fake Anthropic server through the real provider and SDK: what the user
// sees (events), what lands on disk, and what Baton sent.
import { afterEach, describe, expect, it } from 'vitest';
import type { BatonEvent } from '../../../shared/contract';
import { AgentSession, CHAT_MAX_TOKENS, SYSTEM_PROMPT } from '../../../electron/core/agent/AgentSession';
import { TODO_REMINDER, REMINDER_AFTER_TURNS } from '../../../electron/core/agent/todos';
import { BatonError } from '../../../electron/core/errors';
import { SessionManager } from '../../../electron/core/session/SessionManager';
import { realFs, type FsSeam } from '../../../electron/core/storage/fsSeam';
import { expectValidRequests } from '../../support/apiRequestRules';
import { useFakeAnthropic } from '../../fakeAnthropic';
import {
  bodyOf,
  createHarness,
  diskTranscript,
  MODEL,
  readSessionFile,
  requestTexts,
  until,
  writeTemplate,
  type Harness,
  type HarnessOptions,
} from './harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());
// Whatever a test did, every request it made is one the Messages API accepts.
afterEach(() => {
  expectValidRequests(fake.messageRequests());
});

const setup = (options: HarnessOptions = {}) => (h = createHarness(fake, options));
const file = () => h.agent.sessionManager.getSessionFile();
const types = (events: BatonEvent[]) => events.map((e) => e.type);

describe('a run', () => {
  it('streams the reply, persists both messages, and sends model, system prompt, tools and max tokens', async () => {
    setup();
    fake.enqueue({ kind: 'text', text: 'Hello there, friend', chunkSize: 4, usage: { input_tokens: 1234, output_tokens: 5 } });
    await h.agent.prompt('Hi');

    expect(types(h.events).filter((t) => t !== 'message_update')).toEqual([
      'agent_start',
      'turn_start',
      'entry_added', // the session's first model_change
      'message_start',
      'message_end',
      'message_start',
      'message_end',
      'usage',
      'turn_end',
      'agent_end',
    ]);
    expect('Hello there, friend'.startsWith(h.of('message_update').map((e) => e.delta).join(''))).toBe(true);
    const ends = h.of('message_end');
    expect(ends.map((e) => e.entry?.type)).toEqual(['message', 'message']);
    expect(ends[1]?.message).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Hello there, friend' }] });

    const { entries } = readSessionFile(file());
    expect(entries.map((e) => e.type)).toEqual(['model_change', 'message', 'message']);
    expect(diskTranscript(file())).toEqual(['user: Hi', 'assistant: Hello there, friend']);

    const body = bodyOf(fake.messageRequests()[0]);
    expect(body.model).toBe(MODEL);
    expect(body.max_tokens).toBe(CHAT_MAX_TOKENS);
    expect(body.system).toEqual([{ type: 'text', text: SYSTEM_PROMPT, cache_control: { type: 'ephemeral' } }]);
    expect(body.tools?.map((t) => t.name)).toEqual(['todo_write']);
    expect(requestTexts(fake.messageRequests()[0])).toEqual(['Hi']);
    expect(h.agent.getContextUsage()).toEqual({ tokens: 1239, window: 200_000 });
    expect(h.of('usage')[0]).toMatchObject({ contextTokens: 1239 });
  });

  it('start() resolves once the user message is on disk; done settles at agent_end', async () => {
    setup();
    fake.enqueue({ kind: 'text', text: 'slow reply', chunkSize: 2, delayMs: 20 });
    const { done } = await h.agent.start('Question');
    expect(diskTranscript(file())).toEqual(['user: Question']);
    expect(h.agent.isStreaming).toBe(true);
    await done;
    expect(h.agent.isStreaming).toBe(false);
    expect(h.events.at(-1)?.type).toBe('agent_end');
    expect(diskTranscript(file())).toEqual(['user: Question', 'assistant: slow reply']);
  });

  it('refuses a second start while one streams', async () => {
    setup();
    fake.enqueue({ kind: 'text', text: 'slow', chunkSize: 1, delayMs: 20 });
    const { done } = await h.agent.start('one');
    await expect(h.agent.start('two')).rejects.toMatchObject({ code: 'busy' });
    await done;
  });

  it('sends at most one message_update per 16 ms while streaming', async () => {
    setup();
    const text = 'abcdefghij'.repeat(20);
    fake.enqueue({ kind: 'text', text, chunkSize: 1, delayMs: 1 });
    const times: number[] = [];
    h.agent.subscribe((e) => e.type === 'message_update' && times.push(performance.now()));
    await h.agent.prompt('stream');
    expect(times.length).toBeGreaterThan(2);
    for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(16);
    // The updates are the text in order; message_end carries all of it.
    expect(text.startsWith(h.of('message_update').map((e) => e.delta).join(''))).toBe(true);
    expect(h.of('message_end').at(-1)?.message.content).toEqual([{ type: 'text', text }]);
  });

  it('runs the tool loop: tool_use → tool result → next turn, with todo_write updating the todos', async () => {
    setup();
    const todos = [
      { content: 'Read the spec', status: 'completed' },
      { content: 'Write the code', status: 'in_progress' },
    ];
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos }, id: 'toolu_1', text: 'Planning.' }, { kind: 'text', text: 'Done planning.' });
    await h.agent.prompt('Plan it');

    expect(h.of('tool_execution_start')).toEqual([
      { type: 'tool_execution_start', sessionId: h.agent.sessionId, toolCallId: 'toolu_1', name: 'todo_write', input: { todos } },
    ]);
    expect(h.of('tool_execution_end')[0]).toMatchObject({ toolCallId: 'toolu_1', isError: false });
    expect(h.of('todos_changed').at(-1)?.todos).toEqual(todos);
    expect(h.agent.getTodos()).toEqual(todos);
    expect(types(h.events).filter((t) => t === 'turn_start' || t === 'turn_end')).toEqual(['turn_start', 'turn_end', 'turn_start', 'turn_end']);
    expect(diskTranscript(file())).toEqual([
      'user: Plan it',
      'assistant: Planning. | [tool_use todo_write]',
      'user: [tool_result]',
      'assistant: Done planning.',
    ]);
    const second = bodyOf(fake.messageRequests()[1]).messages;
    expect(second.at(-1)?.content).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_1' })]);
  });

  it('gives a bad tool call an error result the model sees, and carries on', async () => {
    setup();
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: 'nope' }, id: 'toolu_bad' }, { kind: 'text', text: 'Sorry.' });
    await h.agent.prompt('Plan');
    expect(h.of('tool_execution_end')[0]).toMatchObject({ isError: true, output: expect.stringContaining('Invalid todo list') });
    const result = bodyOf(fake.messageRequests()[1]).messages.at(-1)?.content;
    expect(result).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_bad', is_error: true })]);
  });

  it('queues the todo reminder after a few turns with open todos, and sends it with the next prompt', async () => {
    setup();
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'Ship it', status: 'pending' }] } }, { kind: 'text', text: 'ok' });
    await h.agent.prompt('start'); // turn 1 wrote the list, turn 2 is stale (1)
    for (let i = 2; i < REMINDER_AFTER_TURNS; i++) await h.agent.prompt(`more ${i}`);
    expect(h.agent.getQueues().nextTurn).toEqual([]);
    await h.agent.prompt('one more'); // the third stale turn
    expect(h.agent.getQueues().nextTurn).toEqual([TODO_REMINDER]);

    await h.agent.prompt('next');
    expect(h.agent.getQueues().nextTurn).toEqual([]);
    const texts = requestTexts(fake.messageRequests().at(-1));
    expect(texts.slice(-2)).toEqual([TODO_REMINDER, 'next']);
    const { entries } = readSessionFile(file());
    const reminder = entries.find((e) => e.type === 'custom_message');
    expect(reminder).toMatchObject({ customType: 'next_turn', content: TODO_REMINDER, display: false });
  });

  it('sends pending next-turn context with the next user prompt, saved as a hidden custom message', async () => {
    setup();
    h.agent.queueNextTurn('Context: the user is on branch main.');
    expect(h.agent.getQueues().nextTurn).toEqual(['Context: the user is on branch main.']);
    await h.agent.prompt('hi');
    expect(requestTexts(fake.messageRequests()[0])).toEqual(['Context: the user is on branch main.', 'hi']);
    const { entries } = readSessionFile(file());
    expect(entries.map((e) => e.type)).toEqual(['model_change', 'custom_message', 'message', 'message']);
    expect(h.agent.getQueues().nextTurn).toEqual([]);
  });

  it('expands /NAME args from prompt templates, unless told not to', async () => {
    setup();
    writeTemplate(h, 'review', 'Review $1 with care. All: $ARGUMENTS');
    await h.agent.prompt('/review a.ts b.ts');
    expect(requestTexts(fake.messageRequests()[0])).toEqual(['Review a.ts with care. All: a.ts b.ts']);
    await h.agent.prompt('/review a.ts', { expandPromptTemplates: false });
    expect(requestTexts(fake.messageRequests()[1]).at(-1)).toBe('/review a.ts');
    expect(diskTranscript(file())[2]).toBe('user: /review a.ts');
  });
});

describe('queues', () => {
  it('delivers a steering message at the next turn boundary of the running run', async () => {
    setup();
    fake.enqueue({ kind: 'text', text: 'first answer', chunkSize: 2, delayMs: 15 });
    const { done } = await h.agent.start('one');
    h.agent.steer('actually, focus on X');
    expect(h.of('queue_changed').at(-1)).toMatchObject({ steering: ['actually, focus on X'], followUp: [] });
    await done;
    expect(h.of('agent_end')).toHaveLength(1);
    expect(diskTranscript(file())).toEqual(['user: one', 'assistant: first answer', 'user: actually, focus on X', 'assistant: OK: actually, focus on X']);
    expect(h.agent.getQueues().steering).toEqual([]);
    expect(h.of('queue_changed').at(-1)).toMatchObject({ steering: [] });
  });

  it('delivers steering after the tool results, in the same request', async () => {
    setup();
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [] }, id: 'toolu_s', delayMs: 15 }, { kind: 'text', text: 'ok' });
    const { done } = await h.agent.start('go');
    h.agent.steer('and hurry');
    await done;
    const last = bodyOf(fake.messageRequests()[1]).messages.at(-1);
    expect(last?.role).toBe('user');
    expect(last?.content).toEqual([
      expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_s' }),
      expect.objectContaining({ type: 'text', text: 'and hurry' }),
    ]);
  });

  it('delivers follow-ups one at a time after the model stops', async () => {
    setup();
    fake.enqueue({ kind: 'text', text: 'first', chunkSize: 1, delayMs: 10 });
    const { done } = await h.agent.start('one');
    h.agent.followUp('two');
    h.agent.followUp('three');
    expect(h.agent.getQueues().followUp).toEqual(['two', 'three']);
    await done;
    expect(diskTranscript(file())).toEqual(['user: one', 'assistant: first', 'user: two', 'assistant: OK: two', 'user: three', 'assistant: OK: three']);
    expect(h.agent.getQueues().followUp).toEqual([]);
  });
});

describe('stop', () => {
  it('keeps the partial reply on disk, marked aborted, and the session goes on', async () => {
    setup();
    fake.enqueue({ kind: 'text', text: 'a long answer that will be cut short', chunkSize: 2, delayMs: 20 });
    const { done } = await h.agent.start('talk');
    await until(() => h.of('message_update').length >= 2);
    h.agent.abort();
    await done;

    const saved = readSessionFile(file()).entries.filter((e) => e.type === 'message').at(-1);
    expect(saved?.type === 'message' && saved.message).toMatchObject({ role: 'assistant', aborted: true });
    const partial = saved?.type === 'message' ? (saved.message.content[0] as { text: string }).text : '';
    expect(partial.length).toBeGreaterThan(0);
    expect('a long answer that will be cut short'.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan('a long answer that will be cut short'.length);
    await until(() => fake.messageRequests()[0]?.aborted === true);
    expect(h.of('error')).toEqual([]);

    await h.agent.prompt('again');
    expect(requestTexts(fake.messageRequests()[1])).toEqual(['talk', partial, 'again']);
  });
});

describe('model selection', () => {
  it('appends model_change only when the model used differs from the session’s last', async () => {
    setup();
    await h.agent.prompt('a');
    await h.agent.prompt('b');
    h.settings.model = 'claude-other';
    const before = h.events.length;
    await h.agent.prompt('c');
    const changes = readSessionFile(file()).entries.filter((e) => e.type === 'model_change');
    expect(changes.map((e) => e.type === 'model_change' && e.model)).toEqual([MODEL, 'claude-other']);
    // The view is told of the change as it is written, before the prompt sent with it.
    const run = h.events.slice(before).filter((e) => e.type === 'entry_added' || e.type === 'message_end');
    expect(run[0]).toEqual({ type: 'entry_added', sessionId: expect.any(String), entry: changes[1] });
    expect(run[1]).toMatchObject({ type: 'message_end', message: { role: 'user' } });
    expect(h.events.slice(0, before).filter((e) => e.type === 'entry_added')).toHaveLength(1); // 'b' changed nothing
    expect(bodyOf(fake.messageRequests()[2]).model).toBe('claude-other');
    expect(h.agent.getModel()).toBe('claude-other');

    // Reopened, the session remembers its last model.
    await h.reopen().prompt('d');
    expect(readSessionFile(file()).entries.filter((e) => e.type === 'model_change')).toHaveLength(2);
  });
});

describe('errors', () => {
  it.each([429, 500, 529])('retries a %i with the retry shown, then answers', async (status) => {
    setup();
    fake.enqueue({ kind: 'error', status, retryAfterMs: 5 }, { kind: 'text', text: 'recovered' });
    await h.agent.prompt('hello');
    expect(h.of('retry')).toEqual([{ type: 'retry', sessionId: h.agent.sessionId, attempt: 1, message: expect.any(String) }]);
    expect(h.of('error')).toEqual([]);
    expect(diskTranscript(file())).toEqual(['user: hello', 'assistant: recovered']);
    expect(fake.messageRequests()).toHaveLength(2);
  });

  it('reports an error once retries run out, and keeps the session usable', async () => {
    setup({ maxRetries: 1 });
    fake.enqueue({ kind: 'error', status: 500, retryAfterMs: 5 }, { kind: 'error', status: 500, retryAfterMs: 5 });
    await h.agent.prompt('hello');
    expect(h.of('retry')).toHaveLength(1);
    expect(h.of('error')).toEqual([{ type: 'error', sessionId: h.agent.sessionId, code: 'server', message: expect.stringContaining('500') }]);
    expect(diskTranscript(file())).toEqual(['user: hello']);
    await h.agent.prompt('again');
    // The unanswered question is still part of the conversation.
    expect(requestTexts(fake.messageRequests().at(-1))).toEqual(['hello', 'again']);
    expect(diskTranscript(file()).at(-1)).toBe('assistant: OK: hello again');
  });

  it('ends the run on a mid-stream error with the partial text kept (errorMessage) and the error shown', async () => {
    setup();
    fake.enqueue({ kind: 'stream_error', text: 'Half an ans', errorType: 'overloaded_error', message: 'Overloaded' });
    await h.agent.prompt('question');
    const errors = h.of('error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe('overloaded');
    const saved = readSessionFile(file()).entries.at(-1);
    expect(saved?.type === 'message' && saved.message).toMatchObject({
      role: 'assistant',
      content: [{ type: 'text', text: 'Half an ans' }],
      errorMessage: errors[0]?.message,
    });
    expect(h.events.at(-1)?.type).toBe('agent_end');
    expect(h.agent.isStreaming).toBe(false);
  });

  it('asks for the API key on a 401', async () => {
    setup();
    fake.enqueue({ kind: 'error', status: 401 });
    await h.agent.prompt('hello');
    expect(h.of('error')).toEqual([{ type: 'error', sessionId: h.agent.sessionId, code: 'no_api_key', message: expect.stringContaining('API key') }]);
    expect(h.of('retry')).toEqual([]);
  });

  it('passes on the code of an error the provider wrapper throws (no key configured)', async () => {
    setup({
      provider: {
        stream: () => {
          throw new BatonError('no_api_key', 'No API key is configured');
        },
      },
    });
    await h.agent.prompt('hello');
    expect(h.of('error')).toEqual([{ type: 'error', sessionId: h.agent.sessionId, code: 'no_api_key', message: 'No API key is configured' }]);
    expect(h.agent.isStreaming).toBe(false);
  });

  it('reports a connection that goes silent instead of hanging (inactivity timeout)', async () => {
    setup({ inactivityTimeoutMs: 300 });
    fake.enqueue({ kind: 'stall', text: 'Before the silence' });
    const started = Date.now();
    await h.agent.prompt('hello');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(h.of('error')[0]?.message).toMatch(/stopped responding/);
    const saved = readSessionFile(file()).entries.at(-1);
    expect(saved?.type === 'message' && saved.message).toMatchObject({ content: [{ type: 'text', text: 'Before the silence' }], errorMessage: expect.any(String) });
  });

  it('rejects start() with the storage error when the prompt cannot be saved, and shows nothing', async () => {
    let full = false;
    const fs: FsSeam = {
      ...realFs,
      writeSync: (...args) => {
        if (full) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        return realFs.writeSync(...args);
      },
    };
    setup({ sessionManager: (dir) => SessionManager.create(dir, { fs }) });
    full = true;
    await expect(h.agent.start('hello')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(h.events.filter((e) => e.type.startsWith('message') || e.type === 'agent_start')).toEqual([]);
    expect(h.agent.isStreaming).toBe(false);
    expect(fake.messageRequests()).toHaveLength(0);
    expect(readSessionFile(file()).entries).toEqual([]);
    full = false;
    await h.agent.prompt('hello');
    expect(diskTranscript(file())).toEqual(['user: hello', 'assistant: OK: hello']);
  });
});

describe('one session for life', () => {
  it('has its own context and todos beside another open session, and once closed its file opens again with them', async () => {
    setup();
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'Keep me', status: 'pending' }] } }, { kind: 'text', text: 'ok' });
    await h.agent.prompt('first session');
    const other = new AgentSession({ sessionManager: SessionManager.create(h.sessionsDir), provider: h.agent.provider, getSettings: () => h.settings, promptsDir: h.promptsDir });
    try {
      expect(other.getTodos()).toEqual([]);
      expect(other.getMessages()).toEqual([]);
      expect(h.agent.getTodos()).toEqual([{ content: 'Keep me', status: 'pending' }]);
    } finally {
      other.close();
    }

    const reopened = h.reopen(); // closing released the lock, so the file opens again
    expect(reopened.getTodos()).toEqual([{ content: 'Keep me', status: 'pending' }]);
    await reopened.prompt('back again');
    expect(requestTexts(fake.messageRequests().at(-1))[0]).toBe('first session');
  });
});
