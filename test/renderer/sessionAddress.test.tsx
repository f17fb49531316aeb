// @vitest-environment happy-dom
// The page's address names the session shown (SPEC §5 `#session=<id>`): written as sessions are shown,
// read at start, so a reload or another tab at that address shows the same session.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { uiTexts } from '../../renderer/src/texts';
import { memoryAddress, render, sessionView, settle, setup, step, summary, type Handlers, type MemoryAddress, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const title = () => document.querySelector('h1')?.textContent;
const status = () => document.querySelector('[role="status"]')?.textContent ?? '';

/** A core with sessions s1 (where the user left off) and s2; `gone` is not one of them. */
const sessions: Handlers = {
  'sessions.list': () => [summary('s1', 'Latest work'), summary('s2', 'Older work')],
  'sessions.open': ({ id = 's1' }) => (id === 'gone' ? { ok: false, error: { code: 'not_found', message: 'No such session' } } : sessionView({ id })),
};

async function page(address: MemoryAddress) {
  const ctx = await setup(sessions, { init: false, address });
  view?.unmount();
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

describe('the page address', () => {
  it('names the session shown, from the start and as other sessions are opened', async () => {
    const { store, fake, address } = await page(memoryAddress());
    expect(fake.callsTo('sessions.open')).toEqual([{}]); // no address: where the user left off
    expect(address.hash).toBe('#session=s1');
    await step(() => store.getState().openSession('s2'));
    expect(title()).toBe('Older work');
    expect(address.hash).toBe('#session=s2');
  });

  it('a big session that answers after the user went on to another does not take the page back', async () => {
    const { store, fake, address } = await page(memoryAddress());
    let answerBig: (view: ReturnType<typeof sessionView>) => void = () => undefined;
    fake.on({ 'sessions.open': ({ id = 's1' }) => (id === 's2' ? new Promise((resolve) => (answerBig = resolve)) : sessionView({ id })) });
    const big = store.getState().openSession('s2');
    await step(() => store.getState().openSession('s1'));
    answerBig(sessionView({ id: 's2' }));
    await step(() => big);
    expect(title()).toBe('Latest work');
    expect(address.hash).toBe('#session=s1');
  });

  it('a reload (or another tab at that address) shows the session it names', async () => {
    const { store, address } = await page(memoryAddress());
    await step(() => store.getState().openSession('s2'));
    const reloaded = await page(memoryAddress(address.hash));
    expect(reloaded.fake.callsTo('sessions.open')).toEqual([{ id: 's2' }]);
    expect(title()).toBe('Older work');
    expect(status()).toBe('');
  });

  it('an address naming a session that is gone falls back to the latest one, and says so', async () => {
    const { fake, address } = await page(memoryAddress('#session=gone'));
    expect(fake.callsTo('sessions.open')).toEqual([{ id: 'gone' }, {}]);
    expect(title()).toBe('Latest work');
    expect(status()).toContain(uiTexts.addressedSessionGone);
    expect(document.querySelector('[role="alert"]')?.textContent ?? '').toBe('');
    expect(address.hash).toBe('#session=s1');
  });

  it('an address the user types shows that session', async () => {
    const { address } = await page(memoryAddress());
    await step(() => address.go('#session=s2'));
    expect(title()).toBe('Older work');
  });

  it('after a reconnect the view stays on its session', async () => {
    const { store, fake } = await page(memoryAddress());
    await step(() => store.getState().openSession('s2'));
    await step(() => fake.emit({ type: 'connection', state: 'lost' }));
    await step(() => fake.emit({ type: 'connection', state: 'restored' }));
    expect(fake.callsTo('sessions.open').at(-1)).toEqual({ id: 's2' });
    expect(title()).toBe('Older work');
  });
});

describe('the connection', () => {
  it('"Cannot reach the Baton server" goes once the connection is back', async () => {
    let reachable = true;
    const { store, fake } = await page(memoryAddress());
    fake.on({
      'sessions.rename': () => {
        if (!reachable) throw new Error(uiTexts.cannotReachServer);
        return { ok: true };
      },
    });
    reachable = false;
    await step(() => fake.emit({ type: 'connection', state: 'lost' }));
    store.getState().startRename('s1');
    await step(() => store.getState().renameSession('s1', 'New name'));
    expect(document.querySelector('[role="alert"]')?.textContent).toContain(uiTexts.cannotReachServer);
    reachable = true;
    await step(() => fake.emit({ type: 'connection', state: 'restored' }));
    expect(document.querySelector('[role="alert"]')?.textContent ?? '').not.toContain(uiTexts.cannotReachServer);
    expect(status()).not.toContain(uiTexts.connectionLost);
  });
});
