// @vitest-environment happy-dom
// Auto-handoff in the UI (SPEC §4.2): the setting "Hand off automatically at N % of context", and the
// dialog that opens by itself when the core starts a handoff.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import type { SessionView } from '../../shared/contract';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { texts } from '../../shared/texts';
import { buttonNamed, byLabel, click, exchangeEntries, key, render, sessionView, settle, setup, step, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const dialogNamed = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent === name);

async function app(handlers = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }), ...handlers }, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

/** The accessible name aria-labelledby gives: the referenced elements' text, a field's value for a field. */
function labelledByName(el: HTMLElement): string {
  return (el.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .map((part) => (part instanceof HTMLInputElement ? part.value : (part?.textContent ?? '')))
    .join(' ');
}

describe('the setting', () => {
  it('is off by default, reads "Hand off automatically at N % of context", and saves each change', async () => {
    const { fake } = await app();
    await click(buttonNamed(document, 'Settings'));
    const settings = dialogNamed('Settings')!;
    const box = byLabel(settings, 'Hand off automatically at') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    expect(labelledByName(box)).toBe('Hand off automatically at 85 % of context');

    await click(box);
    expect(fake.callsTo('settings.set')).toEqual([{ autoHandoff: true }]);
    const level = byLabel(settings, 'Hand off automatically at (% of context)') as HTMLInputElement;
    await type(level, '60');
    await step(() => level.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(fake.callsTo('settings.set').at(-1)).toEqual({ autoHandoffAt: 0.6 });
    expect(labelledByName(box)).toBe('Hand off automatically at 60 % of context');

    await type(level, '3');
    await key(level, 'Enter');
    expect(level.value).toBe('60'); // out of range: back to the saved level, nothing sent
    expect(fake.callsTo('settings.set')).toHaveLength(2);
  });
});

describe('a handoff that starts by itself', () => {
  const settings = { ...DEFAULT_SETTINGS, autoHandoff: true, autoHandoffAt: 0.8 };

  it('opens the dialog generating, says why, previews the document, and hands off when the core is done', async () => {
    const { fake, store } = await app({ 'settings.get': () => settings });
    await step(() => fake.emit({ type: 'handoff_auto', sessionId: 's1', review: false }));
    const dialog = dialogNamed('Hand off')!;
    expect(dialog.textContent).toContain('The context reached 80 % of the window, so this session is handed off automatically.');
    expect(buttonNamed(dialog, 'Cancel')).not.toBeNull();
    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's1', phase: 'generating', text: '## Goal\nOn' }));
    expect(dialog.querySelector('[aria-label="Handoff preview"] h2')?.textContent).toBe('Goal');

    const child: SessionView = sessionView({ id: 'child', header: { type: 'session', version: 1, id: 'child', timestamp: '', parentSession: 's1', origin: 'handoff' } });
    await step(() =>
      fake.emit({
        type: 'handoff_result',
        sessionId: 's1',
        result: { status: 'done', document: '## Goal\nOn', missingSections: [], contextBefore: 170_000, contextAfter: 900, trimmedMessages: 0, session: child },
      }),
    );
    expect(dialogNamed('Hand off')).toBeUndefined();
    expect(store.getState().session?.header.id).toBe('child');
    expect(document.querySelector('[role="status"]')?.textContent).toContain(texts.handoffDone);
  });

  it('with review first it stops at the review, like one the user started', async () => {
    const { fake } = await app({ 'settings.get': () => ({ ...settings, reviewFirst: true }) });
    await step(() => fake.emit({ type: 'handoff_auto', sessionId: 's1', review: true }));
    await step(() => fake.emit({ type: 'handoff_result', sessionId: 's1', result: { status: 'review', document: '## Goal\nOn', missingSections: [], trimmedMessages: 0 } }));
    expect((byLabel(dialogNamed('Hand off')!, 'Handoff document') as HTMLTextAreaElement).value).toBe('## Goal\nOn');
    expect(dialogNamed('Hand off')!.textContent).toContain('so this session is handed off automatically'); // still saying why it opened
    expect(buttonNamed(dialogNamed('Hand off')!, 'Start new session')).not.toBeNull();
  });

  it('Escape cancels it as any running handoff', async () => {
    const { fake } = await app({ 'settings.get': () => settings });
    await step(() => fake.emit({ type: 'handoff_auto', sessionId: 's1', review: false }));
    await key(window, 'Escape');
    expect(fake.callsTo('handoff.cancel')).toHaveLength(1);
    await step(() => fake.emit({ type: 'handoff_result', sessionId: 's1', result: { status: 'cancelled' } }));
    expect(dialogNamed('Hand off')).toBeUndefined();
    expect(document.querySelector('[role="status"]')?.textContent).toContain(texts.handoffCancelled);
  });

  it('a handoff this view started ends with its call\'s answer, told once', async () => {
    let answer!: (r: unknown) => void;
    const { fake, store } = await app({ 'handoff.start': () => new Promise((r) => (answer = r)) });
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialogNamed('Hand off')!, 'Generate handoff'));
    // The core tells every view of the session how it ended, this one too, before the call answers.
    await step(() => fake.emit({ type: 'handoff_result', sessionId: 's1', result: { status: 'cancelled' } }));
    expect(buttonNamed(dialogNamed('Hand off')!, 'Cancel')).not.toBeNull(); // still the user's own, generating
    await step(() => answer({ status: 'cancelled' }));
    expect(dialogNamed('Hand off')).toBeUndefined();
    expect(store.getState().notices.map((n) => n.text)).toEqual([texts.handoffCancelled]);
  });
});
