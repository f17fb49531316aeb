// Handoff and tools (SPEC §3 "Tools", §4): the handoff prompt names the tools the conversation used and
// the files and URLs their inputs named; cutting an over-long transcript never separates a tool call
// from its result.
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { buildHandoffPrompt, toolsUsed } from '../../../electron/core/handoff/handoffDocument';
import { trimToFit } from '../../../electron/core/handoff/transcriptFit';
import { estimateTokens } from '../../../electron/core/agent/tokens';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver } from '../../support/coreDriver';

const call = (id: string, name: string, input: unknown): AgentMessage => ({ role: 'assistant', content: [{ type: 'tool_use', id, name, input }] });
const result = (id: string, text: string): AgentMessage => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] });
const user = (text: string): AgentMessage => ({ role: 'user', content: [{ type: 'text', text }] });

describe('the tools a conversation used', () => {
  it('are named once each, with the paths and URLs of their inputs, server tools too', () => {
    const messages: AgentMessage[] = [
      call('a', 'files__read_file', { path: '/home/ann/project/src/app.ts' }),
      result('a', 'ok'),
      call('b', 'files__read_file', { path: 'src/util.ts', encoding: 'utf8' }),
      result('b', 'ok'),
      call('c', 'files__write_file', { path: 'C:\\work\\notes.md', content: 'a long text that is no path at all' }),
      result('c', 'ok'),
      {
        role: 'assistant',
        content: [{ type: 'raw', block: { type: 'server_tool_use', id: 's', name: 'web_fetch', input: { url: 'https://docs.example.com/api?x=1' } } }],
      },
      call('d', 'todo_write', { todos: [{ content: 'read https://example.org/spec and fix', status: 'pending' }] }),
    ];
    expect(toolsUsed(messages)).toEqual({
      tools: ['files__read_file', 'files__write_file', 'web_fetch', 'todo_write'],
      touched: ['/home/ann/project/src/app.ts', 'src/util.ts', 'C:\\work\\notes.md', 'https://docs.example.com/api?x=1', 'https://example.org/spec'],
    });
  });

  it('are named in the handoff prompt; a conversation without tools gets no such paragraph', () => {
    const prompt = buildHandoffPrompt(undefined, [], { tools: { tools: ['files__read_file'], touched: ['/srv/data/a.txt'] } });
    expect(prompt).toContain('This conversation used these tools: files__read_file. Their calls named these files and URLs: /srv/data/a.txt.');
    expect(buildHandoffPrompt()).not.toContain('used these tools');
  });
});

describe('trimToFit and tool calls', () => {
  it('never keeps a tool result whose call was left out', () => {
    const big = 'x'.repeat(2_000);
    const transcript = [user(`start ${big}`), call('t1', 'lookup', { q: big }), result('t1', `found ${big}`), user('write the handoff')];
    // Room for the result and the prompt, not for the call.
    const budget = estimateTokens([transcript[2]!, transcript[3]!]) + 10;
    const { messages, trimmed } = trimToFit(transcript, budget);
    expect(trimmed).toBe(3);
    expect(messages.slice(1)).toEqual([transcript[3]]);
  });

  it('keeps a call and its result together when both fit', () => {
    const transcript = [user(`start ${'x'.repeat(4_000)}`), call('t1', 'lookup', { q: 'a' }), result('t1', 'found'), user('write the handoff')];
    const { messages, trimmed } = trimToFit(transcript, estimateTokens(transcript.slice(1)) + 10);
    expect(trimmed).toBe(1);
    expect(messages.slice(1)).toEqual(transcript.slice(1));
  });
});

describe('through the core', () => {
  const fake = useFakeAnthropic();

  it('the handoff request names the tools used and the URL one touched', async () => {
    const driver = startCoreDriver(fake);
    try {
      const sessionId = (await driver.call('sessions.new', {})).header.id;
      fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'check https://example.org/release-notes', status: 'pending' }] } }, { kind: 'text', text: 'Planned.' });
      await driver.chat('plan the release');
      fake.enqueue({ kind: 'text', text: '## Goal\nRelease\n\n## Next Steps\n- check' });
      expect((await driver.call('handoff.start', { sessionId })).status).toBe('done');
      const sent = JSON.stringify((fake.messageRequests().at(-1)!.body as { messages: unknown[] }).messages.at(-1));
      expect(sent).toContain('This conversation used these tools: todo_write. Their calls named these files and URLs: https://example.org/release-notes.');
    } finally {
      await driver.dispose();
    }
  });
});
