// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '../../shared/session';
import { sessionView, settle, setup, summary } from './harness';

describe('sessions sidebar', () => {
  it('lists with the query, and an answer that arrives late never replaces a newer one', async () => {
    const answers: ((rows: SessionSummary[]) => void)[] = [];
    const { store, fake } = await setup();
    fake.on({ 'sessions.list': () => new Promise<SessionSummary[]>((resolve) => answers.push(resolve)) });
    store.getState().setQuery('ap');
    store.getState().setQuery('apple');
    expect(fake.callsTo('sessions.list').slice(-2)).toEqual([{ query: 'ap' }, { query: 'apple' }]);
    answers[1]!([summary('a', 'Apple')]);
    await settle();
    answers[0]!([summary('a', 'Apple'), summary('b', 'Apricot')]);
    await settle();
    expect(store.getState().sidebar.summaries.map((s) => s.title)).toEqual(['Apple']);
  });

  it('reloads on sessions_changed', async () => {
    let rows = [summary('a', 'One')];
    const { store, fake } = await setup({ 'sessions.list': () => rows });
    rows = [summary('a', 'One'), summary('b', 'Two')];
    fake.emit({ type: 'sessions_changed' });
    await settle();
    expect(store.getState().sidebar.summaries).toHaveLength(2);
  });

  it('renames once (Enter then blur), showing the new title at once', async () => {
    const { store, fake } = await setup({ 'sessions.list': () => [summary('s1', 'Old')], 'sessions.rename': () => ({ ok: true }) });
    store.getState().startRename('s1');
    const first = store.getState().renameSession('s1', ' New title ');
    expect(store.getState().sidebar.summaries[0]?.title).toBe('New title');
    await store.getState().renameSession('s1', 'New title'); // the blur after Enter
    await first;
    expect(fake.callsTo('sessions.rename')).toEqual([{ id: 's1', title: 'New title' }]);
  });

  it('a refused rename alerts and restores the listed title', async () => {
    const { store, fake } = await setup({
      'sessions.list': () => [summary('x', 'Old')],
      'sessions.rename': () => ({ ok: false, error: { code: 'busy', message: 'Open the session to rename it' } }),
    });
    store.getState().startRename('x');
    await store.getState().renameSession('x', 'New');
    await settle();
    expect(store.getState().sidebar.summaries[0]?.title).toBe('Old');
    expect(store.getState().notices.map((n) => n.text)).toEqual(['Open the session to rename it']);
    expect(fake.callsTo('sessions.rename')).toHaveLength(1);
  });

  it('deletes only after confirmation', async () => {
    const { store, fake } = await setup({ 'sessions.list': () => [summary('a', 'A'), summary('b', 'B')], 'sessions.delete': () => ({ ok: true }) });
    store.getState().requestDelete('b');
    expect(store.getState().sidebar.pendingDelete?.id).toBe('b');
    expect(fake.callsTo('sessions.delete')).toHaveLength(0);
    store.getState().escape(); // Escape cancels the confirmation
    expect(store.getState().sidebar.pendingDelete).toBeNull();
    store.getState().requestDelete('b');
    await store.getState().confirmDelete();
    expect(fake.callsTo('sessions.delete')).toEqual([{ id: 'b' }]);
    expect(store.getState().sidebar.summaries.map((s) => s.id)).toEqual(['a']);
  });

  it('menu commands: new session and search', async () => {
    const { store, fake } = await setup({ 'sessions.new': () => sessionView({ id: 'fresh' }) });
    fake.emit({ type: 'menu', command: 'new-session' });
    await settle();
    expect(store.getState().session?.header.id).toBe('fresh');
    fake.emit({ type: 'menu', command: 'search-sessions' });
    expect(store.getState().ui.focus.search).toBe(1);
  });
});
