// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { HandoffResult } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { exchangeEntries, sessionView, settle, setup } from './harness';

const statusTexts = (s: { notices: { kind: string; text: string }[] }) => s.notices.filter((n) => n.kind !== 'error').map((n) => n.text);
const alertTexts = (s: { notices: { kind: string; text: string }[] }) => s.notices.filter((n) => n.kind === 'error').map((n) => n.text);

/** A handoff.start whose answer the test releases when it wants. */
function deferredStart() {
  let resolve!: (r: HandoffResult) => void;
  const promise = new Promise<HandoffResult>((r) => (resolve = r));
  return { handler: () => promise, resolve };
}

const child = sessionView({
  id: 'child',
  header: { type: 'session', version: 1, id: 'child', timestamp: '2025-01-02T00:00:00.000Z', parentSession: 's1', origin: 'handoff' },
  parentTitle: 'Parent',
  entries: [
    {
      type: 'custom_message',
      id: 'h1',
      parentId: null,
      timestamp: '2025-01-02T00:00:00.000Z',
      customType: 'handoff',
      display: true,
      content: '<handoff-context>\n## Goal\nShip it\n</handoff-context>\n\nThe above is a handoff document from a previous session.',
    },
  ],
  contextTokens: 3000,
});

describe('handoff guard and busy refusal', () => {
  it('with fewer than two messages warns "Nothing to hand off" and opens nothing', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1).slice(0, 1) }) });
    store.getState().requestHandoff();
    store.getState().requestHandoff(); // a second click refreshes the warning, it does not stack a copy
    expect(store.getState().handoff.phase).toBe('closed');
    expect(statusTexts(store.getState())).toEqual([texts.nothingToHandOff]);
    expect(fake.callsTo('handoff.start')).toHaveLength(0);
  });

  it('counts message entries only: a handoff card is not a message', async () => {
    const { store } = await setup({ 'sessions.open': () => child });
    store.getState().requestHandoff();
    expect(statusTexts(store.getState())).toEqual([texts.nothingToHandOff]);
  });

  it('while a reply streams refuses with the busy text, also for /handoff with focus, which stays in the composer', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1), isStreaming: true }) });
    store.getState().setComposerText('/handoff the parser');
    await store.getState().submitComposer();
    expect(store.getState().handoff.phase).toBe('closed');
    expect(store.getState().composer.text).toBe('/handoff the parser');
    expect(statusTexts(store.getState())).toEqual([texts.handoffBusy]);
    expect(fake.callsTo('handoff.start')).toHaveLength(0);
    expect(fake.callsTo('chat.send')).toHaveLength(0);
  });

  it('becomes possible once the run ends (agent_end)', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1), isStreaming: true }) });
    fake.emit({ type: 'agent_end', sessionId: 's1' });
    store.getState().requestHandoff();
    expect(store.getState().handoff.phase).toBe('idle');
  });
});

describe('handoff flow', () => {
  it('/handoff <focus> goes straight to generation with that focus and the review setting', async () => {
    const start = deferredStart();
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ entries: exchangeEntries(1) }),
      'handoff.start': start.handler,
    });
    store.getState().setComposerText('/handoff  keep the API stable ');
    await store.getState().submitComposer();
    expect(store.getState().composer.text).toBe('');
    expect(store.getState().handoff.phase).toBe('generating');
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: 'keep the API stable', review: false }]);
    expect(fake.callsTo('chat.send')).toHaveLength(0);

    fake.emit({ type: 'handoff_progress', sessionId: 's1', phase: 'generating', text: '## Goal\nShi' });
    expect(store.getState().handoff.preview).toBe('## Goal\nShi');

    start.resolve({ status: 'done', document: '## Goal', missingSections: ['Progress'], contextBefore: 152_000, contextAfter: 3000, trimmedMessages: 0, session: child });
    await settle();
    const s = store.getState();
    expect(s.handoff.phase).toBe('closed');
    expect(s.session?.header.id).toBe('child');
    expect(s.chat.items.map((i) => i.kind)).toEqual(['handoff']);
    expect(s.savings).toEqual({ sessionId: 'child', before: 152_000, after: 3000 });
    expect(statusTexts(s)).toEqual([texts.handoffDone, 'The handoff document is missing sections: Progress']);
    expect(s.ui.focus.composer).toBeGreaterThan(0);
  });

  it('/handoff alone starts generating at once, without focus (SPEC §4.1 step 1)', async () => {
    const start = deferredStart();
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }), 'handoff.start': start.handler });
    store.getState().setComposerText('/handoff');
    void store.getState().submitComposer();
    await settle();
    expect(store.getState().composer.text).toBe('');
    expect(store.getState().handoff.phase).toBe('generating');
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: undefined, review: false }]);
    expect(fake.callsTo('chat.send')).toHaveLength(0);
  });

  it('the button and the shortcut still open the dialog first', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }) });
    store.getState().requestHandoff();
    expect(store.getState().handoff.phase).toBe('idle');
    expect(fake.callsTo('handoff.start')).toHaveLength(0);
  });

  it('review of a cut-off document is marked as such', async () => {
    const { store } = await setup({
      'sessions.open': () => sessionView({ entries: exchangeEntries(1) }),
      'handoff.start': () => ({ status: 'review', document: '## Goal\nHalf', missingSections: [], trimmedMessages: 0, cutOff: true }),
    });
    store.getState().requestHandoff();
    await store.getState().generateHandoff();
    expect(store.getState().handoff).toMatchObject({ phase: 'review', cutOff: true });
    await store.getState().discardHandoff();
    expect(store.getState().handoff.cutOff).toBe(false); // the next handoff starts clean
  });

  it('review: the edited document is what is committed', async () => {
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ entries: exchangeEntries(1) }),
      'settings.get': () => ({ ...DEFAULT_SETTINGS, model: 'm', reviewFirst: true }),
      'handoff.start': () => ({ status: 'review', document: 'original', missingSections: [], trimmedMessages: 0 }),
      'handoff.commit': ({ document }) => ({ status: 'done', document, missingSections: [], contextBefore: 10, contextAfter: 5, trimmedMessages: 0, session: child }),
    });
    store.getState().requestHandoff();
    await store.getState().generateHandoff();
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: undefined, review: true }]);
    expect(store.getState().handoff).toMatchObject({ phase: 'review', document: 'original' });
    store.getState().setHandoffDocument('edited by me');
    await store.getState().commitHandoff();
    expect(fake.callsTo('handoff.commit')).toEqual([{ sessionId: 's1', document: 'edited by me' }]);
    expect(store.getState().session?.header.id).toBe('child');
  });

  it('discard keeps the old session and tells the backend', async () => {
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ entries: exchangeEntries(1) }),
      'handoff.start': () => ({ status: 'review', document: 'doc', missingSections: [], trimmedMessages: 0 }),
    });
    store.getState().requestHandoff();
    await store.getState().generateHandoff();
    await store.getState().discardHandoff();
    expect(fake.callsTo('handoff.discard')).toHaveLength(1);
    expect(store.getState().handoff.phase).toBe('closed');
    expect(store.getState().session?.header.id).toBe('s1');
  });

  it.each([
    [{ status: 'cancelled' } as const, 'status', texts.handoffCancelled],
    [{ status: 'failed', message: 'The model returned an empty handoff document.' } as const, 'alert', texts.handoffFailed('The model returned an empty handoff document.')],
    [{ status: 'refused', message: 'Nope' } as const, 'status', 'Nope'],
  ])('result %o is shown in the %s region and closes the dialog', async (result, region, text) => {
    const { store } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }), 'handoff.start': () => result });
    store.getState().requestHandoff();
    await store.getState().generateHandoff();
    const s = store.getState();
    expect(s.handoff.phase).toBe('closed');
    expect(region === 'alert' ? alertTexts(s) : statusTexts(s)).toEqual([text]);
    expect(s.session?.header.id).toBe('s1');
  });

  it('a call that fails outright is "Handoff failed: <message>" in the alert region', async () => {
    const { store } = await setup({
      'sessions.open': () => sessionView({ entries: exchangeEntries(1) }),
      'handoff.start': () => ({ ok: false, error: { code: 'no_api_key', message: 'No API key is configured' } }),
    });
    store.getState().requestHandoff();
    await store.getState().generateHandoff();
    expect(alertTexts(store.getState())).toEqual([texts.handoffFailed('No API key is configured')]);
  });
});

describe('Escape is read from live state', () => {
  it('cancels while generating, and only then', async () => {
    const start = deferredStart();
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }), 'handoff.start': start.handler });
    store.getState().requestHandoff();
    const escape = store.getState().escape; // taken before generation starts: must still see the new phase
    void store.getState().generateHandoff();
    escape();
    await settle();
    expect(fake.callsTo('handoff.cancel')).toHaveLength(1);
    expect(store.getState().handoff.phase).toBe('generating'); // until handoff.start answers
    start.resolve({ status: 'cancelled' });
    await settle();
    expect(store.getState().handoff.phase).toBe('closed');
    expect(statusTexts(store.getState())).toEqual([texts.handoffCancelled]);

    escape(); // idle now: nothing more to cancel
    expect(fake.callsTo('handoff.cancel')).toHaveLength(1);
  });

  it('closes the dialog when idle without calling the backend', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }) });
    store.getState().requestHandoff();
    store.getState().escape();
    expect(store.getState().handoff.phase).toBe('closed');
    expect(fake.callsTo('handoff.cancel')).toHaveLength(0);
  });
});

describe('triggers', () => {
  it('the app menu "hand-off" command goes through the same guard', async () => {
    const { store, fake } = await setup();
    fake.emit({ type: 'menu', command: 'hand-off' });
    expect(statusTexts(store.getState())).toEqual([texts.nothingToHandOff]);
  });
});
