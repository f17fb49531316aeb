// Tools as a run sees them (SPEC §3 "Tools"): asynchronous, with progress and an abort signal, results of
// text and images, errors the model reads, cancellation when the run stops, the 25,000-token cap, and a
// set of tools that may change between requests. Against the fake Anthropic server through the real SDK.
import { afterEach, describe, expect, it } from 'vitest';
import { MB } from '../../../shared/attachments';
import type { ToolResultContent } from '../../../shared/session';
import { estimateBlockTokens } from '../../../electron/core/agent/tokens';
import {
  CANCELLED_RESULT,
  capToolResult,
  MAX_RESULT_TOKENS,
  throttledProgress,
  ToolSet,
  fixedTools,
  limitImages,
  type Tool,
  type ToolContext,
  type ToolOutput,
} from '../../../electron/core/agent/tools';
import { expectValidRequests } from '../../support/apiRequestRules';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { bodyOf, createHarness, readSessionFile, until, type Harness } from './harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());
afterEach(() => {
  expectValidRequests(fake.messageRequests());
});

/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function tool(name: string, execute: (input: unknown, context: ToolContext) => Promise<ToolOutput>): Tool {
  return { definition: { name, description: `The ${name} tool.`, input_schema: { type: 'object', properties: {} } }, execute };
}

const setup = (...tools: Tool[]) => (h = createHarness(fake, { tools: fixedTools(tools) }));
const lastResult = (request = 1) => bodyOf(fake.messageRequests()[request]).messages.at(-1)?.content;
const savedResults = () =>
  readSessionFile(h.agent.sessionManager.getSessionFile())
    .entries.flatMap((e) => (e.type === 'message' ? e.message.content : []))
    .filter((b) => b.type === 'tool_result');

describe('a tool call in a run', () => {
  it('awaits the tool, sends its text and image back to the model, and saves them', async () => {
    setup(
      tool('chart', async (input) => {
        await new Promise((r) => setTimeout(r, 20));
        return { content: [{ type: 'text', text: `Chart of ${(input as { of: string }).of}:` }, { type: 'image', name: 'chart.png', source: { type: 'base64', media_type: 'image/png', data: PNG } }] };
      }),
    );
    fake.enqueue({ kind: 'tool_use', name: 'chart', input: { of: 'sales' }, id: 'toolu_c' }, { kind: 'text', text: 'A flat line.' });
    await h.agent.prompt('Draw it');

    expect(bodyOf(fake.messageRequests()[0]).tools?.map((t) => t.name)).toEqual(['todo_write', 'chart']);
    expect(lastResult()).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 'toolu_c',
        content: [{ type: 'text', text: 'Chart of sales:' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }],
      },
    ]);
    expect(savedResults()).toEqual([
      expect.objectContaining({ content: [{ type: 'text', text: 'Chart of sales:' }, expect.objectContaining({ type: 'image', name: 'chart.png' })] }),
    ]);
    expect(h.of('tool_execution_end')[0]).toMatchObject({ toolCallId: 'toolu_c', isError: false, output: 'Chart of sales:\n[image: chart.png]' });
    // How long it ran is kept beside the results (its row shows it after a reopen), and never sent.
    const saved = readSessionFile(h.agent.sessionManager.getSessionFile()).entries.flatMap((e) => (e.type === 'message' && e.message.toolDurations ? [e.message.toolDurations] : []));
    expect(saved).toEqual([{ toolu_c: expect.any(Number) }]);
    expect(saved[0]!.toolu_c).toBeGreaterThanOrEqual(15);
    expect(JSON.stringify(bodyOf(fake.messageRequests()[1]))).not.toContain('toolDurations');
  });

  it('reports progress as tool_execution_update events between start and end', async () => {
    setup(
      tool('slow', async (_input, { onProgress }) => {
        onProgress('Reading', 1, 3);
        await new Promise((r) => setTimeout(r, 150));
        onProgress('Writing', 2, 3);
        await new Promise((r) => setTimeout(r, 150));
        return { content: 'done' };
      }),
    );
    fake.enqueue({ kind: 'tool_use', name: 'slow', input: {}, id: 'toolu_p' }, { kind: 'text', text: 'ok' });
    await h.agent.prompt('go');
    const tools = h.events.filter((e) => e.type.startsWith('tool_execution'));
    expect(tools).toEqual([
      expect.objectContaining({ type: 'tool_execution_start', toolCallId: 'toolu_p' }),
      expect.objectContaining({ type: 'tool_execution_update', toolCallId: 'toolu_p', message: 'Reading', progress: 1, total: 3 }),
      expect.objectContaining({ type: 'tool_execution_update', toolCallId: 'toolu_p', message: 'Writing', progress: 2, total: 3 }),
      expect.objectContaining({ type: 'tool_execution_end', toolCallId: 'toolu_p', output: 'done' }),
    ]);
  });

  it('gives a failing tool and a tool that reports an error an error result the model reads, and goes on', async () => {
    setup(
      tool('broken', async () => {
        throw new Error('disk on fire');
      }),
      tool('picky', async () => ({ content: 'No such file: a.txt', isError: true })),
    );
    fake.enqueue(
      { kind: 'reply', content: [{ type: 'tool_use', name: 'broken', input: {}, id: 'toolu_b' }, { type: 'tool_use', name: 'picky', input: {}, id: 'toolu_k' }] },
      { kind: 'tool_use', name: 'missing', input: {}, id: 'toolu_m' },
      { kind: 'text', text: 'I give up.' },
    );
    await h.agent.prompt('try');
    expect(lastResult(1)).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_b', content: 'disk on fire', is_error: true },
      { type: 'tool_result', tool_use_id: 'toolu_k', content: 'No such file: a.txt', is_error: true },
    ]);
    expect(lastResult(2)).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_m', content: 'Unknown tool: missing', is_error: true }]);
    expect(fake.messageRequests()).toHaveLength(3);
  });

  it('cancels a call in flight when the run stops: the tool sees the abort and the result says so', async () => {
    let seen: AbortSignal | undefined;
    setup(
      tool('hang', (_input, { signal }) => {
        seen = signal;
        return new Promise<never>(() => {}); // never settles, never looks at the signal
      }),
    );
    fake.enqueue({
      kind: 'reply',
      content: [{ type: 'tool_use', name: 'hang', input: {}, id: 'toolu_h' }, { type: 'tool_use', name: 'todo_write', input: { todos: [] }, id: 'toolu_t' }],
    });
    const { done } = await h.agent.start('wait for it');
    await until(() => h.of('tool_execution_start').length === 1);
    h.agent.abort();
    await done;

    expect(seen?.aborted).toBe(true);
    expect(savedResults()).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_h', content: CANCELLED_RESULT, is_error: true },
      { type: 'tool_result', tool_use_id: 'toolu_t', content: CANCELLED_RESULT, is_error: true },
    ]);
    expect(h.of('tool_execution_end').map((e) => e.output)).toEqual([CANCELLED_RESULT, CANCELLED_RESULT]);
    expect(fake.messageRequests()).toHaveLength(1); // the stopped run asks nothing more
    // The next prompt sends the cancelled exchange as the API wants it.
    await h.agent.prompt('never mind');
    expect(bodyOf(fake.messageRequests()[1]).messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('cuts a result over 25,000 tokens, with a note, before it is sent or saved', async () => {
    setup(tool('dump', async () => ({ content: 'x'.repeat(MAX_RESULT_TOKENS * 4 * 3) })));
    fake.enqueue({ kind: 'tool_use', name: 'dump', input: {}, id: 'toolu_d' }, { kind: 'text', text: 'ok' });
    await h.agent.prompt('dump it');
    const [saved] = savedResults();
    const sent = (lastResult() as Array<{ content: string }>)[0]?.content ?? '';
    expect(saved?.content).toBe(sent);
    expect(sent).toMatch(/\[Result cut: the tool returned about 75,000 tokens, more than the 25,000 a result may have; only its beginning is kept\.\]$/);
    expect(sent.length).toBeLessThanOrEqual(MAX_RESULT_TOKENS * 4);
    expect(sent.startsWith('x'.repeat(90_000))).toBe(true);
  });

  it('reads the tool set at each request, so a tool added during the run is offered next', async () => {
    const tools: Tool[] = [];
    h = createHarness(fake, { tools: { tools: () => tools } });
    fake.enqueue(
      { kind: 'tool_use', name: 'todo_write', input: { todos: [] }, id: 'toolu_1' },
      { kind: 'tool_use', name: 'late', input: {}, id: 'toolu_2' },
      { kind: 'text', text: 'ok' },
    );
    const { done } = await h.agent.start('go');
    tools.push(tool('late', async () => ({ content: 'here now' })));
    await done;
    expect(fake.messageRequests().map((r) => bodyOf(r).tools?.map((t) => t.name))).toEqual([
      ['todo_write'],
      ['todo_write', 'late'],
      ['todo_write', 'late'],
    ]);
    expect(lastResult(2)).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'here now' }]);
  });
});

describe('ToolSet', () => {
  const named = (name: string, text: string) => tool(name, async () => ({ content: text }));

  it('joins its sources in order; the first tool of a name wins', async () => {
    const mcp: Tool[] = [named('todo_write', 'impostor'), named('fs__read', 'file')];
    const set = new ToolSet([fixedTools([named('todo_write', 'built in')]), { tools: () => mcp }]);
    expect(set.tools().map((t) => t.definition.name)).toEqual(['todo_write', 'fs__read']);
    const context = { signal: new AbortController().signal, onProgress: () => {} };
    expect(await set.tools()[0]?.execute({}, context)).toEqual({ content: 'built in' });
    mcp.pop();
    expect(set.tools().map((t) => t.definition.name)).toEqual(['todo_write']);
  });
});

describe('capToolResult', () => {
  const tokens = (content: ToolResultContent) =>
    typeof content === 'string' ? estimateBlockTokens({ type: 'text', text: content }) : content.reduce((n, b) => n + estimateBlockTokens(b), 0);
  const image = { type: 'image' as const, name: 'a.png', source: { type: 'base64' as const, media_type: 'image/png' as const, data: PNG } };

  it('leaves a result at the limit as it is', () => {
    const text = 'y'.repeat(100 * 4);
    expect(capToolResult(text, 100)).toBe(text);
    expect(capToolResult([{ type: 'text', text }], 100)).toEqual([{ type: 'text', text }]);
  });

  it('keeps the blocks that fit, cuts the text that does not, leaves out images past the limit, and ends with the note', () => {
    const cut = capToolResult([{ type: 'text', text: 'a'.repeat(400) }, image, { type: 'text', text: 'b'.repeat(8_000) }, image], 2_000);
    expect(tokens(cut)).toBeLessThanOrEqual(2_000);
    // The first image fits (a 1×1 picture is about a token); the second comes after the cut.
    expect(Array.isArray(cut) && cut.map((b) => b.type)).toEqual(['text', 'image', 'text', 'text']);
    expect(Array.isArray(cut) && cut.at(-1)).toMatchObject({ type: 'text', text: expect.stringMatching(/^\[Result cut: the tool returned about 2,102 tokens, more than the 2,000/) });
  });

  it('never splits a surrogate pair', () => {
    const cut = capToolResult('😀'.repeat(300), 100);
    expect(typeof cut === 'string' && cut.split('\n')[0]).toMatch(/^(😀)+$/u);
  });
});

describe('limitImages', () => {
  const image = (name: string, bytes: number) => ({
    type: 'image' as const,
    name,
    source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'A'.repeat((bytes / 3) * 4) },
  });

  it('keeps images while they fit 5 MB together, and says which were left out', () => {
    const out = limitImages([{ type: 'text', text: 'Screens:' }, image('a.png', 2 * MB), image('b.png', 2 * MB), image('c.png', 2 * MB), image('d.png', 3)]);
    expect(Array.isArray(out) && out.map((p) => (p.type === 'image' ? p.name : p.text))).toEqual([
      'Screens:',
      'a.png',
      'b.png',
      "[image c.png left out: the result's images are over 5 MB together]",
      'd.png',
    ]);
  });
});

describe('throttledProgress', () => {
  it('passes the first report at once, then the latest one per interval', async () => {
    const seen: string[] = [];
    const p = throttledProgress((m) => seen.push(m), 40);
    for (let i = 0; i < 1_000; i++) p.onProgress(`step ${i}`);
    expect(seen).toEqual(['step 0']);
    await until(() => seen.length === 2);
    expect(seen).toEqual(['step 0', 'step 999']);
  });

  it('drops what waits once stopped', async () => {
    const seen: string[] = [];
    const p = throttledProgress((m) => seen.push(m), 40);
    p.onProgress('first');
    p.onProgress('waiting');
    p.stop();
    await new Promise((r) => setTimeout(r, 80));
    expect(seen).toEqual(['first']);
  });
});
