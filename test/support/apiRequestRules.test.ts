// The request check used across the agent tests must itself catch what the API refuses.
import { describe, expect, it } from 'vitest';
import { apiRequestViolations, thinkingBlocksSent } from './apiRequestRules';

const user = (...content: unknown[]) => ({ role: 'user', content });
const assistant = (...content: unknown[]) => ({ role: 'assistant', content });
const text = (t: string) => ({ type: 'text', text: t });
const thinking = { type: 'thinking', thinking: 'Hmm.', signature: 'sig' };
const call = { type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: {} };
const result = { type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' };
const check = (...messages: unknown[]) => apiRequestViolations({ messages });
const image = (mediaType: string, data: string) => ({ type: 'image', source: { type: 'base64', media_type: mediaType, data } });

describe('apiRequestViolations', () => {
  it('accepts a well-formed tool exchange with thinking first and the result first', () => {
    expect(check(user(text('Hi')), assistant(thinking, text('Let me plan.'), call), user(result, text('and hurry')), assistant(text('Done.')))).toEqual([]);
  });

  it('accepts images and a PDF before the text', () => {
    const pdf = { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'scan.pdf' };
    expect(check(user(image('image/png', 'iVBORw0KGgo='), image('image/webp', 'UklGRg=='), pdf, text('What is this?')))).toEqual([]);
  });

  it('accepts a tool result of text and an image', () => {
    expect(check(user(text('Hi')), assistant(call), user({ ...result, content: [text('A chart:'), image('image/png', 'iVBORw0KGgo=')] }))).toEqual([]);
  });

  it.each([
    ['an empty text block in a tool result', [user(text('Hi')), assistant(call), user({ ...result, content: [text(' ')] })], /content\[0\]: empty text block/],
    ['a named image in a tool result', [user(text('Hi')), assistant(call), user({ ...result, content: [{ ...image('image/png', 'iVBO'), name: 'a.png' }] })], /content\[0\]: image carries a name/],
    ['no messages', [], /missing or empty/],
    ['an assistant first', [assistant(text('Hi'))], /first message is not a user/],
    ['two user messages in a row', [user(text('a')), user(text('b'))], /two user messages in a row/],
    ['an empty text block', [user(text(''))], /empty text block/],
    ['a whitespace-only text block', [user(text(' \n'))], /empty text block/],
    ['an unanswered tool_use', [user(text('Hi')), assistant(call), user(text('well?'))], /toolu_1 is not answered/],
    ['a tool_result for nothing', [user(text('Hi')), assistant(text('No tools.')), user(result)], /answers no tool_use/],
    ['a tool_result after text', [user(text('Hi')), assistant(call), user(text('x'), result)], /tool_result blocks do not come first/],
    ['thinking without a signature', [user(text('Hi')), assistant({ type: 'thinking', thinking: 'Hmm.', signature: '' }, text('ok'))], /without a signature/],
    ['thinking after text', [user(text('Hi')), assistant(text('ok'), thinking)], /thinking blocks are not first/],
    ['cache_control on thinking', [user(text('Hi')), assistant({ ...thinking, cache_control: { type: 'ephemeral' } }, text('ok'))], /cache_control on a thinking/],
    ['a prefill ending in whitespace', [user(text('Hi')), assistant(text('Sure '))], /ends with whitespace/],
    ['a tool id used twice', [user(text('Hi')), assistant(call), user(result), assistant(call), user(result)], /used twice/],
    ['an image of a type the API does not take', [user(image('image/bmp', 'Qk0='))], /not base64 of a type/],
    ['an image over 5 MB of base64', [user(image('image/png', 'A'.repeat(5 * 1024 * 1024 + 4)))], /exceeds 5 MB/],
    ['a document that is not a PDF', [user({ type: 'document', source: { type: 'base64', media_type: 'text/plain', data: 'aGk=' } })], /not base64 of a type/],
    ['an image with Baton\'s name field', [user({ ...image('image/png', 'iVBO'), name: 'a.png' })], /carries a name/],
    ['an image in an assistant message', [user(text('Hi')), assistant(image('image/png', 'iVBO'))], /image in a assistant/],
    ['101 images', [user(...Array.from({ length: 101 }, () => image('image/png', 'iVBO')))], /101 images and PDFs/],
    ['a request over 32 MB', [user(...Array.from({ length: 9 }, () => text('x'.repeat(4 * 1024 * 1024))))], /the request is \d+ bytes/],
  ] as const)('flags %s', (_, messages, problem) => {
    expect(check(...messages)).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
  });

  it('lists the thinking blocks a request sends back, in order', () => {
    const redacted = { type: 'redacted_thinking', data: 'abc' };
    expect(thinkingBlocksSent({ messages: [user(text('Hi')), assistant(thinking, redacted, text('ok'))] })).toEqual([thinking, redacted]);
  });
});
