// Approval of MCP tool calls (SPEC §3 "Approval", §5 "Tools"), through the real core, the real provider,
// the fake model server and server-everything from npm over stdio: a call waits for the user's answer in
// every view of its session; Allow once runs it, Always allow runs it and every later call of that tool,
// Deny returns the denied result and the run goes on; Stop denies what waits; the first answer wins.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatonEvent, CallInput, CallOutput, Channel } from '../../../shared/contract';
import { DENIED_RESULT } from '../../../shared/toolApproval';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';
import { node, serverBin } from './mcp/harness';

const fake = useFakeAnthropic();
let driver: CoreDriver;
let sessionId: string;

const ECHO = 'everything__echo';

beforeEach(async () => {
  driver = startCoreDriver(fake);
  // Written before the servers start (they start after the first window, in the background).
  writeFileSync(join(driver.dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { everything: node(serverBin('server-everything')) } }));
  sessionId = (await driver.call('sessions.new', {})).header.id;
  await expect
    .poll(async () => (await driver.call('tools.overview', {})).servers[0]?.state, { timeout: 20_000 })
    .toBe('ready');
});
afterEach(async () => {
  await driver.dispose();
});

/** The model asks for echo, then answers with what it got back. */
function echoThenReply(message: string): void {
  fake.enqueue({ kind: 'tool_use', name: ECHO, input: { message } }, (req) => ({ kind: 'text', text: `got: ${lastResult(req.body)}` }));
}

function lastResult(body: unknown): string {
  const messages = (body as { messages: Array<{ content: unknown }> }).messages;
  const content = messages.at(-1)?.content as Array<{ type: string; content?: unknown }>;
  const result = content.find((b) => b.type === 'tool_result');
  const inner = result?.content;
  return typeof inner === 'string' ? inner : JSON.stringify(inner);
}

async function waitingApproval(events: () => BatonEvent[]) {
  await expect.poll(() => events().filter((e) => e.type === 'tool_approval').length).toBeGreaterThan(0);
  return events().filter((e) => e.type === 'tool_approval').at(-1) as Extract<BatonEvent, { type: 'tool_approval' }>;
}

async function runEnded(count = 1): Promise<void> {
  await expect.poll(() => driver.of('agent_end').length).toBeGreaterThanOrEqual(count);
}

/** The tool results the session's file holds, as text. */
function savedResults(): Array<{ type: string; content?: unknown; is_error?: boolean }> {
  const dir = join(driver.dataDir, 'sessions');
  const file = readdirSync(dir).find((name) => name.endsWith(`_${sessionId}.jsonl`));
  return readFileSync(join(dir, file!), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { type: string; message?: { content: Array<{ type: string; content?: unknown; is_error?: boolean }> } })
    .flatMap((entry) => (entry.type === 'message' ? entry.message!.content.filter((b) => b.type === 'tool_result') : []));
}

describe('an MCP tool call asks first', () => {
  it('waits, with what the card shows, and runs once allowed once; the next call asks again', async () => {
    echoThenReply('hello');
    await driver.call('chat.send', { sessionId, text: 'echo hello' });
    const asked = await waitingApproval(() => driver.events);
    expect(asked).toMatchObject({ sessionId, tool: 'echo', server: 'everything', input: { message: 'hello' } });
    // Nothing ran yet: no second request went to the model.
    expect(fake.messageRequests()).toHaveLength(1);
    // A view that opens the session now shows the card.
    expect((await driver.call('sessions.open', { id: sessionId })).approvals).toEqual([expect.objectContaining({ toolCallId: asked.toolCallId })]);

    expect(await driver.call('tools.approve', { sessionId, toolCallId: asked.toolCallId, decision: 'once' })).toEqual({ settled: true });
    await runEnded();
    expect(driver.of('tool_approval_settled')).toEqual([expect.objectContaining({ toolCallId: asked.toolCallId, decision: 'once' })]);
    expect(savedResults()).toEqual([{ type: 'tool_result', tool_use_id: asked.toolCallId, content: 'Echo: hello' }]);
    expect((await driver.call('sessions.open', { id: sessionId })).approvals).toEqual([]);

    echoThenReply('again');
    await driver.call('chat.send', { sessionId, text: 'echo again' });
    await expect.poll(() => driver.of('tool_approval').length).toBe(2);
  });

  it('Always allow runs it and every later call of that tool without asking, until set back to ask', async () => {
    echoThenReply('one');
    await driver.call('chat.send', { sessionId, text: 'echo one' });
    const asked = await waitingApproval(() => driver.events);
    await driver.call('tools.approve', { sessionId, toolCallId: asked.toolCallId, decision: 'always' });
    await runEnded(1);
    expect((await driver.call('tools.overview', {})).alwaysAllow).toEqual([ECHO]);
    expect(driver.of('tools_changed').at(-1)?.overview.alwaysAllow).toEqual([ECHO]);

    echoThenReply('two');
    await driver.call('chat.send', { sessionId, text: 'echo two' });
    await runEnded(2);
    expect(driver.of('tool_approval')).toHaveLength(1);
    expect(savedResults().map((r) => r.content)).toEqual(['Echo: one', 'Echo: two']);

    await driver.call('tools.alwaysAllow', { tool: ECHO, allow: false });
    echoThenReply('three');
    await driver.call('chat.send', { sessionId, text: 'echo three' });
    await expect.poll(() => driver.of('tool_approval').length).toBe(2);
  });

  it('Deny returns the denied result to the model and the run goes on', async () => {
    echoThenReply('secret');
    await driver.call('chat.send', { sessionId, text: 'echo secret' });
    const asked = await waitingApproval(() => driver.events);
    await driver.call('tools.approve', { sessionId, toolCallId: asked.toolCallId, decision: 'deny' });
    await runEnded();
    expect(savedResults()).toEqual([{ type: 'tool_result', tool_use_id: asked.toolCallId, content: DENIED_RESULT, is_error: true }]);
    expect(lastResult(fake.messageRequests()[1]?.body)).toBe(DENIED_RESULT);
    expect(driver.of('tool_execution_end').at(-1)).toMatchObject({ isError: true, output: DENIED_RESULT });
  });

  it('Stop denies what waits', async () => {
    echoThenReply('stopped');
    await driver.call('chat.send', { sessionId, text: 'echo stopped' });
    const asked = await waitingApproval(() => driver.events);
    await driver.call('chat.stop', { sessionId });
    await runEnded();
    expect(driver.of('tool_approval_settled')).toEqual([expect.objectContaining({ toolCallId: asked.toolCallId, decision: 'deny' })]);
    expect(savedResults()).toEqual([{ type: 'tool_result', tool_use_id: asked.toolCallId, content: DENIED_RESULT, is_error: true }]);
    expect(fake.messageRequests()).toHaveLength(1);
    expect(await driver.call('tools.approve', { sessionId, toolCallId: asked.toolCallId, decision: 'once' })).toEqual({ settled: false });
  });

  it('a call still waiting when the app quits is saved as denied', async () => {
    echoThenReply('quit');
    await driver.call('chat.send', { sessionId, text: 'echo quit' });
    const asked = await waitingApproval(() => driver.events);
    await driver.restart();
    expect(savedResults()).toEqual([{ type: 'tool_result', tool_use_id: asked.toolCallId, content: DENIED_RESULT, is_error: true }]);
  });

  it('two views of the session both show the card; the first answer wins and both see it settled', async () => {
    const other = secondView();
    await other.call('sessions.open', { id: sessionId });
    echoThenReply('both');
    await driver.call('chat.send', { sessionId, text: 'echo both' });
    const asked = await waitingApproval(() => driver.events);
    await waitingApproval(() => other.events);
    expect(await other.call('tools.approve', { sessionId, toolCallId: asked.toolCallId, decision: 'deny' })).toEqual({ settled: true });
    expect(await driver.call('tools.approve', { sessionId, toolCallId: asked.toolCallId, decision: 'once' })).toEqual({ settled: false });
    await runEnded();
    for (const events of [driver.events, other.events]) {
      expect(events.filter((e) => e.type === 'tool_approval_settled')).toEqual([expect.objectContaining({ decision: 'deny' })]);
    }
    expect(savedResults().map((r) => r.content)).toEqual([DENIED_RESULT]);
  });

  it('a tool\'s result counts in the context meter', async () => {
    await driver.call('tools.alwaysAllow', { tool: ECHO, allow: true });
    const long = 'word '.repeat(2_000);
    fake.enqueue({ kind: 'tool_use', name: ECHO, input: { message: 'x' } }, { kind: 'text', text: 'ok' });
    await driver.chat('short');
    const small = (await driver.call('sessions.open', { id: sessionId })).contextTokens;
    fake.enqueue({ kind: 'tool_use', name: ECHO, input: { message: long } }, { kind: 'text', text: 'ok' });
    await driver.chat('long');
    const big = (await driver.call('sessions.open', { id: sessionId })).contextTokens;
    // The call's input and the echoed result: about 2 × 10,000 characters, some 5,000 tokens.
    expect(big - small).toBeGreaterThan(4_000);
  });

  it('a built-in tool needs no approval', async () => {
    fake.enqueue({ kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'a', status: 'pending' }] } }, { kind: 'text', text: 'done' });
    await driver.chat('plan');
    expect(driver.of('tool_approval')).toEqual([]);
  });
});

function secondView() {
  const view = driver.core.connect();
  const events: BatonEvent[] = [];
  view.subscribe((event) => events.push(event));
  return {
    events,
    call: async <C extends Channel>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> => {
      const result = await view.dispatch(channel, input, true);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}: ${result.error.message}`);
      return result.data as CallOutput<C>;
    },
  };
}
