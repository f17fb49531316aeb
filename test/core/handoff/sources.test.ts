// Sources (SPEC §4.3): how the transcript's messages are numbered for the handoff request, and what the
// document's citations and done items say.
import { describe, expect, it } from 'vitest';
import type { AgentMessage } from '../../../shared/session';
import { citedSources, numberMessages, unverifiedItems } from '../../../electron/core/handoff/sources';
import { toApiMessages } from '../../../electron/core/agent/apiMessages';

const context: AgentMessage[] = [
  { role: 'user', content: [{ type: 'text', text: 'List the files' }] },
  { role: 'assistant', content: [{ type: 'thinking', thinking: 'hm', signature: 'sig' }, { type: 'tool_use', id: 't1', name: 'bash', input: { command: 'ls' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'a.ts\nb.ts' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'Two files.' }] },
];
const prompt: AgentMessage = { role: 'user', content: [{ type: 'text', text: 'Write the handoff' }] };

describe('numbering the transcript', () => {
  it('puts [#n] on each context message where the API allows it, never on the handoff prompt', () => {
    const { messages, sources } = numberMessages([...context, prompt], context, ['a', 'b', 'c', 'd']);
    expect(sources).toEqual({ '1': 'a', '2': 'b', '3': 'c', '4': 'd' });
    expect(messages[0]?.content).toEqual([{ type: 'text', text: '[#1] List the files' }]);
    // After the thinking block, before the tool call; the tool result keeps its place first.
    expect(messages[1]?.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    expect(messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 't1', content: '[#3] a.ts\nb.ts' }]);
    expect(messages[4]).toBe(prompt);
    // The pairs survive conversion: every tool call still has its result.
    const api = toApiMessages(messages);
    expect(JSON.stringify(api)).toContain('"tool_use_id":"t1"');
    expect(JSON.stringify(api)).toContain('"id":"t1"');
  });

  it('numbers a tool result of text and images without turning its blocks into text', () => {
    const screenshot = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'iVBORw0KGgo=' }, name: 'screen.png' };
    const result: AgentMessage = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'The page:' }, screenshot] }] };
    const { messages } = numberMessages([context[0]!, context[1]!, result, prompt], [context[0]!, context[1]!, result], ['a', 'b', 'c']);
    expect(messages[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: '[#3] The page:' }, screenshot] }]);
    // Images alone: the marker is a text block before them.
    const picture: AgentMessage = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [screenshot] }] };
    const alone = numberMessages([context[0]!, context[1]!, picture], [context[0]!, context[1]!, picture], ['a', 'b', 'c']).messages;
    expect(alone[2]?.content).toEqual([{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: '[#3]' }, screenshot] }]);
  });

  it('numbers nothing when the messages do not line up with the entries', () => {
    const all = [...context, prompt];
    expect(numberMessages(all, context, ['a', 'b'])).toEqual({ messages: all, sources: {} });
  });
});

describe('citations and done items', () => {
  it('keeps only the sources the document cites, and lists done items without a citation', () => {
    const document = '## Progress\n- [x] Listed the files [#3]\n- [X] Deleted b.ts\n- [ ] Tests [#9]\n```\n- [x] in code\n```';
    expect(citedSources(document, { '1': 'a', '3': 'c' })).toEqual({ '3': 'c' });
    expect(unverifiedItems(document)).toEqual(['Deleted b.ts']);
  });
});
