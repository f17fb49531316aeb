// @vitest-environment happy-dom
// Custom instructions in the UI (SPEC §5): Settings' textbox saves when left; the header menu's Session
// instructions sets the open session's own, or goes back to the Settings' ones.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { byLabel, buttonNamed, click, render, sessionView, settle, setup, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

async function app(handlers = {}) {
  const ctx = await setup(handlers, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

/** Types into the field, then leaves it. */
async function fill(field: HTMLTextAreaElement, text: string): Promise<void> {
  await type(field, text);
  await act(async () => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
  await settle();
}

const menuItem = (name: string) => [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((el) => el.textContent === name) ?? null;

describe('custom instructions', () => {
  it('Settings has a Custom instructions textbox, saved when it is left', async () => {
    const { fake, store } = await app();
    store.getState().openSettings();
    await settle();
    const field = byLabel(document, 'Custom instructions') as HTMLTextAreaElement;
    expect(field.tagName).toBe('TEXTAREA');
    await fill(field, 'Answer in French.');
    expect(fake.callsTo('settings.set')).toEqual([{ customInstructions: 'Answer in French.' }]);
  });

  it("the header menu's Session instructions saves the session's own, and can go back to the Settings'", async () => {
    const { fake } = await app({ 'sessions.open': () => sessionView({ id: 's1' }), 'sessions.setInstructions': () => ({ ok: true }) });
    await click(buttonNamed(document, 'More actions'));
    await click(menuItem('Session instructions'));
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Session instructions');
    const useSettings = byLabel(dialog, 'Use the custom instructions from Settings') as HTMLInputElement;
    expect(useSettings.checked).toBe(true);
    await click(useSettings);
    await fill(byLabel(dialog, 'Session instructions') as HTMLTextAreaElement, 'Be terse.');
    await click(buttonNamed(dialog, 'Save'));
    expect(fake.callsTo('sessions.setInstructions')).toEqual([{ id: 's1', instructions: 'Be terse.' }]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    await click(buttonNamed(document, 'More actions'));
    await click(menuItem('Session instructions'));
    const again = document.querySelector('[role="dialog"]')!;
    expect((byLabel(again, 'Session instructions') as HTMLTextAreaElement).value).toBe('Be terse.');
    await click(byLabel(again, 'Use the custom instructions from Settings'));
    await click(buttonNamed(again, 'Save'));
    expect(fake.callsTo('sessions.setInstructions').at(-1)).toEqual({ id: 's1', instructions: null });
  });
});

describe('Name sessions automatically', () => {
  it('is a Settings checkbox, on by default', async () => {
    const { fake, store } = await app();
    store.getState().openSettings();
    await settle();
    const box = byLabel(document, 'Name sessions automatically') as HTMLInputElement;
    expect(box.checked).toBe(true);
    await click(box);
    expect(fake.callsTo('settings.set')).toEqual([{ autoTitle: false }]);
  });
});
