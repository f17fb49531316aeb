// @vitest-environment happy-dom
// Notices (SPEC §5): what fades and what stays, no copies, at most three, and the way out of an error
// about a failed action (Retry, or Open settings for a key problem).
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { FADE_MS, shownNotices } from '../../renderer/src/store/noticeSlice';
import type { HandoffResult } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { uiTexts } from '../../renderer/src/texts';
import { buttonNamed, click, exchangeEntries, messageEntry, render, sessionView, settle, setup, step, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

/** Timers the test fires by hand, with the delay each was set for. */
function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  return {
    setTimeout: (fn: () => void, ms: number) => void pending.push({ fn, ms }),
    delays: () => pending.map((t) => t.ms),
    fireAll: () => pending.splice(0).forEach((t) => t.fn()),
  };
}

const noticeTexts = (s: { notices: { text: string }[] }) => s.notices.map((n) => n.text);

describe('notices fade, never repeat and never pile up', () => {
  it('warnings and successes fade by themselves; errors and what is still going on stay', async () => {
    const timers = manualTimers();
    const { store } = await setup({}, { deps: { setTimeout: timers.setTimeout } });
    const s = store.getState();
    s.notify('warning', texts.nothingToHandOff);
    s.notify('success', texts.handoffDone);
    s.notify('error', 'The disk is full');
    s.notify('warning', uiTexts.connectionLost, { key: 'connection', lasting: true });
    expect(timers.delays()).toEqual([FADE_MS.warning, FADE_MS.success]);
    timers.fireAll();
    expect(noticeTexts(store.getState())).toEqual(['The disk is full', uiTexts.connectionLost]);
  });

  it('the same notice is shown once, and at most three are stacked: the newest, older ones wait for room', async () => {
    const { store } = await setup();
    const s = store.getState();
    s.notify('warning', texts.nothingToHandOff);
    s.notify('warning', texts.nothingToHandOff);
    expect(noticeTexts(store.getState())).toEqual([texts.nothingToHandOff]);
    for (const text of ['First failure', 'Second failure', 'Third failure']) s.notify('error', text);
    s.notify('success', texts.handoffDone);
    const shown = () => shownNotices(store.getState().notices).map((n) => n.text);
    expect(shown()).toEqual(['Second failure', 'Third failure', texts.handoffDone]);
    s.dismissNotice(store.getState().notices.at(-1)!.id);
    expect(shown()).toEqual(['First failure', 'Second failure', 'Third failure']);
  });
});

describe('one failed handoff, one notice, with Retry', () => {
  it('the failure told to the session\'s views and the call\'s answer are one alert, "Handoff failed: …"; Retry generates again with the same focus', async () => {
    const ctx = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }) }, { init: false });
    const { store, fake } = ctx;
    const message = 'The Anthropic API had an internal error (500). Try again.';
    fake.on({
      'handoff.start': async () => {
        // The core tells the session's views how the handoff ended, then answers the call (both later
        // than the call is made, as over any transport).
        await Promise.resolve();
        const result = { status: 'failed' as const, message };
        fake.emit({ type: 'handoff_result', sessionId: 's1', result });
        return result;
      },
    });
    view = await render(<App />, store);
    await settle();
    await step(() => store.getState().requestHandoff({ focus: 'the parser', generate: true }));

    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe(texts.handoffFailed(message));
    expect(store.getState().notices).toHaveLength(1);

    await click(buttonNamed(alert, 'Retry'));
    expect(fake.callsTo('handoff.start')).toEqual([
      { sessionId: 's1', focus: 'the parser', review: false },
      { sessionId: 's1', focus: 'the parser', review: false },
    ]);
    expect(store.getState().notices.map((n) => n.text)).toEqual([texts.handoffFailed(message)]);
  });

  it('a key problem offers Open settings instead, which opens Settings at the key', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }) }, { init: false });
    fake.on({
      'handoff.start': () => ({ status: 'failed', message: 'The API key was rejected (401).', code: 'no_api_key' }),
    });
    view = await render(<App />, store);
    await settle();
    await step(() => store.getState().requestHandoff({ generate: true }));
    const alert = document.querySelector('[role="alert"]')!;
    expect(buttonNamed(alert, 'Retry')).toBeNull();
    await click(buttonNamed(alert, 'Open settings'));
    expect(store.getState().ui).toMatchObject({ settingsOpen: true, settingsFocusApiKey: true });
  });
});

describe('Retry repeats the action that failed', () => {
  it('a reply the API failed: the notice offers Retry, which asks for the reply again; the next run clears it', async () => {
    const question = messageEntry('user', 'Why?');
    const failed = messageEntry('assistant', 'Half an answer', { errorMessage: 'overloaded' });
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: [question, failed] }) });
    view = await render(<App />, store);
    await settle();
    const message = 'The Anthropic API is overloaded (529). Try again shortly.';
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'overloaded', message }));
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(message);
    await click(buttonNamed(alert, 'Retry'));
    expect(fake.callsTo('chat.regenerate')).toEqual([{ sessionId: 's1', entryId: failed.id }]);
    await step(() => fake.emit({ type: 'agent_start', sessionId: 's1' }));
    expect(document.querySelector('[role="alert"]')?.textContent ?? '').not.toContain(message);
    expect(store.getState().notices).toEqual([]);
  });

  it('a message whose reply never came: Retry asks for its reply; an error not of the API offers no Retry', async () => {
    const question = messageEntry('user', 'Still waiting');
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: [question] }) });
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'rate_limited', message: 'Rate limited' }));
    await step(() => store.getState().notices[0]!.action!.run());
    expect(fake.callsTo('chat.regenerate')).toEqual([{ sessionId: 's1', entryId: question.id }]);
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'storage', message: 'The disk is full' }));
    expect(store.getState().notices.find((n) => n.text === 'The disk is full')?.action).toBeUndefined();
  });

  it('a conversation too long for the window offers Hand off, which opens the Hand off dialog; a lost connection to the API offers Retry', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(2) }) });
    view = await render(<App />, store);
    await settle();
    const tooLong = "The conversation is too long for the model's context window. Hand off to continue. (prompt is too long)";
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'context_too_long', message: tooLong }));
    const alert = document.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(tooLong);
    expect(buttonNamed(alert, 'Retry')).toBeNull();
    await click(buttonNamed(alert, 'Hand off')!);
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(store.getState().handoff.phase).toBe('idle');
    await step(() => store.getState().closeHandoff());
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'network', message: 'Could not reach the Anthropic API' }));
    expect(store.getState().notices.find((n) => n.text === 'Could not reach the Anthropic API')?.action?.label).toBe('Retry');
  });

  it('a refused send: Retry sends the same text again and empties the box it came back to', async () => {
    let refuse = true;
    const { store, fake } = await setup({
      'chat.send': () => (refuse ? { ok: false, error: { code: 'storage', message: 'No space left on the disk' } } : { queued: false }),
    });
    store.getState().setComposerText('Keep this text');
    await step(() => store.getState().submitComposer());
    expect(store.getState().composer.text).toBe('Keep this text');
    const [notice] = store.getState().notices;
    expect(notice?.action?.label).toBe('Retry');
    refuse = false;
    await step(() => notice!.action!.run());
    expect(fake.callsTo('chat.send')).toEqual([
      { sessionId: 's1', text: 'Keep this text', mode: 'steer' },
      { sessionId: 's1', text: 'Keep this text', mode: 'steer' },
    ]);
    expect(store.getState().composer.text).toBe('');
  });

  it('a refusal (a file of another shape, say) offers no Retry: the same request would be refused again', async () => {
    const { store } = await setup({ 'sessions.open': () => ({ ok: false, error: { code: 'not_found', message: 'No such session' } }) });
    await step(() => store.getState().openSession('gone'));
    expect(store.getState().notices.map((n) => [n.text, n.action])).toEqual([['No such session', undefined]]);
  });

  it('opening a session that fails offers Retry, which opens it', async () => {
    let fail = true;
    const { store, fake } = await setup({
      'sessions.open': ({ id }) => (fail ? { ok: false, error: { code: 'storage', message: 'Read error' } } : sessionView({ id })),
    });
    await step(() => store.getState().openSession('other'));
    fail = false;
    await step(() => store.getState().notices[0]!.action!.run());
    expect(fake.callsTo('sessions.open')).toEqual([{}, { id: 'other' }, { id: 'other' }]);
    expect(store.getState().session?.header.id).toBe('other');
  });
});

describe('alerts that no longer apply go away', () => {
  it('a call that lost the connection on its way: its alert goes once the connection is back, even worded by its action', async () => {
    const lost = { ok: false as const, error: { code: 'internal' as const, message: uiTexts.connectionLostDuringCall } };
    const { store, fake } = await setup({
      'sessions.open': ({ id }) => (id === 'other' ? lost : sessionView({ entries: exchangeEntries(1) })),
      'handoff.start': () => lost,
    });
    await step(() => fake.emit({ type: 'connection', state: 'lost' }));
    await step(() => store.getState().openSession('other'));
    expect(noticeTexts(store.getState())).toEqual([uiTexts.connectionLost, uiTexts.connectionLostDuringCall]);
    // One alert for the same cause: the newest says it.
    await step(() => store.getState().requestHandoff({ generate: true }));
    expect(noticeTexts(store.getState())).toEqual([uiTexts.connectionLost, texts.handoffFailed(uiTexts.connectionLostDuringCall)]);
    await step(() => fake.emit({ type: 'connection', state: 'restored' }));
    expect(noticeTexts(store.getState())).toEqual([]);
  });

  it('"Handoff failed" goes once a later handoff of that session succeeded', async () => {
    let answer: HandoffResult = { status: 'failed', message: 'The Anthropic API had an internal error (500). Try again.' };
    const { store } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }), 'handoff.start': () => answer });
    await step(() => store.getState().requestHandoff({ generate: true }));
    answer = { status: 'failed', message: 'The Anthropic API is overloaded (529). Try again shortly.' };
    await step(() => store.getState().requestHandoff({ generate: true }));
    expect(noticeTexts(store.getState())).toEqual([
      texts.handoffFailed('The Anthropic API had an internal error (500). Try again.'),
      texts.handoffFailed('The Anthropic API is overloaded (529). Try again shortly.'),
    ]);
    answer = { status: 'done', document: 'Doc', missingSections: [], contextBefore: 10, contextAfter: 2, trimmedMessages: 0, session: sessionView({ id: 'child' }) };
    // Not through the notice's Retry, which would take the notice away itself.
    await step(() => store.getState().requestHandoff({ generate: true }));
    expect(noticeTexts(store.getState())).toEqual([texts.handoffDone]);
  });

  it('"Wait for the current response…" goes once the run is over', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }) });
    await step(() => fake.emit({ type: 'agent_start', sessionId: 's1' }));
    await step(() => store.getState().requestHandoff());
    expect(noticeTexts(store.getState())).toEqual([texts.handoffBusy]);
    await step(() => fake.emit({ type: 'agent_end', sessionId: 's1' }));
    expect(noticeTexts(store.getState())).toEqual([]);

    // The core's refusal of a call while the run goes on, likewise.
    await step(() => fake.emit({ type: 'agent_start', sessionId: 's1' }));
    await step(() => store.getState().reportError({ code: 'busy', message: texts.busy }));
    expect(noticeTexts(store.getState())).toEqual([texts.busy]);
    await step(() => fake.emit({ type: 'agent_end', sessionId: 's1' }));
    expect(noticeTexts(store.getState())).toEqual([]);
  });
});
