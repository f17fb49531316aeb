// @vitest-environment happy-dom
// A failed reply's error shows on the message it ended at, with the action that fits the error: Retry for
// a failure that may pass, Hand off for a conversation too long for the window, none for a refusal.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../shared/contract';
import type { SessionEntry } from '../../shared/session';
import { App } from '../../renderer/src/App';
import { buttonNamed, click, messageEntry, render, sessionView, settle, setup, step, stubLayout, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());
beforeAll(stubLayout);

async function app(entries: SessionEntry[]) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries }) });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="message-row"]')];
const failedFlags = (row: HTMLElement) => [...row.querySelectorAll('.message-flag.failed')].map((p) => p.textContent);

describe('a run that fails before any reply came', () => {
  it('shows the error on the message whose reply never came, with its Retry; the next run takes it away', async () => {
    const question = messageEntry('user', 'Are you there?');
    const { fake } = await app([question]);
    const message = 'The Anthropic API had an internal error (500). Try again.';
    await step(() => {
      fake.emit({ type: 'agent_start', sessionId: 's1' });
      fake.emit({ type: 'error', sessionId: 's1', code: 'server', message });
      fake.emit({ type: 'agent_end', sessionId: 's1' });
    });
    const row = rows().at(-1)!;
    expect(failedFlags(row)).toEqual([`Failed: ${message}`]);
    await click(buttonNamed(row, 'Retry'));
    expect(fake.callsTo('chat.regenerate')).toEqual([{ sessionId: 's1', entryId: question.id }]);
    await step(() => fake.emit({ type: 'agent_start', sessionId: 's1' }));
    expect(document.querySelector('.message-flag.failed')).toBeNull();
  });

  it('a conversation too long for the window offers Hand off on the message instead of a Retry that would fail again', async () => {
    const { fake, store } = await app([messageEntry('user', 'A long talk'), messageEntry('assistant', 'Indeed.'), messageEntry('user', 'One more thing')]);
    const message = "The conversation is too long for the model's context window. Hand off to continue. (prompt is too long: 212345 tokens > 200000 maximum)";
    await step(() => {
      fake.emit({ type: 'agent_start', sessionId: 's1' });
      fake.emit({ type: 'error', sessionId: 's1', code: 'context_too_long', message });
      fake.emit({ type: 'agent_end', sessionId: 's1' });
    });
    const row = rows().at(-1)!;
    expect(failedFlags(row)).toEqual([`Failed: ${message}`]);
    expect(buttonNamed(row, 'Retry')).toBeNull();
    await click(buttonNamed(row, 'Hand off'));
    expect(store.getState().handoff.phase).toBe('idle');
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  });

  it.each<[ErrorCode, string]>([['invalid_input', 'The request is larger than the Anthropic API accepts (413): …']])(
    'a refusal (%s) offers nothing the same request would fail at again',
    async (code, message) => {
      const { fake } = await app([messageEntry('user', 'With a big file')]);
      await step(() => {
        fake.emit({ type: 'agent_start', sessionId: 's1' });
        fake.emit({ type: 'error', sessionId: 's1', code, message });
        fake.emit({ type: 'agent_end', sessionId: 's1' });
      });
      const row = rows().at(-1)!;
      expect(failedFlags(row)).toEqual([`Failed: ${message}`]);
      expect(buttonNamed(row, 'Retry')).toBeNull();
      expect(buttonNamed(row, 'Hand off')).toBeNull();
    },
  );
});

describe('a reply cut short by an error', () => {
  it('says so once, on the reply, with its Retry', async () => {
    const { fake } = await app([messageEntry('user', 'Why?')]);
    const message = 'The connection to the Anthropic API closed before the reply was complete.';
    const partial = messageEntry('assistant', 'Half an answer', { errorMessage: message });
    await step(() => {
      fake.emit({ type: 'agent_start', sessionId: 's1' });
      fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } });
      fake.emit({ type: 'message_end', sessionId: 's1', message: partial.type === 'message' ? partial.message : never(), entry: partial });
      fake.emit({ type: 'error', sessionId: 's1', code: 'network', message });
      fake.emit({ type: 'agent_end', sessionId: 's1' });
    });
    const [question, reply] = rows();
    expect(failedFlags(question!)).toEqual([]);
    expect(failedFlags(reply!)).toEqual([`Failed: ${message}`]);
    expect(buttonNamed(reply!, 'Retry')).not.toBeNull();
  });
});

function never(): never {
  throw new Error('not a message entry');
}
