// @vitest-environment happy-dom
// Replies go on in sessions the user has left (SPEC §1, §5): the sidebar shows Generating while one is
// written and New reply once it is done and not yet seen; Open in new window shows a session beside
// this one; deleting a session whose reply runs says that it stops it.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { uiTexts } from '../../renderer/src/texts';
import { buttonNamed, click, render, sessionView, settle, setup, step, summary, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function app(handlers: Handlers = {}) {
  const ctx = await setup(
    {
      'sessions.list': () => [summary('s1', 'Shown work'), summary('s2', 'Other work')],
      'sessions.open': ({ id = 's1' }) => sessionView({ id }),
      ...handlers,
    },
    { init: false },
  );
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

const item = (title: string) =>
  [...document.querySelectorAll<HTMLElement>('nav[aria-label="Sessions"] li')].find((li) => li.querySelector('a')?.title === title)!;
/** The names of the indicators on a session's item. */
const indicators = (title: string) => [...item(title).querySelectorAll('[role="img"]')].map((el) => el.getAttribute('aria-label'));

describe('the sidebar indicators', () => {
  it('Generating while a reply is written in another session, New reply once it stops, gone when opened', async () => {
    const { store, fake } = await app();
    expect(indicators('Other work')).toEqual([]);
    await step(() => fake.emit({ type: 'session_status', sessionId: 's2', running: true }));
    expect(indicators('Other work')).toEqual([uiTexts.generating]);
    expect(indicators('Shown work')).toEqual([]);
    await step(() => fake.emit({ type: 'session_status', sessionId: 's2', running: false }));
    expect(indicators('Other work')).toEqual([uiTexts.newReply]);
    await step(() => store.getState().openSession('s2'));
    expect(indicators('Other work')).toEqual([]);
  });

  it('the session shown gets Generating too, but no New reply: its reply was seen', async () => {
    const { fake } = await app();
    await step(() => fake.emit({ type: 'session_status', sessionId: 's1', running: true }));
    expect(indicators('Shown work')).toEqual([uiTexts.generating]);
    await step(() => fake.emit({ type: 'session_status', sessionId: 's1', running: false }));
    expect(indicators('Shown work')).toEqual([]);
  });

  it('a reply that finished while the page was disconnected shows New reply after the reconnect', async () => {
    let running = ['s1', 's2'];
    const { store } = await app({ 'sessions.running': () => running });
    expect(indicators('Other work')).toEqual([uiTexts.generating]);
    running = [];
    await step(() => store.getState().connectionApplyEvent({ type: 'connection', state: 'restored' }));
    expect(indicators('Other work')).toEqual([uiTexts.newReply]);
    expect(indicators('Shown work')).toEqual([]);
  });

  it('a reply already running when the page opens shows as Generating', async () => {
    await app({ 'sessions.running': () => ['s2'] });
    expect(indicators('Other work')).toEqual([uiTexts.generating]);
  });
});

describe('Open in new window', () => {
  it('web mode: opens a tab at the session’s address; this one stays', async () => {
    const { fake, address } = await app();
    await click(buttonNamed(item('Other work'), 'Open in new window'));
    expect(fake.callsTo('app.openWindow')).toEqual([{ sessionId: 's2' }]);
    expect(address.opened).toEqual(['#session=s2']);
    expect(address.hash).toBe('#session=s1');
    expect(document.querySelector('h1')?.textContent).toBe('Shown work');
  });

  it('desktop: the app opens the window, the page opens no tab', async () => {
    const { fake, address } = await app({ 'app.openWindow': () => ({ opened: true }) });
    await click(buttonNamed(item('Other work'), 'Open in new window'));
    expect(fake.callsTo('app.openWindow')).toEqual([{ sessionId: 's2' }]);
    expect(address.opened).toEqual([]);
  });

  it('a middle click on the item does the same, a plain click opens it here', async () => {
    const { fake, address } = await app();
    const link = item('Other work').querySelector('a')!;
    await step(() => link.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 })));
    expect(address.opened).toEqual(['#session=s2']);
    await click(link);
    expect(fake.callsTo('app.openWindow')).toHaveLength(1);
    expect(document.querySelector('h1')?.textContent).toBe('Other work');
  });
});

describe('deleting a session', () => {
  it('whose reply is being written says that deleting stops it', async () => {
    await app({ 'sessions.running': () => ['s2'] });
    await click(buttonNamed(item('Other work'), 'Delete session'));
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain(uiTexts.deleteStopsRun);
  });

  it('with nothing running does not', async () => {
    await app({ 'sessions.running': () => ['s1'] });
    await click(buttonNamed(item('Other work'), 'Delete session'));
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('“Other work” will be deleted');
    expect(dialog.textContent).not.toContain(uiTexts.deleteStopsRun);
  });
});
