// @vitest-environment happy-dom
// The Settings dialog beyond the API key: the percentage fields show their range and say why they refuse a value.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { uiTexts } from '../../renderer/src/texts';
import { MCP_IMPORT_MAX_CHARS } from '../../shared/contract';
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../shared/settings';
import { buttonNamed, byLabel, click, render, settle, setup, step, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function openSettings(handlers = {}) {
  const ctx = await setup(handlers, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  await click(buttonNamed(document, 'Settings'));
  return ctx;
}

const THRESHOLD = 'Invite a handoff above this share of the context window (%)';

const AUTO_LEVEL = 'Hand off automatically at (% of context)';

/** Types `value` into the field and leaves it. */
async function enter(field: HTMLInputElement, value: string) {
  await type(field, value);
  await step(() => field.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
}

/** What the field's description reads: the refusal (when there is one) and the range. */
const described = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('the percentage fields', () => {
  it('a threshold out of range is not taken silently: the field says why and what it stays at', async () => {
    const { fake } = await openSettings();
    const field = byLabel(document, THRESHOLD) as HTMLInputElement;
    expect(described(field)).toBe('From 10 to 100 %.');
    await enter(field, '5');
    expect(field.value).toBe('70');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(described(field)).toBe('5 % is not between 10 and 100 %, so the threshold stays at 70 %. | From 10 to 100 %.');
    expect(fake.callsTo('settings.set')).toEqual([]);

    await enter(field, '80');
    expect(fake.callsTo('settings.set')).toEqual([{ contextThreshold: 0.8 }]);
    expect(described(field)).toBe('From 10 to 100 %.');
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('the automatic handoff level refuses 150, 1 and 0 with a message, and takes 60', async () => {
    const { fake } = await openSettings();
    const field = byLabel(document, AUTO_LEVEL) as HTMLInputElement;
    expect(described(field)).toBe('From 10 to 100 %.');
    for (const typed of ['150', '1', '0']) {
      await enter(field, typed);
      expect(field.value).toBe('85');
      expect(described(field)).toBe(`${typed} % is not between 10 and 100 %, so automatic handoff stays at 85 %. | From 10 to 100 %.`);
    }
    expect(fake.callsTo('settings.set')).toEqual([]);
    await enter(field, '60');
    expect(fake.callsTo('settings.set')).toEqual([{ autoHandoffAt: 0.6 }]);
    expect(described(field)).toBe('From 10 to 100 %.');
  });
});

describe('the API key in web mode', () => {
  it('a key saved in Settings is said to last until the server stops, not simply "saved"', async () => {
    const webInfo = { name: 'Baton', version: '0', transport: 'web', platform: 'linux', hasApiKey: true, dataDir: '/tmp' } as const;
    const { store } = await openSettings({
      'app.info': () => ({ ...webInfo, apiKeySource: 'environment' }),
      'settings.setApiKey': () => ({ ...webInfo, apiKeySource: 'memory' }),
    });
    const field = byLabel(document, 'Replace API key') as HTMLInputElement;
    await type(field, 'sk-ant-new');
    await click(buttonNamed(document.querySelector('[role="dialog"]')!, 'Save'));
    expect(store.getState().notices.map((n) => n.text)).toEqual([uiTexts.apiKeySavedUntilRestart]);
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('kept until the Baton server stops');
  });
});

describe('Open logs folder', () => {
  it('in web mode shows where the logs are on the server’s machine', async () => {
    const { fake } = await openSettings({ 'app.openLogs': () => ({ opened: false, path: '/srv/baton/logs' }) });
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector('[role="status"]')).toBeNull();
    await click(buttonNamed(dialog, 'Open logs folder'));
    expect(fake.callsTo('app.openLogs')).toEqual([{}]);
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe(`${uiTexts.logsAreIn} /srv/baton/logs`);
  });

  it('on the desktop opens the folder and shows nothing more', async () => {
    const { fake } = await openSettings({ 'app.openLogs': () => ({ opened: true, path: '/home/me/.config/Baton/logs' }) });
    const dialog = document.querySelector('[role="dialog"]')!;
    await click(buttonNamed(dialog, 'Open logs folder'));
    expect(fake.callsTo('app.openLogs')).toEqual([{}]);
    expect(dialog.querySelector('[role="status"]')).toBeNull();
  });
});

describe('Theme and font size', () => {
  it('are saved through settings.set and applied to the page at once; System follows the OS', async () => {
    let saved: Settings = DEFAULT_SETTINGS;
    const { fake } = await openSettings({ 'settings.set': (patch: SettingsPatch) => (saved = { ...saved, ...patch }) });
    const root = document.documentElement;
    expect(root.dataset.theme).toBe('light'); // System, and the OS is light here
    const choose = (label: string, value: string) =>
      step(() => {
        const select = byLabel(document, label) as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    await choose('Theme', 'dark');
    await choose('Font size', '18');
    expect(fake.callsTo('settings.set')).toEqual([{ theme: 'dark' }, { fontSize: 18 }]);
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.fontSize).toBe('18px');
    await choose('Theme', 'light');
    expect(root.dataset.theme).toBe('light');
  });
});

describe('Settings → Tools: the time limit of a tool call', () => {
  const LIMIT = 'Time limit of a tool call (seconds)';

  it('shows the setting and its range, takes a whole number of seconds in range, and says why it refuses anything else', async () => {
    const { fake } = await openSettings();
    const field = byLabel(document, LIMIT) as HTMLInputElement;
    expect(field.value).toBe(String(DEFAULT_SETTINGS.mcpTimeoutSeconds));
    expect(described(field)).toBe('From 5 to 600 seconds: a server that does not answer a call, or does not start, in that time fails it.');
    for (const typed of ['2', '601', '12.5']) {
      await enter(field, typed);
      expect(field.value).toBe('60');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(described(field).split(' | ')[0]).toBe(`“${typed}” is not a whole number of seconds from 5 to 600; the limit stays 60 s.`);
    }
    expect(fake.callsTo('settings.set')).toEqual([]);

    await enter(field, '120');
    expect(fake.callsTo('settings.set')).toEqual([{ mcpTimeoutSeconds: 120 }]);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(field.value).toBe('120');
  });
});

describe('Settings → Tools: Import from Claude Desktop', () => {
  const status = () => document.querySelector('[role="status"]')?.textContent ?? '';
  const alerts = () => document.querySelector('[role="alert"]')?.textContent ?? '';
  /** Picks a file in the Import from a file… input, as the browser does after the dialog. */
  async function pick(file: File) {
    const input = document.querySelector<HTMLInputElement>('[data-testid="import-mcp-file"]')!;
    expect(input.accept).toBe('.json,application/json');
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    await settle();
  }

  it('imports from Claude Desktop\'s own place, or from a file picked, and says what came over', async () => {
    const { fake } = await openSettings({
      'tools.importClaudeDesktop': (input: { file?: unknown }) => (input.file ? { added: ['picked'], kept: ['desk'], problems: [] } : { added: ['desk'], kept: [], problems: [] }),
    });
    await click(buttonNamed(document, 'Import from Claude Desktop'));
    expect(fake.callsTo('tools.importClaudeDesktop')).toEqual([{}]);
    expect(status()).toContain('Imported desk');

    await click(buttonNamed(document, 'Import from a file…'));
    const text = JSON.stringify({ mcpServers: { picked: { command: 'uvx', args: ['mcp-server-git'] } } });
    await pick(new File([text], 'work-laptop.json', { type: 'application/json' }));
    expect(fake.callsTo('tools.importClaudeDesktop')).toEqual([{}, { file: { name: 'work-laptop.json', text } }]);
    expect(status()).toContain('Imported picked; kept your own desk');
  });

  it('shows the core\'s refusal of a picked file, and refuses one too large before reading it', async () => {
    const refusal = 'notes.json line 1: not JSON';
    const { fake } = await openSettings({ 'tools.importClaudeDesktop': () => ({ ok: false, error: { code: 'invalid_input', message: refusal } }) });
    await pick(new File(['hello'], 'notes.json'));
    expect(alerts()).toContain(refusal);

    const big = new File(['{}'], 'huge.json');
    Object.defineProperty(big, 'size', { value: MCP_IMPORT_MAX_CHARS + 1 });
    await pick(big);
    expect(alerts()).toContain('huge.json is too large for a Claude Desktop configuration.');
    expect(fake.callsTo('tools.importClaudeDesktop')).toHaveLength(1);
  });
});

describe('Settings → Tools: the Enabled switch', () => {
  const server = (state: 'ready' | 'disabled') => ({ name: 'git', config: { command: 'uvx' }, state, stderr: [], tools: [] });
  const overview = (state: 'ready' | 'disabled') => ({ servers: [server(state)], problems: [], alwaysAllow: [] });
  const item = () => document.querySelector<HTMLElement>('li[aria-label="git"]')!;
  const toggle = () => item().querySelector<HTMLInputElement>('input[role="switch"]')!;
  const status = () => item().querySelector('[data-testid="server-status"]')?.textContent;

  it('moves at once, before the servers’ status follows, and stays as asked whichever of the two arrives first', async () => {
    let answer: (() => void) | undefined;
    const { fake } = await openSettings({
      'tools.overview': () => overview('ready'),
      'tools.setEnabled': () => new Promise<{ ok: true }>((resolve) => (answer = () => resolve({ ok: true }))),
    });
    await click(toggle());
    expect(fake.callsTo('tools.setEnabled')).toEqual([{ name: 'git', enabled: false }]);
    expect(toggle().checked).toBe(false);
    expect(status()).toBe('Ready');
    // The answer first: the status has not followed yet, so the switch keeps what was asked.
    await step(() => answer!());
    expect(toggle().checked).toBe(false);
    await step(() => fake.emit({ type: 'tools_changed', overview: overview('disabled') }));
    expect(toggle().checked).toBe(false);
    expect(status()).toBe('Disabled');
    // The status first, then the answer.
    await click(toggle());
    expect(toggle().checked).toBe(true);
    await step(() => fake.emit({ type: 'tools_changed', overview: overview('ready') }));
    await step(() => answer!());
    expect(toggle().checked).toBe(true);
    expect(status()).toBe('Ready');
    // Another view turns it off later: this one follows.
    await step(() => fake.emit({ type: 'tools_changed', overview: overview('disabled') }));
    expect(toggle().checked).toBe(false);
  });

  it('goes back and says why when the change is refused', async () => {
    const refusal = 'There is no MCP server named git';
    await openSettings({
      'tools.overview': () => overview('ready'),
      'tools.setEnabled': () => ({ ok: false, error: { code: 'invalid_input', message: refusal } }),
    });
    await click(toggle());
    expect(toggle().checked).toBe(true);
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(refusal);
  });
});
