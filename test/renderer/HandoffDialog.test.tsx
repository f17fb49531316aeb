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
    'sessions.open': () => sessionView({ entries: exchangeEntries(1) }),
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
    // Side by side; the one used last (not yet: the setting's default, no review) is the default button.
    expect(buttonNamed(d, 'Generate handoff')?.type).toBe('submit');
    expect(buttonNamed(d, 'Generate and review')?.type).toBe('button');
    expect(d.querySelector('input[type="checkbox"]')).toBeNull();
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
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: 'the tests', review: false }]);

    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's1', phase: 'generating', text: '## Goal\nMake **it** work' }));
    // Rendered as the document will read, not as raw Markdown.
    const preview = document.querySelector('[aria-label="Handoff preview"]')!;
    expect(preview.querySelector('h2')?.textContent).toBe('Goal');
    expect(preview.querySelector('strong')?.textContent).toBe('it');
    expect(preview.textContent).not.toContain('##');
    // The marks of a heading whose words have not come yet are not an empty heading.
    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's1', phase: 'generating', text: '## Goal\nMake **it** work\n\n##' }));
    expect([...preview.querySelectorAll('h1, h2')].map((h) => h.textContent)).toEqual(['Goal']);
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
    expect(buttonNamed(dialog()!, 'Generate and review')?.type).toBe('submit');
    await click(buttonNamed(dialog()!, 'Generate and review'));
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: undefined, review: true }]);
    await finish({ status: 'review', document: '## Goal\nOld', missingSections: ['Progress'], trimmedMessages: 0 });

    const doc = byLabel(dialog()!, 'Handoff document') as HTMLTextAreaElement;
    expect(doc.value).toBe('## Goal\nOld');
    expect(dialog()!.textContent).toContain('missing sections: Constraints & Preferences, Progress, Key Decisions');
    await type(doc, '## Goal\nNew');
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(fake.callsTo('handoff.commit')).toEqual([{ sessionId: 's1', document: '## Goal\nNew' }]);
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(texts.handoffFailed('disk full'));
  });

  it('review of a cut-off document warns above the box that it is incomplete', async () => {
    const { finish } = await app({ 'settings.get': () => ({ ...DEFAULT_SETTINGS, reviewFirst: true }) });
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate and review'));
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
    await click(buttonNamed(dialog()!, 'Generate and review'));
    await finish({ status: 'review', document: '## Goal\nAll', missingSections: [], trimmedMessages: 0 });
    expect(byLabel(dialog()!, 'Handoff document')?.hasAttribute('aria-describedby')).toBe(false);
    expect(dialog()!.textContent).not.toContain('cut off');
  });

  it('the choice made is remembered through settings.set, and becomes the default button', async () => {
    const { fake, finish } = await app();
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate and review'));
    expect(fake.callsTo('settings.set')).toEqual([{ reviewFirst: true }]);
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: undefined, review: true }]);
    await finish({ status: 'cancelled' });
    await click(buttonNamed(document, 'Hand off'));
    expect(buttonNamed(dialog()!, 'Generate and review')?.type).toBe('submit');
    expect(buttonNamed(dialog()!, 'Generate handoff')?.type).toBe('button');
  });

  it('Enter in the Focus box is the default button; Shift+Enter is a new line', async () => {
    const { fake } = await app({ 'settings.get': () => ({ ...DEFAULT_SETTINGS, reviewFirst: true }) });
    await click(buttonNamed(document, 'Hand off'));
    const focus = byLabel(dialog()!, 'Focus (optional)') as HTMLTextAreaElement;
    await key(focus, 'Enter', { shiftKey: true });
    expect(fake.callsTo('handoff.start')).toHaveLength(0);
    await type(focus, 'the parser');
    await key(focus, 'Enter');
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: 'the parser', review: true }]);
    expect(fake.callsTo('settings.set')).toHaveLength(0); // the default was used: nothing changes
  });

  it('a choice the settings refuse still hands off, and the default goes back', async () => {
    let answer!: (r: unknown) => void;
    const { fake, finish } = await app({ 'settings.set': () => new Promise((r) => (answer = r)) });
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate and review'));
    expect(fake.callsTo('handoff.start')).toEqual([{ sessionId: 's1', focus: undefined, review: true }]);
    await step(() => answer({ ok: false, error: { code: 'storage', message: 'settings file is read-only' } }));
    await settle();
    expect(document.querySelector('[role="alert"]')?.textContent).toContain('settings file is read-only');
    await finish({ status: 'cancelled' });
    await click(buttonNamed(document, 'Hand off'));
    expect(buttonNamed(dialog()!, 'Generate handoff')?.type).toBe('submit');
  });

  describe('an edited document is never thrown away unasked', () => {
    async function inReview() {
      const ctx = await app({ 'settings.get': () => ({ ...DEFAULT_SETTINGS, reviewFirst: true }) });
      await click(buttonNamed(document, 'Hand off'));
      await click(buttonNamed(dialog()!, 'Generate and review'));
      await ctx.finish({ status: 'review', document: '## Goal\nAs written', missingSections: [], trimmedMessages: 0 });
      return { ...ctx, doc: () => byLabel(dialog()!, 'Handoff document') as HTMLTextAreaElement };
    }
    const question = () => dialog()?.querySelector('[role="alertdialog"]');

    it('unedited, Escape discards at once', async () => {
      const { fake } = await inReview();
      await key(window, 'Escape');
      expect(fake.callsTo('handoff.discard')).toHaveLength(1);
      expect(dialog()).toBeNull();
    });

    it('edited, Escape asks in the dialog; a second Escape (or Keep editing) goes back to the document', async () => {
      const { fake, doc } = await inReview();
      await type(doc(), '## Goal\nMy own words');
      await key(window, 'Escape');
      expect(fake.callsTo('handoff.discard')).toHaveLength(0);
      const asked = question()!;
      expect(document.getElementById(asked.getAttribute('aria-labelledby')!)?.textContent).toBe('Discard the edited document?');
      expect(document.activeElement).toBe(buttonNamed(asked, 'Keep editing'));
      expect(buttonNamed(dialog()!, 'Start new session')).toBeNull();

      await key(window, 'Escape');
      expect(question()).toBeNull();
      expect(document.activeElement).toBe(doc());
      expect(doc().value).toBe('## Goal\nMy own words');

      await click(buttonNamed(dialog()!, 'Discard'));
      await click(buttonNamed(question()!, 'Keep editing'));
      expect(question()).toBeNull();
      expect(fake.callsTo('handoff.discard')).toHaveLength(0);
    });

    it('edited, Discard asks too, and Discard edits throws the document away', async () => {
      const { fake, doc } = await inReview();
      await type(doc(), '## Goal\nMy own words');
      await click(buttonNamed(dialog()!, 'Discard'));
      await click(buttonNamed(question()!, 'Discard edits'));
      expect(fake.callsTo('handoff.discard')).toHaveLength(1);
      expect(dialog()).toBeNull();
      expect(document.querySelector('[role="status"]')?.textContent).toBe('Handoff discarded — the session continues as it was');
    });
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
    await app({ 'sessions.open': () => sessionView() });
    const button = buttonNamed(document, 'Hand off')!;
    await click(button);
    expect(dialog()).toBeNull();
    expect(button.disabled).toBe(false);
    expect(document.querySelector('[role="status"]')?.textContent).toBe(texts.nothingToHandOff);
    await settle();
  });
});
