// @vitest-environment happy-dom
// The model pickers and the context meter follow the core's model catalog (SPEC §3 "Models").
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { FALLBACK_MODELS, type ModelInfo } from '../../shared/models';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { buttonNamed, byLabel, click, render, sessionView, settle, setup, step, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const BIG: ModelInfo = { id: 'claude-big-6', displayName: 'Claude Big 6', contextWindow: 1_000_000, maxOutputTokens: 128_000, thinking: { adaptive: true, budget: true } };

async function app(handlers: Handlers = {}) {
  const ctx = await setup(handlers, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

const toolbarPicker = () => byLabel(document.querySelector('header') ?? document, 'Model') as HTMLSelectElement;
const options = (select: HTMLSelectElement) => [...select.options].map((o) => [o.value, o.textContent]);
const meter = () => document.querySelector('.statusline')?.textContent ?? '';

describe('model pickers', () => {
  it('offer the catalog by display name, keeping a custom model id the user set', async () => {
    await app({
      'models.list': () => [BIG, ...FALLBACK_MODELS],
      'settings.get': () => ({ ...DEFAULT_SETTINGS, model: 'my-custom-model' }),
      'sessions.open': () => sessionView({ model: 'my-custom-model' }),
    });
    const picker = toolbarPicker();
    expect(picker.value).toBe('my-custom-model');
    expect(options(picker)).toEqual([
      ['my-custom-model', 'my-custom-model'],
      ['claude-big-6', 'Claude Big 6'],
      ['claude-sonnet-5-5', 'Claude Sonnet 5.5'],
      ['claude-opus-5-5', 'Claude Opus 5.5'],
      ['claude-haiku-5-5', 'Claude Haiku 5.5'],
    ]);

    await click(buttonNamed(document, 'Settings'));
    const handoff = byLabel(document.querySelector('[role="dialog"]')!, 'Handoff model') as HTMLSelectElement;
    expect(options(handoff).map(([, label]) => label)).toEqual(['Same as the chat model', 'Claude Big 6', 'Claude Sonnet 5.5', 'Claude Opus 5.5', 'Claude Haiku 5.5']);
  });

  it('take a changed list from models_changed, and the meter measures against the chosen model\'s window', async () => {
    const { fake, store } = await app({ 'sessions.open': () => sessionView({ contextTokens: 100_000 }) });
    expect(options(toolbarPicker()).map(([, label]) => label)).toEqual(FALLBACK_MODELS.map((m) => m.displayName));
    expect(meter()).toContain('Context 100k / 200k (50%)');

    await step(() => fake.emit({ type: 'models_changed', models: [BIG, ...FALLBACK_MODELS] }));
    expect(options(toolbarPicker())[0]).toEqual(['claude-big-6', 'Claude Big 6']);
    expect(meter()).toContain('Context 100k / 200k (50%)'); // the session's model has not changed

    await step(() => store.getState().updateSettings({ model: 'claude-big-6' }));
    expect(toolbarPicker().value).toBe('claude-big-6');
    expect(meter()).toContain('Context 100k / 1M (10%)');
  });

  it('a session view of a 1M model shows its window', async () => {
    await app({ 'models.list': () => [BIG], 'sessions.open': () => sessionView({ model: 'claude-big-6', contextWindow: 1_000_000, contextTokens: 250_000 }) });
    expect(meter()).toContain('Context 250k / 1M (25%)');
  });
});

describe('status line', () => {
  it('counts cached input apart', async () => {
    const { fake } = await app();
    expect(meter()).toContain('Tokens 0 in · 0 out');
    const usage = { input_tokens: 12_300, output_tokens: 456, cache_read_input_tokens: 9_800, cache_creation_input_tokens: 2_000 };
    const message = { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Hi' }], usage };
    await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message, entry: { type: 'message', id: 'e1', parentId: null, timestamp: '2026-01-01T00:00:00Z', message } }));
    expect(meter()).toContain('Tokens 12k in (9.8k cached) · 456 out');
  });
});
