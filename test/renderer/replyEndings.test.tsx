// @vitest-environment happy-dom
// How a reply ended (SPEC §3 stop reasons) and what it thought (Thinking), as the chat shows them.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import type { AgentMessage, SessionEntry } from '../../shared/session';
import { texts } from '../../shared/texts';
import {
  blocksEntry,
  buttonNamed,
  click,
  exchangeEntries,
  messageEntry,
  render,
  sessionView,
  setup,
  step,
  stubLayout,
  type Rendered,
} from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());
beforeAll(stubLayout);

async function chat(entries: SessionEntry[], extra = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries, ...extra }), 'chat.continue': () => ({ ok: true }) });
  view = await render(<ChatView />, ctx.store);
  return { ...ctx, container: view.container };
}

const messages = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('[data-testid="message"]')];
const reply = (text: string, stopReason: string) => messageEntry('assistant', text, { stopReason });

describe('stop reasons', () => {
  it('max_tokens: "Cut off", and Continue on the last reply calls chat.continue', async () => {
    const { container, fake } = await chat([messageEntry('user', 'Write a lot'), reply('A long answer that stops mid', 'max_tokens')]);
    const last = messages(container).at(-1)!;
    expect(last.querySelector('.cut-off')?.textContent).toBe(texts.cutOff);
    await click(buttonNamed(last, 'Continue'));
    expect(fake.callsTo('chat.continue')).toEqual([{ sessionId: 's1' }]);
  });

  it('Continue is offered on the last message only, and not while a reply streams', async () => {
    const cutOff = [messageEntry('user', 'Write a lot'), reply('Stops mid', 'max_tokens')];
    const { container: older } = await chat([...cutOff, ...exchangeEntries(1)]);
    expect(older.querySelector('.cut-off')).not.toBeNull();
    expect(buttonNamed(older, 'Continue')).toBeNull();
    view?.unmount();

    const { container, fake } = await chat(cutOff);
    await step(() => fake.emit({ type: 'agent_start', sessionId: 's1' }));
    expect(buttonNamed(container, 'Continue')).toBeNull();
    await step(() => fake.emit({ type: 'agent_end', sessionId: 's1' }));
    expect(buttonNamed(container, 'Continue')).not.toBeNull();
  });

  it('the Continue prompt shows as a small note, not as a "You" message', async () => {
    const continued = messageEntry('user', 'Continue exactly where your previous reply was cut off.', { purpose: 'continue' });
    const { container, fake, store } = await chat([messageEntry('user', 'Write a lot'), reply('Stops mid', 'max_tokens'), continued]);
    expect(container.querySelector('.chat-note')?.textContent).toBe('Continued');
    expect(container.textContent).not.toContain('Continue exactly where');
    expect(messages(container).map((m) => m.querySelector('.message-role')?.textContent)).toEqual(['You', 'Claude']);

    // Live, the same.
    const again = messageEntry('user', 'Continue exactly where your previous reply was cut off.', { purpose: 'continue' });
    const message = (again as { message: AgentMessage }).message;
    await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message, entry: again }));
    expect(store.getState().chat.items.at(-1)).toEqual({ kind: 'note', key: again.id, text: 'Continued' });
  });

  it('refusal, window full (with Hand off) and an unknown stop reason are told on the message', async () => {
    const { container, store } = await chat([
      messageEntry('user', 'Something bad'),
      reply('', 'refusal'),
      messageEntry('user', 'Odd'),
      reply('Hm', 'some_future_reason'),
      messageEntry('user', 'More'),
      reply('Partial reply', 'model_context_window_exceeded'),
    ]);
    const [, refused, , unknown, , full] = messages(container);
    expect(refused?.querySelector('.message-stop-text')?.textContent).toBe(texts.refusal);
    expect(unknown?.querySelector('.message-stop-text')?.textContent).toBe(texts.unknownStopReason('some_future_reason'));
    expect(full?.textContent).toContain('Partial reply');
    expect(full?.querySelector('.message-stop-text')?.textContent).toBe(texts.contextWindowFull);
    await click(buttonNamed(full!, 'Hand off'));
    expect(store.getState().handoff.phase).toBe('idle');
  });

  it("a refusal that explains itself shows the API's explanation under the refusal", async () => {
    const explanation = 'This request asks for detailed synthesis steps for a dangerous pathogen.';
    const { container } = await chat([
      messageEntry('user', 'Something bad'),
      messageEntry('assistant', '', { stopReason: 'refusal', stopExplanation: explanation }),
      messageEntry('user', 'Something else'),
      reply('', 'refusal'),
    ]);
    const [, explained, , plain] = messages(container);
    expect(explained?.querySelector('.message-stop-text')?.textContent).toBe(texts.refusal);
    expect(explained?.querySelector('.message-stop-detail')?.textContent).toBe(`Explanation: ${explanation}`);
    expect(plain?.querySelector('.message-stop-detail')).toBeNull();
  });

  it('a reply with nothing to show (an empty paused turn, only unknown blocks) gets no empty bubble', async () => {
    const unknown = blocksEntry('assistant', [{ type: 'raw', block: { type: 'some_future_block', id: 'x' } }], { stopReason: 'pause_turn' });
    const { container, fake, store } = await chat([messageEntry('user', 'Search the web'), unknown, reply('Found it.', 'end_turn')]);
    expect(messages(container).map((m) => m.textContent)).toEqual(['YouSearch the web', 'ClaudeFound it.']);

    // Live: the streaming row goes, and nothing takes its place.
    const empty = blocksEntry('assistant', [], { stopReason: 'pause_turn' });
    await step(() => {
      fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } });
      fake.emit({ type: 'message_end', sessionId: 's1', message: (empty as { message: AgentMessage }).message, entry: empty });
    });
    expect(store.getState().chat.items.map((i) => i.kind)).toEqual(['message', 'message']);
  });

  it('a paused reply made only of a web search shows its search row, and as the last reply the paused notice whose Continue calls chat.continue', async () => {
    const search = (id: string, query: string) =>
      blocksEntry(
        'assistant',
        [
          { type: 'raw', block: { type: 'server_tool_use', id, name: 'web_search', input: { query } } },
          { type: 'raw', block: { type: 'web_search_tool_result', tool_use_id: id, content: [{ type: 'web_search_result', url: 'https://example.net/osaka', title: 'Osaka' }] } },
        ],
        { stopReason: 'pause_turn' },
      );
    const { container, fake } = await chat([messageEntry('user', 'Weather in Osaka?'), search('srv1', 'Osaka weather'), search('srv2', 'Osaka forecast')]);
    const [, earlier, last] = messages(container);
    expect(earlier?.querySelector('[data-testid="tool-call"]')?.textContent).toContain('Searched the web for “Osaka weather”');
    // An earlier pause was continued by the run itself: no notice there.
    expect(earlier?.textContent).not.toContain(texts.paused);
    expect(last?.querySelector('[data-testid="tool-call"]')?.textContent).toContain('Searched the web for “Osaka forecast”');
    expect(last?.querySelector('.message-stop-text')?.textContent).toBe(texts.paused);
    await click(buttonNamed(last!, 'Continue'));
    expect(fake.callsTo('chat.continue')).toEqual([{ sessionId: 's1' }]);
  });
});

describe('thinking', () => {
  it('a collapsed Thinking section that expands to the reasoning; redacted thinking is a note; raw blocks are not shown', async () => {
    const { container } = await chat([
      messageEntry('user', 'Think first'),
      blocksEntry('assistant', [
        { type: 'thinking', thinking: 'Let me weigh **both** options.', signature: 'sig' },
        { type: 'redacted_thinking', data: 'ENCRYPTED' },
        { type: 'raw', block: { type: 'web_search_tool_result', content: 'RAW RESULT' } },
        { type: 'text', text: 'The answer.' },
      ]),
    ]);
    const toggle = buttonNamed(container, 'Thinking')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(body.hidden).toBe(true);
    expect(container.textContent).not.toContain('weigh');

    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(body.hidden).toBe(false);
    expect(body.querySelector('strong')?.textContent).toBe('both');

    expect(container.querySelector('.thinking-redacted')?.textContent).toBe('Thinking (redacted)');
    expect(container.textContent).not.toContain('ENCRYPTED');
    expect(container.textContent).not.toContain('RAW RESULT');
    expect(container.textContent).toContain('The answer.');
  });
});
