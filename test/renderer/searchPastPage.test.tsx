// @vitest-environment happy-dom
// A search result past the first page names no message (the core picks the best message only for the
// results shown first): opening it asks the core for its match with the query typed, and opens there.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import type { SessionEntry } from '../../shared/session';
import { byLabel, click, messageEntry, render, sessionView, settle, setup, summary, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const entries = (...texts: string[]): SessionEntry[] => texts.map((text, i) => messageEntry(i % 2 ? 'assistant' : 'user', text));

describe('a message match past the first page', () => {
  it('opens at the message sessions.match names for the query', async () => {
    const old = entries('first', 'dawen and verpantu', 'later');
    const ctx = await setup(
      {
        'sessions.list': ({ query }: { query?: string }) => (query ? [{ ...summary('s9', 'Far down'), match: {} }] : [summary('s9', 'Far down')]),
        'sessions.match': () => ({ entryId: old[1]!.id }),
        'sessions.open': () => sessionView({ id: 's9', entries: old }),
      },
      { init: false },
    );
    view = await render(<App />, ctx.store);
    await settle();
    await type(byLabel(document, 'Search sessions') as HTMLInputElement, 'dawen verpantu');
    await click(document.querySelector<HTMLAnchorElement>('nav a')!);
    expect(ctx.fake.callsTo('sessions.match')).toEqual([{ id: 's9', query: 'dawen verpantu' }]);
    expect(ctx.fake.callsTo('sessions.open').at(-1)).toEqual({ id: 's9' });
    expect(ctx.store.getState().chat.target?.key).toBe(old[1]!.id);
  });

  it('a session that no longer matches opens as it is', async () => {
    const ctx = await setup(
      {
        'sessions.list': ({ query }: { query?: string }) => (query ? [{ ...summary('s9', 'Far down'), match: {} }] : [summary('s9', 'Far down')]),
        'sessions.match': () => null,
        'sessions.open': () => sessionView({ id: 's9', entries: entries('first') }),
      },
      { init: false },
    );
    view = await render(<App />, ctx.store);
    await settle();
    await type(byLabel(document, 'Search sessions') as HTMLInputElement, 'gone');
    await click(document.querySelector<HTMLAnchorElement>('nav a')!);
    expect(ctx.fake.callsTo('sessions.open').at(-1)).toEqual({ id: 's9' });
    expect(ctx.store.getState().chat.target).toBeFalsy();
  });
});
