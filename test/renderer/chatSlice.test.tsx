// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../shared/session';
import { texts } from '../../shared/texts';
import { exchangeEntries, messageEntry, sessionView, setup } from './harness';

const assistant = (text: string, extra: Partial<AgentMessage> = {}): AgentMessage => ({ role: 'assistant', content: [{ type: 'text', text }], ...extra });

describe('streaming', () => {
  it('buffers deltas and applies them at most once per animation frame', async () => {
    const { store, fake, frames } = await setup();
    fake.emit({ type: 'agent_start', sessionId: 's1' });
    fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } });
    let renders = 0;
    const off = store.subscribe(() => renders++);
    for (const delta of ['Hel', 'lo', ' wor', 'ld']) fake.emit({ type: 'message_update', sessionId: 's1', delta });
    expect(renders).toBe(0);
    expect(store.getState().chat.stream?.text).toBe('');
    expect(frames.pending).toBe(1);

    frames.flush();
    expect(renders).toBe(1);
    expect(store.getState().chat.stream?.text).toBe('Hello world');

    fake.emit({ type: 'message_update', sessionId: 's1', delta: '!' });
    frames.flush();
    expect(store.getState().chat.stream?.text).toBe('Hello world!');
    off();
  });

  it('settles the streamed row into the final message on message_end', async () => {
    const { store, fake, frames } = await setup();
    fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } });
    fake.emit({ type: 'message_update', sessionId: 's1', delta: 'partial' });
    const streamed = store.getState().chat.items.at(-1);
    const entry = messageEntry('assistant', 'Final text', { usage: { input_tokens: 100, output_tokens: 20 } });
    fake.emit({ type: 'message_end', sessionId: 's1', message: entry.type === 'message' ? entry.message : assistant(''), entry });
    frames.flush(); // a late frame must not resurrect the stream
    const s = store.getState();
    expect(s.chat.stream).toBeNull();
    // Drawn under the streamed row's key, so the row is kept.
    expect(streamed).toMatchObject({ kind: 'streaming', rowKey: expect.any(String) });
    const rowKey = streamed?.kind === 'streaming' ? streamed.rowKey : '';
    expect(s.chat.items).toEqual([{ kind: 'message', key: entry.id, message: (entry as { message: AgentMessage }).message, rowKey }]);
    expect(s.session).toMatchObject({ messageCount: 1, tokensIn: 100, tokensOut: 20 });
  });

  it('keeps a run that ended without settling its message, marked stopped', async () => {
    const { store, fake } = await setup();
    fake.emit({ type: 'agent_start', sessionId: 's1' });
    fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } });
    fake.emit({ type: 'message_update', sessionId: 's1', delta: 'half an ans' });
    fake.emit({ type: 'agent_end', sessionId: 's1' });
    const last = store.getState().chat.items.at(-1);
    expect(last).toMatchObject({ kind: 'message', message: { aborted: true, content: [{ type: 'text', text: 'half an ans' }] } });
    expect(store.getState().session?.isStreaming).toBe(false);
  });

  it('ignores events of another session', async () => {
    const { store, fake, frames } = await setup();
    fake.emit({ type: 'agent_start', sessionId: 'other' });
    fake.emit({ type: 'message_start', sessionId: 'other', message: { role: 'assistant', content: [] } });
    fake.emit({ type: 'message_update', sessionId: 'other', delta: 'x' });
    frames.flush();
    expect(store.getState().chat.items).toEqual([]);
    expect(store.getState().session?.isStreaming).toBe(false);
  });
});

describe('tools, queues, todos, usage', () => {
  it('attaches tool results to their calls instead of showing them as rows', async () => {
    const { store, fake } = await setup();
    const call = messageEntry('assistant', '');
    if (call.type === 'message') call.message.content = [{ type: 'tool_use', id: 't1', name: 'read_file', input: { path: 'a.ts' } }];
    fake.emit({ type: 'message_end', sessionId: 's1', message: (call as { message: AgentMessage }).message, entry: call });
    fake.emit({ type: 'tool_execution_start', sessionId: 's1', toolCallId: 't1', name: 'read_file', input: { path: 'a.ts' } });
    expect(store.getState().chat.toolRuns.t1).toMatchObject({ name: 'read_file', running: true, isError: false });
    fake.emit({ type: 'tool_execution_end', sessionId: 's1', toolCallId: 't1', isError: false, output: 'contents' });
    const result: AgentMessage = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'contents' }] };
    fake.emit({ type: 'message_end', sessionId: 's1', message: result, entry: { type: 'message', id: 'r1', parentId: null, timestamp: '', message: result } });
    const s = store.getState();
    expect(s.chat.items).toHaveLength(1);
    expect(s.chat.toolResults.t1).toEqual({ content: 'contents', isError: false });
    expect(s.chat.toolRuns.t1?.running).toBe(false);
    expect(s.session?.messageCount).toBe(2); // tool results are still message entries for the guard
  });

  it('shows queued messages from queue_changed and todos from todos_changed', async () => {
    const { store, fake } = await setup();
    fake.emit({ type: 'queue_changed', sessionId: 's1', steering: ['be brief'], followUp: ['then test'] });
    fake.emit({ type: 'todos_changed', sessionId: 's1', todos: [{ content: 'Write tests', status: 'in_progress' }] });
    fake.emit({ type: 'usage', sessionId: 's1', usage: { input_tokens: 1, output_tokens: 1 }, contextTokens: 150_000 });
    const s = store.getState();
    expect(s.chat.queue).toEqual({ steering: ['be brief'], followUp: ['then test'] });
    expect(s.session?.todos).toEqual([{ content: 'Write tests', status: 'in_progress' }]);
    expect(s.session?.contextTokens).toBe(150_000);
  });
});

describe('sending', () => {
  it('sends with steer by default and followUp when asked, clearing the composer', async () => {
    const { store, fake } = await setup();
    store.getState().setComposerText('  hello  ');
    await store.getState().submitComposer();
    store.getState().setComposerText('later');
    await store.getState().submitComposer('followUp');
    expect(fake.callsTo('chat.send')).toEqual([{ sessionId: 's1', text: 'hello', mode: 'steer' }, { sessionId: 's1', text: 'later', mode: 'followUp' }]);
    expect(store.getState().composer.text).toBe('');
  });

  it('a failed send alerts and gives the text back', async () => {
    const { store } = await setup({ 'chat.send': () => ({ ok: false, error: { code: 'storage', message: 'Disk full' } }) });
    store.getState().setComposerText('keep me');
    await store.getState().submitComposer();
    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([['error', 'Disk full']]);
    expect(store.getState().composer.text).toBe('keep me');
  });

  it('/new starts a new session and is never sent', async () => {
    const { store, fake } = await setup({ 'sessions.new': () => sessionView({ id: 's2' }) });
    store.getState().setComposerText('/new');
    await store.getState().submitComposer();
    expect(fake.callsTo('chat.send')).toHaveLength(0);
    expect(store.getState().session?.header.id).toBe('s2');
  });
});

describe('notices from events', () => {
  it('agent errors go to the alert region, retries to the status region and clear at agent_end', async () => {
    const { store, fake } = await setup();
    fake.emit({ type: 'retry', sessionId: 's1', attempt: 1, message: 'overloaded' });
    fake.emit({ type: 'retry', sessionId: 's1', attempt: 2, message: 'overloaded' });
    expect(store.getState().notices.map((n) => n.text)).toEqual(['Retrying… (attempt 2)']);
    fake.emit({ type: 'error', sessionId: 's1', code: 'internal', message: 'The API is down' });
    fake.emit({ type: 'agent_end', sessionId: 's1' });
    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([['error', 'The API is down']]);
  });

  it('a session with unreadable records says how many', async () => {
    const { store } = await setup({ 'sessions.open': () => sessionView({ unreadableRecords: 3, entries: exchangeEntries(1) }) });
    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([['warning', texts.unreadableRecords(3)]]);
  });

  it('any failed call is shown, not dropped', async () => {
    const { store } = await setup({ 'sessions.list': () => ({ ok: false, error: { code: 'internal', message: 'Index broken' } }) });
    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([['error', 'Index broken']]);
  });
});

describe('session switching', () => {
  it('session_switched rebuilds the chat; the same view arriving twice loads once', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(2) }) });
    const view = sessionView({ id: 's2', entries: exchangeEntries(1) });
    fake.emit({ type: 'session_switched', session: view });
    const items = store.getState().chat.items;
    expect(items).toHaveLength(2);
    fake.emit({ type: 'session_switched', session: view });
    expect(store.getState().chat.items).toBe(items);
  });
});

describe('scrolling back in a huge session', () => {
  it('loads the page before the first loaded entry and puts it first', async () => {
    const older = exchangeEntries(2);
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ entries: exchangeEntries(1), firstEntryIndex: 4 }),
      'sessions.entries': ({ end, limit }) => ({ entries: older.slice(Math.max(0, end - limit), end), start: Math.max(0, end - limit), versions: {} }),
    });
    expect(store.getState().session?.messageCount).toBe(2);
    await store.getState().loadOlderEntries();
    expect(fake.callsTo('sessions.entries')).toEqual([{ id: 's1', end: 4, limit: 1000 }]);
    const s = store.getState();
    expect(s.chat.items.map((i) => (i.kind === 'message' ? (i.message.content[0] as { text: string }).text : i.kind))).toEqual([
      'Question 0',
      'Answer 0',
      'Question 1',
      'Answer 1',
      'Question 0',
      'Answer 0',
    ]);
    expect(s.session).toMatchObject({ firstEntryIndex: 0, messageCount: 6 });
    await store.getState().loadOlderEntries(); // nothing older: no call
    expect(fake.callsTo('sessions.entries')).toHaveLength(1);
  });
});
