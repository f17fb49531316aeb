// @vitest-environment happy-dom
// The sessions sidebar in a wide window: chains as trees, relative times, a search that keeps the
// lineage's names, resizable and collapsible (both remembered).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../renderer/src/App';
import { relativeTime } from '../../renderer/src/lib/format';
import { DEFAULT_SETTINGS, SIDEBAR_WIDTH, type Settings, type SettingsPatch } from '../../shared/settings';
import type { SessionSummary } from '../../shared/session';
import { buttonNamed, byLabel, click, key, render, sessionView, settle, setup, step, summary, type Handlers, type Rendered } from './harness';

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

/** settings.set that keeps what it was told, as the core does. */
function savedSettings(): Handlers {
  let saved: Settings = DEFAULT_SETTINGS;
  return { 'settings.get': () => saved, 'settings.set': (patch: SettingsPatch) => (saved = { ...saved, ...patch }) };
}

const nav = () => document.querySelector('nav[aria-label="Sessions"]')!;
const toolbar = () => document.querySelector('.toolbar')!;

describe('the sidebar', () => {
  const chain: SessionSummary[] = [
    summary('p1', 'Parser work', { createdAt: '2025-01-01T00:00:00.000Z' }),
    summary('p2', 'Parser, continued', { createdAt: '2025-01-02T00:00:00.000Z', parentSession: 'p1', origin: 'handoff' }),
    summary('p3', 'Parser, part 3', { createdAt: '2025-01-03T00:00:00.000Z', parentSession: 'p2', origin: 'handoff' }),
    summary('p2b', 'Parser: errors', { createdAt: '2025-01-04T00:00:00.000Z', parentSession: 'p1', origin: 'handoff' }),
  ];

  it('shows a chain as a tree: each child under its parent, with connector lines', async () => {
    await app({ 'sessions.list': () => chain });
    const rows = [...nav().querySelectorAll('li')].map((li) => ({
      title: li.querySelector('a')?.textContent,
      depth: li.style.getPropertyValue('--depth'),
      guides: [...li.querySelectorAll('.guide')].map((g) => g.className.replace('guide', '').trim() || 'blank'),
    }));
    expect(rows).toEqual([
      { title: 'Parser work', depth: '0', guides: [] },
      { title: 'Parser, continued', depth: '1', guides: ['tee'] },
      { title: 'Parser, part 3', depth: '2', guides: ['through', 'elbow'] },
      { title: 'Parser: errors', depth: '1', guides: ['elbow'] },
    ]);
  });

  it('a search that filters the parent out still names it', async () => {
    const { store } = await app({
      'sessions.list': ({ query }) => (query ? chain.filter((s) => s.title.includes(query)) : chain),
    });
    await step(() => store.getState().setQuery('part 3'));
    const items = [...nav().querySelectorAll('li')];
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('↳ handed off from Parser, continued');
    expect(items[0]!.textContent).not.toContain('an earlier session');
  });

  it('marks a sync tool’s conflict copy beside its original, and opens the copy by its own id', async () => {
    const { fake } = await app({
      'sessions.list': () => [
        summary('s1', 'Trip plan'),
        summary('s1~3f2a9c0d11', 'Trip plan', { copy: "Studio Mac's conflicted copy 2026-01-01" }),
      ],
    });
    const items = [...nav().querySelectorAll('li')];
    expect(items).toHaveLength(2);
    const copy = items.find((li) => li.textContent?.includes('copy: '))!;
    expect(copy.textContent).toContain("· copy: Studio Mac's conflicted copy 2026-01-01");
    expect(items.filter((li) => li.textContent?.includes('copy: '))).toHaveLength(1);
    await step(() => click(copy.querySelector('a')!));
    expect(fake.callsTo('sessions.open').at(-1)).toEqual({ id: 's1~3f2a9c0d11' });
  });

  it('says how long ago each session was active', async () => {
    await app({ 'sessions.list': () => [summary('a', 'Recent', { updatedAt: new Date(Date.now() - 2 * 60_000).toISOString() })] });
    expect(nav().querySelector('time')?.textContent).toBe('2 min. ago');
    const now = new Date(2025, 5, 10, 15, 0);
    expect(relativeTime(new Date(2025, 5, 10, 14, 59, 40).toISOString(), now)).toBe('just now');
    expect(relativeTime(new Date(2025, 5, 10, 12, 0).toISOString(), now)).toBe('3 hr. ago');
    expect(relativeTime(new Date(2025, 5, 9, 23, 0).toISOString(), now)).toBe('yesterday');
    expect(relativeTime(new Date(2025, 5, 6, 9, 0).toISOString(), now)).toBe('4 days ago');
  });

  it('is resized from the keyboard on its edge, and the width is saved as a setting', async () => {
    const { fake } = await app(savedSettings());
    const edge = document.querySelector<HTMLElement>('[role="separator"][aria-label="Resize sessions"]')!;
    expect(edge.getAttribute('aria-valuenow')).toBe(String(SIDEBAR_WIDTH.default));
    await key(edge, 'ArrowRight');
    await key(edge, 'Home');
    expect(fake.callsTo('settings.set')).toEqual([{ sidebarWidth: SIDEBAR_WIDTH.default + 16 }, { sidebarWidth: SIDEBAR_WIDTH.min }]);
    expect(edge.getAttribute('aria-valuenow')).toBe(String(SIDEBAR_WIDTH.min));
    expect(document.querySelector<HTMLElement>('.layout')!.style.getPropertyValue('--sidebar-width')).toBe(`${SIDEBAR_WIDTH.min}px`);
  });

  it('collapses and comes back with the Sessions button (remembered); Ctrl+K brings it back to search', async () => {
    const { fake } = await app(savedSettings());
    const toggle = buttonNamed(toolbar(), 'Sessions')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await click(toggle);
    expect(fake.callsTo('settings.set')).toEqual([{ sidebarCollapsed: true }]);
    expect(document.querySelector('.layout')!.classList.contains('sidebar-collapsed')).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.querySelector('[role="separator"]')).toBeNull();
    await key(window, 'k', { ctrlKey: true });
    expect(fake.callsTo('settings.set')).toEqual([{ sidebarCollapsed: true }, { sidebarCollapsed: false }]);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  describe('from the keyboard', () => {
    const listed = [summary('a', 'Alpha notes'), summary('b', 'Beta plans'), summary('c', 'Gamma ideas')];
    /** Focus moves a frame or more after the key (the list may scroll first): waited for, not timed. */
    const focusMoves = (to: () => Element | null) => vi.waitFor(() => expect(document.activeElement).toBe(to()));
    const link = (title: string) => [...nav().querySelectorAll<HTMLElement>('a.session-open')].find((a) => a.textContent === title)!;
    const searchBox = () => byLabel(document, 'Search sessions') as HTMLInputElement;
    const composer = () => byLabel(document, 'Message');
    const handlers = (): Handlers => ({
      'sessions.list': ({ query }) => (query ? listed.filter((s) => s.title.toLowerCase().includes(query.toLowerCase())) : listed),
      'sessions.open': ({ id }) => sessionView({ id }),
    });

    it('has one Tab stop per session: its link; the arrows go between sessions and through its buttons', async () => {
      await app(handlers());
      const row = link('Alpha notes').closest('li')!;
      expect([...row.querySelectorAll('button')].map((b) => [b.getAttribute('aria-label'), b.tabIndex])).toEqual([
        ['Open in new window', -1],
        ['Rename session', -1],
        ['Delete session', -1],
      ]);
      link('Alpha notes').focus();
      await key(document.activeElement!, 'ArrowDown');
      await focusMoves(() => link('Beta plans'));
      await key(document.activeElement!, 'ArrowRight');
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Open in new window');
      await key(document.activeElement!, 'ArrowRight');
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Rename session');
      await key(document.activeElement!, 'ArrowLeft');
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Open in new window');
      await key(document.activeElement!, 'Escape');
      expect(document.activeElement).toBe(link('Beta plans'));
      await key(document.activeElement!, 'End');
      await focusMoves(() => link('Gamma ideas'));
      await key(document.activeElement!, 'Home');
      await focusMoves(() => link('Alpha notes'));
      await key(document.activeElement!, 'ArrowUp');
      await focusMoves(() => searchBox());
    });

    it('↓ in the search box goes to the first result, Enter opens it and the composer takes focus; the header keeps its title', async () => {
      const { fake, store } = await app(handlers());
      await click(link('Beta plans'));
      await focusMoves(() => composer());
      expect(document.querySelector('h1')?.textContent).toBe('Beta plans');
      await step(() => store.getState().setQuery('gamma'));
      // The search left the session shown out of the list: the header still names it.
      expect(document.querySelector('h1')?.textContent).toBe('Beta plans');
      searchBox().focus();
      await key(searchBox(), 'ArrowDown');
      await focusMoves(() => link('Gamma ideas'));
      searchBox().focus();
      await key(searchBox(), 'Enter');
      await vi.waitFor(() => expect(fake.callsTo('sessions.open').at(-1)).toEqual({ id: 'c' }));
      expect(document.activeElement).toBe(composer());
      expect(document.querySelector('h1')?.textContent).toBe('Gamma ideas');
    });

    it('the first Tab stop of the page is a link to the message box', async () => {
      await app(handlers());
      const first = document.querySelector<HTMLElement>('a[href], button, input, textarea, select, [tabindex]:not([tabindex="-1"])')!;
      expect(first.textContent).toBe('Skip to message box');
      await click(first);
      await focusMoves(() => composer());
    });
  });
});

