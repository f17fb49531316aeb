// @vitest-environment happy-dom
// A handoff exchange in the session it was started from: one compact row (SPEC §4.2), from entries and live.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import { buildChat } from '../../renderer/src/store/chatItems';
import type { HandoffResult } from '../../shared/contract';
import type { SessionEntry } from '../../shared/session';
import { HANDOFF_PROMPT_OPENING } from '../../shared/sessionFormat';
import { texts } from '../../shared/texts';
import {
  buttonNamed,
  click,
  exchangeEntries,
  messageEntry,
  outcomeEntry,
  render,
  sessionView,
  setup,
  step,
  stubLayout,
  summary,
  type FakeApi,
  type Handlers,
  type Rendered,
} from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());
beforeAll(stubLayout);

const PROMPT = `${HANDOFF_PROMPT_OPENING} and will see nothing of this conversation.`;
const DOCUMENT = '## Goal\nFinish the parser';

/** A handoff's prompt and reply, marked as the core writes them. */
const handoffMessages = (reply = DOCUMENT): SessionEntry[] => [
  messageEntry('user', PROMPT, { purpose: 'handoff' }),
  messageEntry('assistant', reply, { purpose: 'handoff', stopReason: 'end_turn' }),
];

async function chat(entries: SessionEntry[], handlers: Handlers = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries }), ...handlers });
  view = await render(<ChatView />, ctx.store);
  return { ...ctx, container: view.container };
}

const rows = (root: ParentNode) => [...root.querySelectorAll<HTMLElement>('.handoff-exchange')];
const rowTexts = (root: ParentNode) => rows(root).map((r) => r.querySelector('.handoff-exchange-text')?.textContent);
const youMessages = (root: ParentNode) =>
  [...root.querySelectorAll('[data-testid="message"]')].filter((m) => m.querySelector('.message-role')?.textContent === 'You');

describe('a handoff exchange is one compact row', () => {
  it('done: "Handed off → <title>", the title opens the new session, View document shows what was handed off', async () => {
    const done = outcomeEntry({ outcome: 'done', childSession: 'child-1', childTitle: 'Parser, continued', document: '## Goal\nEdited in review' });
    const entries = [...exchangeEntries(1), ...handoffMessages(), done];
    const { container, fake } = await chat(entries, {
      'sessions.open': ({ id }) => (id === 'child-1' ? sessionView({ id }) : sessionView({ entries })),
      'sessions.list': () => [summary('s1', 'Parent'), summary('child-1', 'Parser, continued')],
    });
    expect(rowTexts(container)).toEqual([texts.handedOffTo('Parser, continued')]);
    expect(container.textContent).not.toContain(HANDOFF_PROMPT_OPENING);
    expect(youMessages(container).map((m) => m.textContent)).toEqual(['YouQuestion 0']);

    const view = buttonNamed(container, 'View document')!;
    expect(view.getAttribute('aria-expanded')).toBe('false');
    await click(view);
    const body = document.getElementById(view.getAttribute('aria-controls')!)!;
    expect(body.hidden).toBe(false);
    expect(body.textContent).toContain('Edited in review');
    expect(buttonNamed(container, 'Hide document')?.getAttribute('aria-expanded')).toBe('true');

    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Parser, continued')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    await step(() => link.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true); // the app opens it; the window never navigates
    expect(fake.callsTo('sessions.open')).toEqual([{}, { id: 'child-1' }]);
  });

  it('the title follows a rename of the new session', async () => {
    const done = outcomeEntry({ outcome: 'done', childSession: 'child-1', childTitle: 'Old title', document: DOCUMENT });
    const { container } = await chat([...exchangeEntries(1), ...handoffMessages(), done], {
      'sessions.list': () => [summary('s1', 'Parent'), summary('child-1', 'Renamed child')],
    });
    expect(rowTexts(container)).toEqual([texts.handedOffTo('Renamed child')]);
  });

  it('cancelled, failed, not completed, and a handoff from before outcomes were recorded', async () => {
    const { container } = await chat([
      ...exchangeEntries(1),
      ...handoffMessages(''),
      outcomeEntry({ outcome: 'cancelled' }),
      ...exchangeEntries(1), // apart: attempts in a row share one row (below)
      ...handoffMessages('## Goal\nHalf a docu'),
      outcomeEntry({ outcome: 'failed', message: texts.handoffCutOff }),
      ...handoffMessages('## Goal\nDiscarded draft'), // a review that was discarded: no outcome
      messageEntry('user', PROMPT), // unmarked, as older sessions have it
      messageEntry('assistant', '## Goal\nOld style'),
      messageEntry('user', 'Back to work'),
      messageEntry('assistant', 'Sure.'),
    ]);
    expect(rowTexts(container)).toEqual([
      texts.handoffCancelled,
      texts.handoffFailed(texts.handoffCutOff),
      'Handoff not completed',
      'Handoff (outcome not recorded)',
    ]);
    expect(youMessages(container).map((m) => m.textContent)).toEqual(['YouQuestion 0', 'YouQuestion 0', 'YouBack to work']);
    // Only rows with a reply offer it; the cancelled one wrote nothing.
    expect(rows(container).map((r) => buttonNamed(r, 'View document') !== null)).toEqual([false, true, true, true]);
    await click(buttonNamed(rows(container)[2]!, 'View document'));
    expect(rows(container)[2]!.querySelector('.handoff-exchange-body')?.textContent).toContain('Discarded draft');
  });

  it('a later outcome of the same exchange replaces the earlier one', async () => {
    const { container } = await chat([
      ...exchangeEntries(1),
      ...handoffMessages(),
      outcomeEntry({ outcome: 'done', childSession: 'c', childTitle: 'Never made', document: DOCUMENT }),
      outcomeEntry({ outcome: 'failed', message: 'disk full' }),
    ]);
    expect(rowTexts(container)).toEqual([texts.handoffFailed('disk full')]);
  });
});

describe('failed or cancelled attempts in a row are one row with their count', () => {
  const failed = (message: string) => outcomeEntry({ outcome: 'failed', message });
  const cancelled = () => outcomeEntry({ outcome: 'cancelled' });

  it('"Handoff failed (3 attempts)" opens to each attempt, each with its message and its document', async () => {
    const { container } = await chat([
      ...exchangeEntries(1),
      ...handoffMessages(''),
      failed('The Anthropic API is overloaded (529). Try again shortly.'),
      ...handoffMessages('## Goal\nHalf a docu'),
      failed(texts.handoffCutOff),
      ...handoffMessages(''),
      failed(texts.handoffRefused),
    ]);
    expect(rowTexts(container)).toEqual(['Handoff failed (3 attempts)']);
    const row = rows(container)[0]!;
    const toggle = buttonNamed(row, 'Show attempts')!;
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);

    await click(toggle);
    expect(buttonNamed(row, 'Hide attempts')?.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    const attempts = [...list.querySelectorAll('li')];
    expect(attempts.map((a) => a.querySelector('.handoff-exchange-text')?.textContent)).toEqual([
      texts.handoffFailed('The Anthropic API is overloaded (529). Try again shortly.'),
      texts.handoffFailed(texts.handoffCutOff),
      texts.handoffFailed(texts.handoffRefused),
    ]);
    // Only the cut-off one wrote something to read.
    expect(attempts.map((a) => buttonNamed(a, 'View document') !== null)).toEqual([false, true, false]);
    await click(buttonNamed(attempts[1]!, 'View document'));
    expect(attempts[1]!.querySelector('.handoff-exchange-body')?.textContent).toContain('Half a docu');
  });

  it('cancelled ones count too; a mix says so; cancelled attempts that wrote nothing have nothing to open', async () => {
    const { container } = await chat([
      ...exchangeEntries(1),
      ...handoffMessages(''),
      cancelled(),
      ...handoffMessages(''),
      cancelled(),
      ...exchangeEntries(1),
      ...handoffMessages(''),
      cancelled(),
      ...handoffMessages(''),
      failed('disk full'),
    ]);
    expect(rowTexts(container)).toEqual(['Handoff cancelled (2 attempts)', 'Handoff failed or cancelled (2 attempts)']);
    expect(buttonNamed(rows(container)[0]!, 'Show attempts')).toBeNull();
    expect(buttonNamed(rows(container)[1]!, 'Show attempts')).not.toBeNull();
  });

  it('anything between them keeps them apart: a message, a handoff made, a review that ended without an outcome', async () => {
    const { container } = await chat([
      ...exchangeEntries(1),
      ...handoffMessages(''),
      failed('disk full'),
      ...exchangeEntries(1),
      ...handoffMessages(''),
      failed('disk full'),
      ...handoffMessages(),
      ...handoffMessages(''),
      failed('disk full'),
      ...handoffMessages(),
      outcomeEntry({ outcome: 'done', childSession: 'c', childTitle: 'Onwards', document: DOCUMENT }),
      ...handoffMessages(''),
      failed('disk full'),
    ]);
    expect(rowTexts(container)).toEqual([
      texts.handoffFailed('disk full'),
      texts.handoffFailed('disk full'),
      'Handoff not completed',
      texts.handoffFailed('disk full'),
      texts.handedOffTo('Onwards'),
      texts.handoffFailed('disk full'),
    ]);
  });

  it('attempts on both sides of an older page\'s end are one row once it is loaded', async () => {
    const older = [...exchangeEntries(1), ...handoffMessages(''), failed('disk full'), ...handoffMessages(''), failed('disk full')];
    const shown = [...handoffMessages(''), cancelled(), ...exchangeEntries(1)];
    const { store } = await setup({
      'sessions.open': () => sessionView({ entries: shown, firstEntryIndex: older.length }),
      'sessions.entries': ({ end }) => ({ entries: older.slice(0, end), start: 0, versions: {} }),
    });
    expect(store.getState().chat.items).toEqual(buildChat(shown).items);
    await store.getState().loadOlderEntries();
    expect(store.getState().chat.items).toEqual(buildChat([...older, ...shown]).items);
    view = await render(<ChatView />, store);
    expect(rowTexts(view.container)).toEqual(['Handoff failed or cancelled (3 attempts)']);
  });

  it('a cut-off document reviewed anyway and handed off leaves the row of the attempts before it', async () => {
    const cut = failed(texts.handoffCutOff);
    const entries = [...exchangeEntries(1), ...handoffMessages(''), failed('disk full'), ...handoffMessages('## Goal\nHalf'), cut];
    const { container, fake } = await chat(entries);
    expect(rowTexts(container)).toEqual(['Handoff failed (2 attempts)']);
    const done = outcomeEntry({ outcome: 'done', childSession: 'c', childTitle: 'Finished by hand', document: '## Goal\nHalf, finished' });
    await step(() => fake.emit({ type: 'entry_added', sessionId: 's1', entry: done }));
    expect(rowTexts(container)).toEqual([texts.handoffFailed('disk full'), texts.handedOffTo('Finished by hand')]);
  });
});

describe('live', () => {
  /** What the core emits for a handoff exchange, then how it ends. */
  function emitExchange(fake: FakeApi, entries: SessionEntry[]) {
    for (const entry of entries) {
      if (entry.type === 'message') {
        fake.emit({ type: 'message_start', sessionId: 's1', message: entry.message });
        fake.emit({ type: 'message_end', sessionId: 's1', message: entry.message, entry });
      } else {
        fake.emit({ type: 'entry_added', sessionId: 's1', entry });
      }
    }
  }

  it('entry_added ends the row as it will look after a reopen, and counts the entry', async () => {
    const before = exchangeEntries(1);
    const { container, fake, store } = await chat(before);
    const failed = outcomeEntry({ outcome: 'failed', message: 'overloaded' });
    const added = [...handoffMessages('## Goal\nPartial'), failed];
    await step(() => emitExchange(fake, added));

    expect(rowTexts(container)).toEqual([texts.handoffFailed('overloaded')]);
    expect(youMessages(container)).toHaveLength(1);
    expect(store.getState().chat.items).toEqual(buildChat([...before, ...added]).items);
    expect(store.getState().session).toMatchObject({ messageCount: 4, lastEntryId: failed.id, totalEntries: 5 });
  });

  it('an attempt that fails right after a failed one joins its row, as a reopen shows it', async () => {
    const before = [...exchangeEntries(1), ...handoffMessages(''), outcomeEntry({ outcome: 'failed', message: 'overloaded' })];
    const { container, fake, store } = await chat(before);
    const added = [...handoffMessages(''), outcomeEntry({ outcome: 'cancelled' }), ...handoffMessages(''), outcomeEntry({ outcome: 'failed', message: 'overloaded' })];
    await step(() => emitExchange(fake, added.slice(0, 2)));
    // While it runs it is a row of its own, after the earlier one.
    expect(rowTexts(container)).toEqual([texts.handoffFailed('overloaded'), 'Handoff not completed']);
    await step(() => emitExchange(fake, added.slice(2)));
    expect(rowTexts(container)).toEqual(['Handoff failed or cancelled (3 attempts)']);
    expect(store.getState().chat.items).toEqual(buildChat([...before, ...added]).items);
  });

  it('while the dialog is open the row says a handoff is running; after Discard it is not completed', async () => {
    let answer!: (r: HandoffResult) => void;
    const { container, fake, store } = await chat(exchangeEntries(1), {
      'handoff.start': () => new Promise<HandoffResult>((r) => (answer = r)),
    });
    store.getState().requestHandoff();
    await step(() => void store.getState().generateHandoff());
    await step(() => emitExchange(fake, handoffMessages()));
    expect(rowTexts(container)).toEqual(['Handing off…']);

    await step(() => answer({ status: 'review', document: DOCUMENT, missingSections: [], trimmedMessages: 0 }));
    await step(() => store.getState().discardHandoff());
    expect(rowTexts(container)).toEqual(['Handoff not completed']);
  });
});
