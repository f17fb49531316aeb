// @vitest-environment happy-dom
// SPEC §4.3 in the renderer: Pin for handoff / Unpin on a message and its pin, the Hand off dialog's
// count of pinned messages, and the handoff card of the new session (Carried over: N of M, citations
// that open the parent at the message they cite, done items marked unverified, the sections set).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import type { SessionEntry } from '../../shared/session';
import { wrapHandoffDocument } from '../../shared/sessionFormat';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { buttonNamed, click, exchangeEntries, messageEntry, render, sessionView, setup, step, stubLayout, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});
beforeAll(stubLayout);

const PIN = 'Pinned for handoff';

function row(container: ParentNode, text: string): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('[data-testid="message-row"]')].find((r) => r.textContent?.includes(text));
  if (!found) throw new Error(`no row with "${text}"`);
  return found;
}
const pinOf = (el: HTMLElement) => el.querySelector(`[role="img"][aria-label="${PIN}"]`);

async function chat(entries: SessionEntry[], pinned: string[] = [], handlers: Handlers = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries, pinned }), ...handlers });
  view = await render(<ChatView />, ctx.store);
  return { ...ctx, container: view.container };
}

describe('Pin for handoff', () => {
  it('pins a message through the core, which then shows a pin; Unpin takes it away', async () => {
    const [question, answer] = exchangeEntries(1) as [SessionEntry, SessionEntry];
    let pinned: string[] = [];
    const { container, fake } = await chat([question, answer], [], {
      'sessions.pin': ({ entryId }) => ({ pinned: (pinned = [...pinned, entryId]) }),
      'sessions.unpin': ({ entryId }) => ({ pinned: (pinned = pinned.filter((id) => id !== entryId)) }),
    });
    expect(pinOf(row(container, 'Answer 0'))).toBeNull();

    await click(buttonNamed(row(container, 'Answer 0'), 'Pin for handoff'));
    expect(fake.callsTo('sessions.pin')).toEqual([{ sessionId: 's1', entryId: answer.id }]);
    expect(pinOf(row(container, 'Answer 0'))).not.toBeNull();
    expect(pinOf(row(container, 'Question 0'))).toBeNull();
    expect(buttonNamed(row(container, 'Answer 0'), 'Pin for handoff')).toBeNull();

    await click(buttonNamed(row(container, 'Answer 0'), 'Unpin'));
    expect(fake.callsTo('sessions.unpin')).toEqual([{ sessionId: 's1', entryId: answer.id }]);
    expect(pinOf(row(container, 'Answer 0'))).toBeNull();
    expect(buttonNamed(row(container, 'Answer 0'), 'Pin for handoff')).not.toBeNull();
  });

  it('a user message can be pinned too, and a pin refused by the core shows no pin', async () => {
    const [question, answer] = exchangeEntries(1) as [SessionEntry, SessionEntry];
    const { container, store } = await chat([question, answer], [], {
      'sessions.pin': () => ({ ok: false, error: { code: 'not_found', message: 'That message is not in this session' } }),
    });
    await click(buttonNamed(row(container, 'Question 0'), 'Pin for handoff'));
    expect(pinOf(row(container, 'Question 0'))).toBeNull();
    expect(store.getState().notices.map((n) => n.text)).toContain('That message is not in this session');
  });

  it('the pins come with the session and follow the pin entries another view writes', async () => {
    const [question, answer] = exchangeEntries(1) as [SessionEntry, SessionEntry];
    const { container, fake } = await chat([question, answer], [question.id]);
    expect(pinOf(row(container, 'Question 0'))).not.toBeNull();
    expect(buttonNamed(row(container, 'Question 0'), 'Unpin')).not.toBeNull();

    const pinEntry = (entryId: string, pinned: boolean, id: string): SessionEntry => ({ type: 'pin', id, parentId: null, timestamp: '', entryId, pinned });
    await step(() => fake.emit({ type: 'entry_added', sessionId: 's1', entry: pinEntry(answer.id, true, 'p1') }));
    expect(pinOf(row(container, 'Answer 0'))).not.toBeNull();
    await step(() => fake.emit({ type: 'entry_added', sessionId: 's1', entry: pinEntry(question.id, false, 'p2') }));
    expect(pinOf(row(container, 'Question 0'))).toBeNull();
    // Another session's pins are not this one's.
    await step(() => fake.emit({ type: 'entry_added', sessionId: 'other', entry: pinEntry(question.id, true, 'p3') }));
    expect(pinOf(row(container, 'Question 0'))).toBeNull();
  });
});

describe('the Hand off dialog', () => {
  async function dialogWith(pinned: (entries: SessionEntry[]) => string[]) {
    const entries = exchangeEntries(2);
    const ctx = await setup({ 'sessions.open': () => sessionView({ entries, pinned: pinned(entries) }) }, { init: false });
    view = await render(<App />, ctx.store);
    await step(() => ctx.store.getState().requestHandoff());
    return document.querySelector<HTMLElement>('[role="dialog"]')!;
  }

  it('says how many pinned messages the document will carry word for word', async () => {
    const dialog = await dialogWith((entries) => [entries[1]!.id, entries[2]!.id]);
    expect(dialog.textContent).toContain('2 pinned messages will be carried word for word.');
  });

  it('one pin is one message; a pin of a message not shown (another version) does not count', async () => {
    const dialog = await dialogWith((entries) => [entries[3]!.id, 'elsewhere']);
    expect(dialog.textContent).toContain('1 pinned message will be carried word for word.');
  });

  it('says nothing of pins when there are none', async () => {
    const dialog = await dialogWith(() => []);
    expect(dialog.textContent).not.toContain('pinned');
  });
});

describe('the handoff card', () => {
  const DOCUMENT = [
    '## Goal',
    'Finish the parser [#1].',
    '## Progress',
    '- [x] Tokenizer written [#2]',
    '- [x] Grammar settled',
    '- [ ] Error messages',
    '## Pinned (verbatim)',
    '### Pinned message [#2]',
    '- [x] Grammar settled',
  ].join('\n');
  const parentEntries = [messageEntry('user', 'Old question'), messageEntry('assistant', 'Old answer')];
  const sources = { '1': parentEntries[0]!.id, '2': parentEntries[1]!.id };
  const child = (details: Record<string, unknown>) =>
    sessionView({
      header: { type: 'session', version: 1, id: 's1', timestamp: '', parentSession: 'parent-id' },
      entries: [
        { type: 'custom_message', id: 'h', parentId: null, timestamp: '', customType: 'handoff', display: true, content: wrapHandoffDocument(DOCUMENT), details },
        messageEntry('user', 'Go on'),
      ],
    });

  async function card(details: Record<string, unknown>, settings = DEFAULT_SETTINGS) {
    const ctx = await setup({
      'settings.get': () => settings,
      'sessions.open': ({ id }) => (id === 'parent-id' ? sessionView({ id: 'parent-id', entries: parentEntries }) : child(details)),
    });
    view = await render(<ChatView />, ctx.store);
    const el = view.container.querySelector<HTMLElement>('[aria-label="Handoff context"]')!;
    await click(buttonNamed(el, 'Show document'));
    return { ...ctx, card: el, body: el.querySelector<HTMLElement>('.handoff-card-body')! };
  }

  it('says how much carried over, beside the sections and the savings', async () => {
    const { card: el } = await card({ parentSession: 'parent-id', carriedOver: { kept: 4, total: 5 }, contextBefore: 9000, contextAfter: 900 });
    expect(el.querySelector('.handoff-card-line')?.textContent).toContain('Carried over: 4 of 5');
  });

  it('a handoff from before the carry-over check says nothing of it, and its [#n] stay text', async () => {
    const { card: el, body } = await card({ parentSession: 'parent-id' });
    expect(el.textContent).not.toContain('Carried over');
    expect(body.querySelector('a')).toBeNull();
    expect(body.textContent).toContain('Finish the parser [#1].');
  });

  it('a citation opens the parent session at the message it cites', async () => {
    const { body, fake, store } = await card({ parentSession: 'parent-id', sources });
    const links = [...body.querySelectorAll('a')];
    // Both cited in the model's text, and the pinned message's own number.
    expect(links.map((a) => a.textContent)).toEqual(['[#1]', '[#2]', '[#2]']);
    expect(links[1]!.getAttribute('href')).toBe('#session=parent-id');
    await click(links[1]!);
    expect(fake.callsTo('sessions.open').at(-1)).toEqual({ id: 'parent-id' });
    expect(store.getState().session?.header.id).toBe('parent-id');
    expect(store.getState().chat.target?.key).toBe(parentEntries[1]!.id);
    expect(fake.callsTo('shell.openExternal')).toEqual([]);
  });

  it('a done item that cites no message is marked unverified, in the model\'s text only', async () => {
    const { body } = await card({ parentSession: 'parent-id', sources, unverified: ['Grammar settled'] });
    const items = [...body.querySelectorAll('li')];
    const marked = items.filter((li) => li.querySelector('.unverified-mark'));
    expect(marked.map((li) => li.textContent?.trim())).toEqual(['Grammar settledunverified']);
    expect(marked[0]!.querySelector('input[type="checkbox"]')?.hasAttribute('checked')).toBe(true);
    expect(items.filter((li) => li.textContent?.includes('Grammar settled'))).toHaveLength(2);
  });

  it('a session shown tail first says what carried over once its first entries are loaded', async () => {
    const whole = child({ parentSession: 'parent-id', carriedOver: { kept: 3, total: 3 } });
    const [first, ...rest] = whole.entries as [SessionEntry, ...SessionEntry[]];
    const ctx = await setup({
      'sessions.open': () => ({ ...whole, entries: rest, firstEntryIndex: 1 }),
      'sessions.entries': () => ({ entries: [first], start: 0, versions: {} }),
    });
    view = await render(<ChatView />, ctx.store);
    await step(() => ctx.store.getState().loadOlderEntries()); // the chat asks for them itself, being short
    expect(ctx.fake.callsTo('sessions.entries')).toHaveLength(1);
    expect(view.container.querySelector('[aria-label="Handoff context"] .handoff-card-line')?.textContent).toContain('Carried over: 3 of 3');
  });

  it('the sections line follows the sections set in Settings → Handoff instructions', async () => {
    const own = { ...DEFAULT_SETTINGS, handoffInstructions: { prompt: 'Write it.', sections: ['Goal', 'Progress'] } };
    const { card: el } = await card({ parentSession: 'parent-id' }, own);
    expect(el.querySelector('.handoff-card-sections')?.textContent).toBe('All two sections');
    view?.unmount();
    const { card: withDefaults } = await card({ parentSession: 'parent-id' });
    expect(withDefaults.querySelector('.handoff-card-sections')?.textContent).toBe('Missing: Constraints & Preferences, Key Decisions, Critical Context, Next Steps');
  });
});
