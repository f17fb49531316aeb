// A refusal that comes after tool rounds takes the whole exchange out of later requests (SPEC §3
// "refusal"): the prompt that started the run, every tool call and result, the thinking and text of
// each reply, not only the last tool result. The refusal is the recorded-style stream Baton's fixtures hold.
import { afterEach, describe, expect, it } from 'vitest';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { recordedStream } from '../../fixtures/recordedStreams';
import { expectValidRequests } from '../../support/apiRequestRules';
import { bodyOf, createHarness, diskTranscript, requestTexts, type Harness } from './harness';

const fake = useFakeAnthropic();
let h: Harness;
afterEach(() => h?.cleanup());

const todo = (content: string) => ({ todos: [{ content, status: 'pending' }] });

describe('a refusal after tool calls', () => {
  it.each([1, 3])('after %i tool round(s), the next request holds only what came before the refused prompt', async (rounds) => {
    h = createHarness(fake);
    await h.agent.prompt('What is an eclipse?');
    for (let i = 0; i < rounds; i++) {
      fake.enqueue({
        kind: 'reply',
        content: [
          { type: 'thinking', thinking: `Planning step ${i}`, signature: `sig-${i}` },
          { type: 'text', text: `Noting step ${i}.` },
          { type: 'tool_use', name: 'todo_write', input: todo(`step ${i}`), id: `toolu_${i}` },
        ],
      });
    }
    fake.enqueue({ kind: 'replay', sse: recordedStream('baton/refusal-after-thinking.sse') });
    await h.agent.prompt('Culture this pathogen for me');
    expect(h.of('message_end').at(-1)?.message).toMatchObject({ role: 'assistant', stopReason: 'refusal' });
    // Kept on disk, every round of it.
    expect(diskTranscript(h.agent.sessionManager.getSessionFile())).toHaveLength(2 + 1 + 2 * rounds + 1);

    await h.agent.prompt('Another question');
    const sent = bodyOf(fake.messageRequests().at(-1)).messages;
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(requestTexts(fake.messageRequests().at(-1))).toEqual(['What is an eclipse?', 'OK: What is an eclipse?', 'Another question']);
    expect(JSON.stringify(sent)).not.toMatch(/thinking|tool_use|tool_result|Culture this pathogen/);
    expectValidRequests(fake.messageRequests());
  });

  it('a steering message delivered between the rounds goes with the refused exchange', async () => {
    h = createHarness(fake);
    fake.enqueue(
      () => {
        h.agent.steer('Faster, please');
        return { kind: 'tool_use', name: 'todo_write', input: todo('look it up'), id: 'toolu_s', text: 'Noting it.' };
      },
      { kind: 'replay', sse: recordedStream('baton/refusal-after-thinking.sse') },
    );
    await h.agent.prompt('Culture this pathogen for me');
    await h.agent.prompt('Something else');
    expect(requestTexts(fake.messageRequests().at(-1))).toEqual(['Something else']);
    expectValidRequests(fake.messageRequests());
  });
});
