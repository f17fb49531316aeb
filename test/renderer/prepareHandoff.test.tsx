// @vitest-environment happy-dom
// Settings → "Prepare the handoff in advance" (docs/handoff.md): off by default, its cost said under it
// with the threshold it follows, and saved when ticked.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { buttonNamed, byLabel, click, render, settle, setup, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe('the setting', () => {
  it('is off by default, says what it costs past the threshold, and saves each change', async () => {
    const ctx = await setup({ 'settings.get': () => ({ ...DEFAULT_SETTINGS, contextThreshold: 0.6 }) }, { init: false });
    view = await render(<App />, ctx.store);
    await settle();
    await click(buttonNamed(document, 'Settings'));
    const box = byLabel(document, 'Prepare the handoff in advance') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Costs an extra request after each reply past 60 % of context (after the first, mostly read from the prompt cache); Hand off then starts the new session at once.',
    );

    await click(box);
    expect(ctx.fake.callsTo('settings.set')).toEqual([{ prepareHandoff: true }]);
    expect(box.checked).toBe(true);
    await click(box);
    expect(ctx.fake.callsTo('settings.set').at(-1)).toEqual({ prepareHandoff: false });
    expect(box.checked).toBe(false);
  });
});
