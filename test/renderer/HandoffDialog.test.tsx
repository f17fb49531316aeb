// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import type { HandoffResult } from '../../shared/contract';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { texts } from '../../shared/texts';
import { buttonNamed, byLabel, click, exchangeEntries, key, render, sessionView, settle, setup, step, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const dialogName = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent;

async function app(handlers = {}) {
  let finish!: (r: HandoffResult) => void;
  const ctx = await setup({
    'sessions.current': () => sessionView({ entries: exchangeEntries(1) }),
    'handoff.start': () => new Promise<HandoffResult>((r) => (finish = r)),
    ...handlers,
  }, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return { ...ctx, finish: (r: HandoffResult) => step(() => finish(r)) };
}

describe('Hand off dialog', () => {
  it('opens from the toolbar button with the names the SPEC gives', async () => {
    await app();
    await click(buttonNamed(document, 'Hand off'));
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(dialogName(d)).toBe('Hand off');
    expect(document.activeElement).toBe(byLabel(d, 'Focus (optional)'));
    expect(byLabel(d, 'Review before starting')?.getAttribute('type')).toBe('checkbox');
    expect(buttonNamed(d, 'Generate handoff')).not.toBeNull();
    // The rest of the app is out of reach while the dialog is open.
    expect(document.querySelector('.layout')?.hasAttribute('inert')).toBe(true);
  });

  it('opens with CmdOrCtrl+Shift+H on the window', async () => {
    await app();
    await key(window, 'H', { ctrlKey: true, shiftKey: true });
    expect(dialog()).not.toBeNull();
  });

  it('generates with the typed focus, previews the stream, and Escape cancels from live state', async () => {
    const { fake, finish } = await app();
    await key(window, 'H', { ctrlKey: true, shiftKey: true });
    await type(byLabel(dialog()!, 'Focus (optional)') as HTMLTextAreaElement, 'the tests');
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    expect(fake.callsTo('handoff.start')).toEqual([{ focus: 'the tests', review: false }]);

    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's1', phase: 'generating', text: '## Goal\nMake' }));
    expect(document.querySelector('[aria-label="Handoff preview"]')?.textContent).toBe('## Goal\nMake');
    expect(buttonNamed(dialog()!, 'Cancel')).not.toBeNull();

    // The window listener was registered at mount, when nothing was generating.
    await key(window, 'Escape');
    expect(fake.callsTo('handoff.cancel')).toHaveLength(1);
    await finish({ status: 'cancelled' });
    expect(dialog()).toBeNull();
    expect(document.querySelector('[role="status"]')?.textContent).toBe(texts.handoffCancelled);
  });

  it('the Cancel button cancels too', async () => {
    const { fake } = await app();
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    await click(buttonNamed(dialog()!, 'Cancel'));
    expect(fake.callsTo('handoff.cancel')).toHaveLength(1);
  });

  it('review: an editable document, Start new session commits the edit', async () => {
    const { fake, finish } = await app({
      'settings.get': () => ({ model: 'm', handoffModel: '', contextThreshold: 0.7, reviewFirst: true }),
      'handoff.commit': () => ({ status: 'failed', message: 'disk full' }),
    });
    await click(buttonNamed(document, 'Hand off'));
    expect((byLabel(dialog()!, 'Review before starting') as HTMLInputElement).checked).toBe(true);
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    await finish({ status: 'review', document: '## Goal\nOld', missingSections: ['Progress'], trimmedMessages: 0 });

    const doc = byLabel(dialog()!, 'Handoff document') as HTMLTextAreaElement;
    expect(doc.value).toBe('## Goal\nOld');
    expect(dialog()!.textContent).toContain('missing sections: Progress');
    await type(doc, '## Goal\nNew');
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(fake.callsTo('handoff.commit')).toEqual([{ document: '## Goal\nNew' }]);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(texts.handoffFailed('disk full'));
  });

  it('review of a cut-off document warns above the box that it is incomplete', async () => {
    const { finish } = await app({ 'settings.get': () => ({ ...DEFAULT_SETTINGS, reviewFirst: true }) });
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    await finish({ status: 'review', document: '## Goal\nHalf a', missingSections: [], trimmedMessages: 0, cutOff: true });
    const doc = byLabel(dialog()!, 'Handoff document') as HTMLTextAreaElement;
    const warning = document.getElementById(doc.getAttribute('aria-describedby')!)!;
    expect(warning.textContent).toContain('This document was cut off before it was finished');
    // Above the box, so it is read first.
    expect(warning.compareDocumentPosition(doc) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('review of a complete document has no such warning', async () => {
    const { finish } = await app({ 'settings.get': () => ({ ...DEFAULT_SETTINGS, reviewFirst: true }) });
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    await finish({ status: 'review', document: '## Goal\nAll', missingSections: [], trimmedMessages: 0 });
    expect(byLabel(dialog()!, 'Handoff document')?.hasAttribute('aria-describedby')).toBe(false);
    expect(dialog()!.textContent).not.toContain('cut off');
  });

  it('the review checkbox is remembered through settings.set', async () => {
    const { fake } = await app();
    await click(buttonNamed(document, 'Hand off'));
    await click(byLabel(dialog()!, 'Review before starting'));
    expect(fake.callsTo('settings.set')).toEqual([{ reviewFirst: true }]);
    expect((byLabel(dialog()!, 'Review before starting') as HTMLInputElement).checked).toBe(true);
  });

  it('the review checkbox follows the click at once, and goes back when the change is refused', async () => {
    let answer!: (r: unknown) => void;
    await app({ 'settings.set': () => new Promise((r) => (answer = r)) });
    await click(buttonNamed(document, 'Hand off'));
    const box = () => byLabel(dialog()!, 'Review before starting') as HTMLInputElement;
    await click(box());
    expect(box().checked).toBe(true); // before the main process has answered
    await step(() => answer({ ok: false, error: { code: 'storage', message: 'settings file is read-only' } }));
    await settle();
    expect(box().checked).toBe(false);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('settings file is read-only');
  });

  it('Escape when idle closes the dialog and gives focus back to the Message box', async () => {
    await app();
    await click(buttonNamed(document, 'Hand off'));
    await key(window, 'Escape');
    expect(dialog()).toBeNull();
    await step(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    expect(document.activeElement).toBe(byLabel(document, 'Message'));
  });

  it('with nothing to hand off the button warns and stays enabled', async () => {
    await app({ 'sessions.current': () => sessionView() });
    const button = buttonNamed(document, 'Hand off')!;
    await click(button);
    expect(dialog()).toBeNull();
    expect(button.disabled).toBe(false);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(texts.nothingToHandOff);
    await settle();
  });
});
