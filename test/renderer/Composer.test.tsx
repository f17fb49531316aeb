// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { Composer } from '../../renderer/src/components/composer/Composer';
import { uiTexts } from '../../renderer/src/texts';
import { MAX_TEXT_CHARS } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { buttonNamed, byLabel, click, exchangeEntries, key, render, sessionView, setup, step, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

async function composer(handlers = {}) {
  const ctx = await setup(handlers);
  view = await render(<Composer />, ctx.store);
  const box = byLabel(view.container, 'Message') as HTMLTextAreaElement;
  return { ...ctx, box, container: view.container };
}

const options = (root: ParentNode) => [...root.querySelectorAll('[role="option"]')];

describe('Composer', () => {
  it('Enter sends and clears; Shift+Enter does not send', async () => {
    const { box, fake } = await composer();
    await type(box, 'hello');
    await key(box, 'Enter', { shiftKey: true });
    expect(fake.callsTo('chat.send')).toHaveLength(0);
    await key(box, 'Enter');
    expect(fake.callsTo('chat.send')).toEqual([{ sessionId: 's1', text: 'hello', mode: 'steer' }]);
    expect(box.value).toBe('');
  });

  it('refuses a message over the contract’s limit before sending, says why, and keeps the text', async () => {
    const { box, fake, store } = await composer();
    const pasted = 'x'.repeat(MAX_TEXT_CHARS + 1);
    await step(() => store.getState().setComposerText(pasted));
    await key(box, 'Enter');
    expect(fake.callsTo('chat.send')).toHaveLength(0);
    expect(box.value).toHaveLength(pasted.length);
    expect(store.getState().notices.map((n) => [n.kind, n.text])).toEqual([['error', uiTexts.messageTooLong(MAX_TEXT_CHARS + 1, MAX_TEXT_CHARS)]]);
    expect(uiTexts.messageTooLong(MAX_TEXT_CHARS + 1, MAX_TEXT_CHARS)).toContain('1,000,001 characters, and the limit is 1,000,000');

    await step(() => store.getState().setComposerText(pasted.slice(1)));
    await key(box, 'Enter');
    expect(fake.callsTo('chat.send')).toEqual([{ sessionId: 's1', text: pasted.slice(1), mode: 'steer' }]);
  });

  it('Alt+Enter queues a follow-up', async () => {
    const { box, fake } = await composer({ 'sessions.open': () => sessionView({ isStreaming: true }) });
    await type(box, 'after that');
    await key(box, 'Enter', { altKey: true });
    expect(fake.callsTo('chat.send')).toEqual([{ sessionId: 's1', text: 'after that', mode: 'followUp' }]);
  });

  it('shows Stop only while streaming, and Stop stops', async () => {
    const { container, fake, store } = await composer();
    expect(buttonNamed(container, 'Stop')).toBeNull();
    expect(buttonNamed(container, 'Send')).not.toBeNull();
    await step(() => fake.emit({ type: 'agent_start', sessionId: 's1' }));
    expect(store.getState().session?.isStreaming).toBe(true);
    await click(buttonNamed(container, 'Stop'));
    expect(fake.callsTo('chat.stop')).toEqual([{ sessionId: 's1' }]);
  });

  it('"/" lists the commands with hints; arrows move, Tab completes, Enter runs a complete one', async () => {
    const { box, container, fake } = await composer();
    await type(box, '/');
    const list = container.querySelector('[role="listbox"]')!;
    expect(options(list).map((o) => o.textContent)).toEqual([
      '/handoff [focus instructions]Hand off to a fresh session',
      '/newStart a new session',
    ]);
    expect(options(list)[0]?.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options(list)[0]?.id);

    await key(box, 'ArrowDown');
    expect(options(container)[1]?.getAttribute('aria-selected')).toBe('true');
    await key(box, 'ArrowDown'); // wraps
    await key(box, 'Tab');
    expect(box.value).toBe('/handoff ');
    expect(container.querySelector('[role="listbox"]')).toBeNull(); // arguments begin: no list
    expect(fake.callsTo('chat.send')).toHaveLength(0);
  });

  it('when the list changes, the highlight goes back to its first command', async () => {
    const { box, container } = await composer();
    const highlighted = () => options(container).findIndex((o) => o.getAttribute('aria-selected') === 'true');
    await type(box, '/');
    await key(box, 'ArrowDown');
    expect(highlighted()).toBe(1);
    await type(box, '/ne');
    expect(highlighted()).toBe(0);
    await type(box, '/');
    expect(highlighted()).toBe(0);
    expect(box.getAttribute('aria-activedescendant')).toBe(options(container)[0]?.id);
  });

  it('typing narrows the list; Escape closes it without leaving the composer', async () => {
    const { box, container } = await composer();
    await type(box, '/ne');
    expect(options(container).map((o) => o.querySelector('.slash-name')?.textContent)).toEqual(['/new']);
    await key(box, 'Escape');
    expect(container.querySelector('[role="listbox"]')).toBeNull();
    expect(box.value).toBe('/ne');
  });

  it('Enter on the typed-in-full "/handoff" hands off instead of completing it; refused, it stays in the box', async () => {
    const { box, store } = await composer({ 'sessions.open': () => sessionView({ entries: [] }) });
    await type(box, '/handoff');
    await key(box, 'Enter');
    expect(box.value).toBe('/handoff');
    expect(store.getState().notices.map((n) => n.text)).toEqual(['Nothing to hand off (no messages yet)']);
  });

  it('a /handoff with its focus typed while this session’s reply streams is refused, says why, and stays in the box until it can go', async () => {
    const { box, store, fake } = await composer({
      'sessions.open': () => sessionView({ entries: exchangeEntries(1), isStreaming: true }),
      'handoff.start': () => new Promise(() => {}),
    });
    await type(box, '/handoff keep the parser notes');
    await key(box, 'Enter');
    expect(box.value).toBe('/handoff keep the parser notes');
    expect(store.getState().notices.map((n) => n.text)).toEqual([texts.handoffBusy]);
    expect(fake.callsTo('handoff.start')).toHaveLength(0);
    expect(fake.callsTo('chat.send')).toHaveLength(0);

    await step(() => fake.emit({ type: 'agent_end', sessionId: 's1' }));
    await key(box, 'Enter');
    expect(box.value).toBe('');
    expect(fake.callsTo('handoff.start')).toEqual([expect.objectContaining({ sessionId: 's1', focus: 'keep the parser notes' })]);
  });
});
