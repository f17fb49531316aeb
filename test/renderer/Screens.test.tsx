// @vitest-environment happy-dom
// The surrounding screens: first run, sidebar, status line, notices and settings.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import type { AppInfo } from '../../shared/contract';
import { DEFAULT_SETTINGS, KNOWN_MODELS } from '../../shared/settings';
import { texts } from '../../shared/texts';
import { uiTexts } from '../../renderer/src/texts';
import { buttonNamed, byLabel, click, exchangeEntries, key, render, sessionView, settle, setup, step, summary, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const info = (over: Partial<AppInfo>): AppInfo => ({
  name: 'Baton', version: '0', transport: 'electron', platform: 'linux', hasApiKey: false, apiKeySource: 'none', dataDir: '/tmp', ...over,
});

async function app(handlers = {}) {
  const ctx = await setup(handlers, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

describe('first run', () => {
  it('desktop asks for the key and saves it write-only', async () => {
    const { fake } = await app({
      'app.info': () => info({}),
      'settings.setApiKey': () => info({ hasApiKey: true, apiKeySource: 'safeStorage' }),
    });
    expect(document.querySelector('nav')).toBeNull();
    const field = byLabel(document, 'Anthropic API key') as HTMLInputElement;
    expect(field.type).toBe('password');
    await type(field, ' sk-ant-secret ');
    await click(buttonNamed(document, 'Save'));
    expect(fake.callsTo('settings.setApiKey')).toEqual([{ apiKey: 'sk-ant-secret' }]);
    expect(document.querySelector('nav[aria-label="Sessions"]')).not.toBeNull();
    expect(document.body.textContent).not.toContain('sk-ant-secret');
  });

  it('web mode asks for the key as Settings does, and says how to make it last', async () => {
    const { fake } = await app({
      'app.info': () => info({ transport: 'web' }),
      'settings.setApiKey': () => info({ transport: 'web', hasApiKey: true, apiKeySource: 'memory' }),
    });
    expect(document.body.textContent).toContain('A key entered here is kept until the Baton server stops.');
    expect(document.body.textContent).toContain('ANTHROPIC_API_KEY');
    expect(document.body.textContent).toContain('npm run web');
    const field = byLabel(document, 'Anthropic API key') as HTMLInputElement;
    expect(field.type).toBe('password');
    await type(field, 'sk-ant-web');
    await click(buttonNamed(document, 'Save'));
    expect(fake.callsTo('settings.setApiKey')).toEqual([{ apiKey: 'sk-ant-web' }]);
    expect(document.querySelector('nav[aria-label="Sessions"]')).not.toBeNull();
    expect(document.querySelector('[role="status"]')?.textContent).toContain(uiTexts.apiKeySavedUntilRestart);
  });

  it('a key kept without the OS keyring is a plain warning', async () => {
    await app({ 'app.info': () => info({ hasApiKey: true, apiKeySource: 'basic_text' }) });
    expect(document.querySelector('[role="status"]')?.textContent).toContain("OS keyring isn't available");
  });

  it('a data folder that cannot be written is an error that stays, saying why', async () => {
    const why = 'The disk is read-only, so this was not saved. Sessions can be read but not changed until Baton may write to its data folder again (EROFS).';
    await app({ 'app.info': () => info({ hasApiKey: true, storageProblem: why }) });
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(why);
  });
});

describe('sidebar', () => {
  // A chain is a tree (SPEC §4.2): the child right under its parent, the chain under the day of its newest activity.
  it('groups newest first by day, marks the open session and the lineage both ways', async () => {
    const now = new Date();
    const yesterday = new Date(now.getTime() - 86_400_000).toISOString();
    await app({
      'sessions.open': () => sessionView({ id: 'child' }),
      'sessions.list': () => [
        summary('notes', 'Old notes', { updatedAt: yesterday }),
        summary('parent', 'Parser work', { updatedAt: yesterday }),
        summary('child', 'Parser, continued', { updatedAt: now.toISOString(), parentSession: 'parent', origin: 'handoff' }),
      ],
    });
    const nav = document.querySelector('nav[aria-label="Sessions"]')!;
    expect([...nav.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Today', 'Yesterday']);
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(['Parser work', 'Parser, continued', 'Old notes']);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    const items = [...nav.querySelectorAll('li')].map((li) => li.textContent);
    expect(items[1]).toContain('↳ handed off from Parser work');
    expect(items[0]).toContain('→ handed off to Parser, continued');
  });

  it('search filters through sessions.list, and CmdOrCtrl+K focuses the box', async () => {
    const { fake } = await app();
    await key(window, 'k', { ctrlKey: true });
    await step(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    const search = byLabel(document, 'Search sessions') as HTMLInputElement;
    expect(document.activeElement).toBe(search);
    await type(search, 'parser');
    expect(fake.callsTo('sessions.list').at(-1)).toEqual({ query: 'parser' });
  });

  it('delete asks in an in-app dialog first', async () => {
    const { fake } = await app({ 'sessions.list': () => [summary('s1', 'Doomed')], 'sessions.delete': () => ({ ok: true }) });
    await click(buttonNamed(document, 'Delete session'));
    const confirm = document.querySelector('[role="dialog"]')!;
    expect(confirm.textContent).toContain('“Doomed” will be deleted');
    expect(fake.callsTo('sessions.delete')).toHaveLength(0);
    await click(buttonNamed(confirm, 'Delete'));
    expect(fake.callsTo('sessions.delete')).toEqual([{ id: 's1' }]);
  });
});

describe('a page the web server refuses', () => {
  it('says the link’s token is not valid instead of "Connecting to Baton…"', async () => {
    const { fake } = await app({ 'app.info': () => new Promise<never>(() => {}) });
    expect(document.querySelector('main')?.textContent).toBe('Connecting to Baton…');
    await step(() => fake.emit({ type: 'connection', state: 'token_invalid' }));
    expect(document.querySelector('h1')?.textContent).toBe("This link's token is not valid — open the URL Baton printed");
    expect(document.body.textContent).toContain('Baton web UI:');
    expect(document.body.textContent).not.toContain('Connecting');
  });

  it('says so when this address failed too often, and gives the app back once the connection is restored', async () => {
    const { fake } = await app({ 'app.info': () => info({ hasApiKey: true, apiKeySource: 'environment', transport: 'web' }) });
    expect(document.querySelector('nav[aria-label="Sessions"]')).not.toBeNull();
    await step(() => fake.emit({ type: 'connection', state: 'too_many_attempts' }));
    expect(document.querySelector('h1')?.textContent).toBe(uiTexts.tooManyAttempts);
    expect(document.querySelector('nav[aria-label="Sessions"]')).toBeNull();
    await step(() => fake.emit({ type: 'connection', state: 'restored' }));
    await settle();
    expect(document.querySelector('nav[aria-label="Sessions"]')).not.toBeNull();
  });
});

describe('status line and notices', () => {
  it('shows model, tokens and the context meter; past the threshold the Hand off button invites', async () => {
    const { fake } = await app({ 'sessions.open': () => sessionView({ entries: exchangeEntries(1), contextTokens: 100_000 }) });
    const line = document.querySelector('.statusline')!;
    // The model is shown once, in the toolbar's picker.
    expect((byLabel(document, 'Model') as HTMLSelectElement).value).toBe(DEFAULT_SETTINGS.model);
    expect(line.textContent).not.toContain(DEFAULT_SETTINGS.model);
    expect(line.textContent).toContain('Context 100k / 200k (50%)');
    const handOff = buttonNamed(document, 'Hand off')!;
    expect(handOff.classList.contains('invite')).toBe(false);

    await step(() => fake.emit({ type: 'usage', sessionId: 's1', usage: { input_tokens: 1, output_tokens: 1 }, contextTokens: 152_000 }));
    expect(line.textContent).toContain('Context 152k / 200k (76%)');
    expect(handOff.classList.contains('invite')).toBe(true);
    expect(handOff.title).toBe('Context is getting long — hand off to continue fresh');
  });

  it('warnings go to the status region and errors to the alert region', async () => {
    const { fake } = await app({ 'sessions.open': () => sessionView({ unreadableRecords: 2 }) });
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'internal', message: 'Network down' }));
    expect(document.querySelector('[role="status"]')?.textContent).toBe(texts.unreadableRecords(2));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('Network down');
    await click(buttonNamed(document.querySelector('[role="alert"]')!, 'Dismiss'));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('');
  });
});

describe('a rejected key (401)', () => {
  it('on the desktop opens Settings with the key field focused', async () => {
    const { fake } = await app({ 'app.info': () => info({ hasApiKey: true, apiKeySource: 'safeStorage' }) });
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'no_api_key', message: 'The API key was rejected' }));
    const d = document.querySelector('[role="dialog"]')!;
    expect(document.getElementById(d.getAttribute('aria-labelledby')!)?.textContent).toBe('Settings');
    expect(document.activeElement).toBe(byLabel(d, 'Replace API key'));
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('The API key was rejected');
  });

  it('in web mode only explains, in the alert region', async () => {
    const { fake } = await app({ 'app.info': () => info({ transport: 'web', hasApiKey: true, apiKeySource: 'environment' }) });
    await step(() => fake.emit({ type: 'error', sessionId: 's1', code: 'no_api_key', message: 'The API key was rejected' }));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.querySelector('[role="alert"]')?.textContent).toBe('The API key was rejected');
  });
});

describe('settings', () => {
  it('never shows the key; changes go through settings.set', async () => {
    const { fake } = await app({ 'app.info': () => info({ hasApiKey: true, apiKeySource: 'safeStorage' }) });
    await click(buttonNamed(document, 'Settings'));
    const d = document.querySelector('[role="dialog"]')!;
    expect((byLabel(d, 'Replace API key') as HTMLInputElement).value).toBe('');
    const handoffModel = byLabel(d, 'Handoff model') as HTMLSelectElement;
    await step(() => {
      handoffModel.value = KNOWN_MODELS[2]!;
      handoffModel.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(fake.callsTo('settings.set')).toEqual([{ handoffModel: KNOWN_MODELS[2] }]);
    await key(window, 'Escape');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('the handoff threshold is saved on leaving the field when valid, and shows the saved value', async () => {
    const { fake } = await app();
    await click(buttonNamed(document, 'Settings'));
    const field = byLabel(document, 'Invite a handoff above this share of the context window (%)') as HTMLInputElement;
    const leave = () => step(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(field.value).toBe('70');
    await type(field, '5');
    await leave();
    expect(field.value).toBe('70');
    await type(field, '85.4');
    await leave();
    expect(fake.callsTo('settings.set')).toEqual([{ contextThreshold: expect.closeTo(0.854) }]);
    expect(field.value).toBe('85');
  });

  it('Thinking: Off, Adaptive or a token budget, saved through settings.set; a budget below 1,024 is refused with a reason', async () => {
    const { fake } = await app({ 'app.info': () => info({ hasApiKey: true, apiKeySource: 'safeStorage' }) });
    await click(buttonNamed(document, 'Settings'));
    const d = document.querySelector('[role="dialog"]')!;
    const mode = byLabel(d, 'Thinking') as HTMLSelectElement;
    expect(mode.value).toBe('adaptive');
    expect(byLabel(d, 'Thinking budget (tokens)')).toBeNull();
    const choose = (value: string) =>
      step(() => {
        mode.value = value;
        mode.dispatchEvent(new Event('change', { bubbles: true }));
      });

    await choose('off');
    await choose('budget');
    expect(fake.callsTo('settings.set')).toEqual([{ thinking: 'off' }, { thinking: 8192 }]);
    const budget = byLabel(d, 'Thinking budget (tokens)') as HTMLInputElement;
    expect(budget.value).toBe('8192');
    const description = () => budget.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(description()).toEqual(['From 1,024 to 128,000 tokens.']);

    await type(budget, '1000');
    await step(() => budget.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(budget.getAttribute('aria-invalid')).toBe('true');
    expect(description()).toEqual(['Enter a whole number of tokens from 1,024 to 128,000.', 'From 1,024 to 128,000 tokens.']);
    expect(fake.callsTo('settings.set')).toHaveLength(2);

    await type(budget, '16000');
    expect(budget.hasAttribute('aria-invalid')).toBe(false); // fixed while typing: the complaint goes
    await key(budget, 'Enter');
    expect(fake.callsTo('settings.set').at(-1)).toEqual({ thinking: 16000 });
  });
});
