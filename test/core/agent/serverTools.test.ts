// Claude's server tools (SPEC §3 "Tools"): web search and web fetch are declared only when their setting
// is on, with the tool types the API defines; a cited reply (replayed byte for byte) keeps its server
// tool blocks and citations on disk and sends them back unchanged; a text without sources carries no
// `citations` at all; and a turn paused more often than the run follows ends with the reply that says so,
// whose Continue resumes it as it is.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { recordedStream, replay } from '../../fixtures/recordedStreams';
import { bodyOf, createHarness, readSessionFile, sessionFiles, type Harness } from './harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h.cleanup());

const savedReplies = () =>
  readSessionFile(join(h.sessionsDir, sessionFiles(h)[0]!)).entries.flatMap((e) => (e.type === 'message' && e.message.role === 'assistant' ? [e.message] : []));

describe('declaring the server tools', () => {
  it('sends neither while both settings are off (the default)', async () => {
    h = createHarness(fake);
    await h.agent.prompt('Hi');
    expect(bodyOf(fake.messageRequests()[0]).tools?.map((t) => t.name)).toEqual(['todo_write']);
  });

  it('declares web search and web fetch with the API\'s tool types when switched on', async () => {
    h = createHarness(fake, { settings: { webSearch: true, webFetch: true } });
    await h.agent.prompt('Hi');
    const tools = (bodyOf(fake.messageRequests()[0]).tools ?? []) as unknown as Array<Record<string, unknown>>;
    expect(tools.slice(1).map(({ cache_control: _marker, ...tool }) => tool)).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
      { type: 'web_fetch_20250910', name: 'web_fetch', max_uses: 5, max_content_tokens: 25_000, citations: { enabled: true } },
    ]);
  });
});

describe('a cited web search reply', () => {
  it('keeps the search blocks verbatim and the citations on their text, on disk and in the next request', async () => {
    h = createHarness(fake, { settings: { webSearch: true } });
    fake.enqueue(replay('baton/web-search-citations.sse', { chunkBytes: 7 }));
    await h.agent.prompt('How many people live in Tokyo?');
    const [reply] = savedReplies();
    expect(reply?.content.map((b) => (b.type === 'raw' ? `raw:${String(b.block.type)}` : b.type))).toEqual([
      'text',
      'raw:server_tool_use',
      'raw:web_search_tool_result',
      'text',
      'text',
      'text',
      'text',
    ]);
    const texts = reply!.content.filter((b) => b.type === 'text');
    expect(texts.map((b) => b.citations?.map((c) => c.url))).toEqual([
      undefined,
      undefined,
      ['https://example.org/tokyo/population'],
      ['https://example.com/wiki/Greater_Tokyo_Area'],
      undefined,
    ]);
    // A text without sources has no citations key on disk (the SDK's null is not kept).
    expect(JSON.stringify(readSessionFile(join(h.sessionsDir, sessionFiles(h)[0]!)).entries)).not.toContain('"citations":null');

    await h.agent.prompt('And Osaka?');
    const sent = bodyOf(fake.messageRequests()[1]).messages[1] as { content: Array<Record<string, unknown>> };
    const recorded = recordedStream('baton/web-search-citations.sse');
    const cited = sent.content.filter((b) => b.type === 'text' && b.citations);
    expect(cited.map((b) => b.citations)).toEqual([
      [expect.objectContaining({ type: 'web_search_result_location', url: 'https://example.org/tokyo/population', encrypted_index: 'EpABCioIARgBIiQ3YTAw...' })],
      [expect.objectContaining({ type: 'web_search_result_location', url: 'https://example.com/wiki/Greater_Tokyo_Area' })],
    ]);
    const result = sent.content.find((b) => b.type === 'web_search_tool_result');
    expect(recorded).toContain(JSON.stringify(result));
    expect(sent.content.filter((b) => b.type === 'text' && !b.citations).every((b) => !('citations' in b))).toBe(true);
  });
});

describe('pause_turn', () => {
  const paused = () => ({ kind: 'replay' as const, sse: recordedStream('anthropic-docs/web-search.sse').replace('"stop_reason":"end_turn"', '"stop_reason":"pause_turn"') });

  it('after eight continuations the run stops at the paused reply; Continue sends it back as it is and the turn goes on', async () => {
    h = createHarness(fake, { settings: { webSearch: true } });
    for (let i = 0; i < 9; i++) fake.enqueue(paused());
    await h.agent.prompt('Weather in NYC?');
    expect(fake.messageRequests()).toHaveLength(9);
    expect(savedReplies().at(-1)?.stopReason).toBe('pause_turn');

    fake.enqueue({ kind: 'text', text: 'It is sunny.' });
    const { done } = await h.agent.continueReply();
    await done;
    const last = bodyOf(fake.messageRequests().at(-1)).messages;
    // No "continue" prompt: the paused turn goes back as the last (assistant) message.
    expect(last.at(-1)?.role).toBe('assistant');
    expect(savedReplies().at(-1)).toMatchObject({ stopReason: 'end_turn', content: [{ type: 'text', text: 'It is sunny.' }] });
  });
});
