// @vitest-environment happy-dom
// The toolbar in a wide window, with Hand off as its primary action, its overflow menu, the context
// meter, and the empty state.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { buttonNamed, click, exchangeEntries, key, messageEntry, outcomeEntry, render, sessionView, settle, setup, step, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function app(handlers: Handlers = {}) {
  const ctx = await setup(handlers, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

const nav = () => document.querySelector('nav[aria-label="Sessions"]')!;
const toolbar = () => document.querySelector('.toolbar')!;

describe('the toolbar', () => {
  it('Hand off is the primary action, named "Hand off", with its shortcut on it; Settings is an icon; New session tops the sidebar', async () => {
    await app({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1) }) });
    const handOff = buttonNamed(toolbar(), 'Hand off')!;
    expect(handOff.classList.contains('primary')).toBe(true);
    expect(handOff.querySelector('kbd')?.textContent).toBe('Ctrl+Shift+H');
    expect(handOff.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+H');
    const settings = buttonNamed(toolbar(), 'Settings')!;
    expect(settings.textContent).toBe('');
    expect(buttonNamed(toolbar(), 'New session')?.classList.contains('toolbar-new-session')).toBe(true);
    expect(nav().querySelector('button')?.textContent).toBe('New session');
  });

  it('is not the loudest control in a session with nothing to hand off, and keeps its name and shortcut', async () => {
    const { fake } = await app();
    const handOff = buttonNamed(toolbar(), 'Hand off')!;
    expect(handOff.classList.contains('primary')).toBe(false);
    expect(handOff.querySelector('kbd')?.textContent).toBe('Ctrl+Shift+H');
    expect(handOff.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+H');
    await click(handOff);
    expect(document.querySelector('[role="status"]')?.textContent).toContain('Nothing to hand off (no messages yet)');

    // The first exchange makes it the primary action.
    for (const entry of exchangeEntries(1)) {
      if (entry.type !== 'message') throw new Error('a message entry');
      await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message: entry.message, entry }));
    }
    expect(handOff.classList.contains('primary')).toBe(true);
  });

  it('does not invite a handoff on a session that has already been handed off, until the conversation goes on there', async () => {
    const handedOff = [
      ...exchangeEntries(1),
      outcomeEntry({ outcome: 'done', document: '## Goal\nShip it', childSession: 'child', childTitle: 'Ship it' }),
    ];
    const { fake } = await app({ 'sessions.open': () => sessionView({ entries: handedOff, contextTokens: 180_000 }) });
    const handOff = buttonNamed(toolbar(), 'Hand off')!;
    expect(handOff.classList.contains('invite')).toBe(false);
    expect(document.querySelector('.statusline .context.long')).not.toBeNull(); // the context is long all the same

    const entry = messageEntry('user', 'And now?');
    if (entry.type !== 'message') throw new Error('a message entry');
    await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message: entry.message, entry }));
    expect(handOff.classList.contains('invite')).toBe(true);
  });
});

describe('the context meter', () => {
  it('counts up to the threshold as good and past it as a warning, like its label', async () => {
    await app({ 'sessions.open': () => sessionView({ contextTokens: 150_000, contextWindow: 200_000 }) });
    const meter = document.querySelector('meter')!;
    expect([meter.getAttribute('low'), meter.getAttribute('high'), meter.getAttribute('optimum')]).toEqual(['140000', '140000', '0']);
  });
});

describe('the overflow menu (More actions)', () => {
  it('opens from the keyboard on its first item, moves with the arrows, closes with Escape back on its button', async () => {
    const { store } = await app();
    const more = buttonNamed(toolbar(), 'More actions')!;
    const menu = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(menu.getAttribute('role')).toBe('menu');
    expect(menu.hidden).toBe(true);
    await key(more, 'ArrowDown');
    await step(() => new Promise((r) => setTimeout(r, 0)));
    const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    expect(items.map((i) => i.textContent)).toEqual(['New session', 'Markdown (.md)', 'JSON (.jsonl)', 'Session instructions', 'Settings']);
    expect(menu.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Export session');
    expect(document.activeElement).toBe(items[0]);
    await key(items[0]!, 'ArrowUp');
    expect(document.activeElement).toBe(items[4]);
    await key(items[4]!, 'Escape');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(more);
    expect(store.getState().ui.settingsOpen).toBe(false); // Escape closed the menu, nothing else

    await click(more);
    await click(items[4]!);
    expect(store.getState().ui.settingsOpen).toBe(true);
  });
});

describe('the empty state', () => {
  it('introduces handoff and its shortcuts', async () => {
    await app();
    const empty = document.querySelector('section[aria-label="Conversation"]')!;
    expect(empty.querySelector('h2')?.textContent).toBe('Start a conversation');
    expect(empty.textContent).toContain('hand it off');
    expect([...empty.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Ctrl+Shift+H', '/handoff [focus]', 'Ctrl+N', 'Ctrl+K', '/']);
  });
});
