// @vitest-environment happy-dom
// Search results in the sidebar (snippets, opening at the match, the indexing note) and Find in session
// (the matches, the count, stepping, loading older messages, the bar and its keys).
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import { ChatRow } from '../../renderer/src/components/chat/ChatRow';
import { findMatches, findNeedle } from '../../renderer/src/lib/find';
import { rangesIn } from '../../renderer/src/lib/findRanges';
import { buildChat } from '../../renderer/src/store/chatItems';
import { currentIndex, selectFindMatches } from '../../renderer/src/store/findSlice';
import type { BatonStore } from '../../renderer/src/store';
import type { SessionHit } from '../../shared/search';
import type { SessionEntry } from '../../shared/session';
import { byLabel, buttonNamed, click, key, messageEntry, render, sessionView, settle, setup, step, summary, type, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

async function app(handlers = {}) {
  const ctx = await setup(handlers, { init: false });
  view = await render(<App />, ctx.store);
  await settle();
  return ctx;
}

const hit = (id: string, title: string, entryId: string, text: string, highlights: [number, number][]): SessionHit => ({
  ...summary(id, title),
  match: { entryId, snippet: { text, highlights } },
});

const entries = (...texts: string[]): SessionEntry[] => texts.map((text, i) => messageEntry(i % 2 ? 'assistant' : 'user', text));

const status = () => document.querySelector('.find-count')?.textContent;
const shown = (store: BatonStore) => currentIndex(store.getState(), selectFindMatches(store.getState()));

describe('findMatches', () => {
  it('counts every occurrence, newest first, ignoring case and accents', () => {
    const { items } = buildChat(entries('Crème brûlée?', 'CREME brulee is a dessert; creme anglaise is a sauce.', 'No creme here… wait, crème.'));
    const matches = findMatches(items, 'crème');
    expect(matches.map((m) => [m.index, m.occurrence])).toEqual([
      [2, 1],
      [2, 0],
      [1, 1],
      [1, 0],
      [0, 0],
    ]);
    expect(findMatches(items, '   ')).toEqual([]);
    expect(findMatches(items, 'brûlée dessert')).toEqual([]); // the text as typed, not words anywhere
  });

  it('looks through handoff documents and notes as the chat shows them', () => {
    const { items } = buildChat([
      { type: 'custom_message', id: 'h', parentId: null, timestamp: '', customType: 'handoff', content: '<handoff-context>\n## Goal\nShip the walrus\n</handoff-context>', display: true },
      // A session's first model_change only records its model; the second is the change the chat notes.
      { type: 'model_change', id: 'm0', parentId: 'h', timestamp: '', model: 'first-model' },
      messageEntry('user', 'Hello'),
      { type: 'model_change', id: 'm', parentId: 'h', timestamp: '', model: 'walrus-model' },
      messageEntry('user', 'Again'),
    ]);
    expect(findMatches(items, 'walrus').map((m) => m.key)).toEqual(['m', 'h']);
  });
});

describe('the count and the highlights', () => {
  const reply = [
    '## Mango plan',
    '',
    'A **ripe mango** beats a [mango smoothie](https://mango.example.com/mango).',
    '',
    '- Peel the `mango`',
    '- Slice *the* mango',
    '',
    '```mango',
    'cut(mango) // mango',
    '```',
  ].join('\n');

  it('agree: matches are counted in the text the chat shows, not in the Markdown source', async () => {
    const { store } = await setup();
    const chat = buildChat([messageEntry('assistant', reply), messageEntry('user', 'What about **mango** as typed?')]);
    view = await render(
      <div>
        {chat.items.map((item) => (
          <div key={item.key} className="chat-row">
            <ChatRow item={item} />
          </div>
        ))}
      </div>,
      store,
    );
    const rows = [...view.container.querySelectorAll<HTMLElement>('.chat-row')];
    for (const query of ['mango', 'ripe mango', 'the mango', 'mango smoothie', 'cut(mango)', '**mango**', 'example']) {
      const highlighted = rows.map((row) => rangesIn(row, findNeedle(query)).map((r) => r.toString().toLowerCase()));
      const counted = chat.items.map((item) => findMatches([item], query).length);
      expect(highlighted.map((ranges) => ranges.length), query).toEqual(counted);
      for (const ranges of highlighted) for (const text of ranges) expect(text).toBe(query.toLowerCase());
    }
    // The Markdown source's URL, fence line and stars are not text the reader sees; the user's stars are.
    expect(findMatches(chat.items, 'mango').length).toBe(8);
    expect(findMatches(chat.items, '**mango**').map((m) => m.index)).toEqual([1]);
  });
});

describe('the count and the highlights, in formulas and diagrams', () => {
  it('agree: a formula is found by its TeX source, a match in it marks the whole formula, prices are text', async () => {
    const reply = ['The area is $\\pi r^2$, for $5 or $10.', '', '$$', 'A = \\pi r^2', '$$', '', '```mermaid', 'graph TD', '  Circle --> Area', '```'].join('\n');
    const { store } = await setup();
    const chat = buildChat([messageEntry('assistant', reply), messageEntry('user', 'So $\\pi r^2$ it is')]);
    view = await render(
      <div>
        {chat.items.map((item) => (
          <div key={item.key} className="chat-row">
            <ChatRow item={item} />
          </div>
        ))}
      </div>,
      store,
    );
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && document.querySelectorAll('.math').length < 2) await settle();
    const rows = [...view.container.querySelectorAll<HTMLElement>('.chat-row')];
    const formulas = [...rows[0]!.querySelectorAll('.math')];
    expect(formulas).toHaveLength(2);
    for (const query of ['pi r^2', 'A = \\pi', '$', 'Circle --> Area', 'area']) {
      const counted = chat.items.map((item) => findMatches([item], query).length);
      expect(rows.map((row) => rangesIn(row, findNeedle(query)).length), query).toEqual(counted);
    }
    expect(findMatches(chat.items, 'pi r^2').map((m) => m.index)).toEqual([1, 0, 0]);
    expect(findMatches(chat.items, '$').map((m) => m.index)).toEqual([1, 1, 0, 0]); // the user's dollars as typed, the reply's prices
    // Each match in the reply's formulas marks the whole typeset formula.
    const marked = rangesIn(rows[0]!, findNeedle('pi r^2')).map((range) => range.startContainer.childNodes[range.startOffset]);
    expect(marked).toEqual(formulas);
  });
});

describe('Find in session', () => {
  it('opens with CmdOrCtrl+F, counts matches, steps with Enter / Shift+Enter and the buttons, and closes with Escape', async () => {
    const { store } = await app({ 'sessions.open': () => sessionView({ entries: entries('apple pie', 'an apple a day', 'APPLE!') }) });
    await key(window, 'f', { ctrlKey: true });
    const findBox = () => document.querySelector<HTMLInputElement>('input[aria-label="Find in session"]');
    const box = findBox()!;
    expect(box).not.toBeNull();
    await type(box, 'apple');
    await step(() => new Promise((r) => setTimeout(r, 200))); // the pause after typing
    expect(status()).toBe('1 of 3');
    expect(store.getState().find.current?.key).toBe(store.getState().chat.items[2]!.key);

    await key(box, 'Enter');
    expect(status()).toBe('2 of 3');
    await key(box, 'Enter');
    await key(box, 'Enter');
    expect(status()).toBe('1 of 3'); // wrapped around
    await key(box, 'Enter', { shiftKey: true });
    expect(status()).toBe('3 of 3');
    await click(buttonNamed(document, 'Newer match'));
    expect(status()).toBe('2 of 3');
    await click(buttonNamed(document, 'Older match'));
    expect(status()).toBe('3 of 3');

    await type(box, 'pear');
    await key(box, 'Enter'); // Enter before the pause looks for it at once
    expect(status()).toBe('No matches');
    expect(buttonNamed(document, 'Newer match')?.disabled).toBe(true);

    await key(box, 'Escape');
    expect(findBox()).toBeNull();
    expect(store.getState().find.open).toBe(false);
  });

  it('steps past the oldest loaded match by loading older messages, then wraps around', async () => {
    const older = entries('needle in the oldest', 'hay', 'hay', 'a needle again');
    const newer = entries('needle of today', 'hay');
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ entries: newer, firstEntryIndex: older.length }),
      'sessions.entries': ({ end, limit }) => ({ entries: older.slice(Math.max(0, end - limit), end), start: Math.max(0, end - limit), versions: {} }),
    });
    store.getState().openFind();
    store.getState().setFindQuery('needle');
    expect(selectFindMatches(store.getState())).toHaveLength(1);
    await step(() => store.getState().findStep('older'));
    expect(fake.callsTo('sessions.entries')).toEqual([{ id: 's1', end: 4, limit: 5000 }]);
    expect(selectFindMatches(store.getState())).toHaveLength(3);
    expect(shown(store)).toBe(1);
    expect(store.getState().find.current?.key).toBe(older[3]!.id);
    await step(() => store.getState().findStep('older'));
    await step(() => store.getState().findStep('older'));
    expect(shown(store)).toBe(0); // nothing older left: back to the newest
    expect(fake.callsTo('sessions.entries')).toHaveLength(1);
  });

  it('keeps the shown match while new messages arrive', async () => {
    const { store, fake } = await setup({ 'sessions.open': () => sessionView({ entries: entries('a walrus', 'two walruses') }) });
    store.getState().openFind();
    store.getState().setFindQuery('walrus');
    await step(() => store.getState().findStep('older'));
    const before = store.getState().find.current;
    fake.emit({ type: 'message_end', sessionId: 's1', message: { role: 'user', content: [{ type: 'text', text: 'walrus three' }] }, entry: messageEntry('user', 'walrus three') });
    await settle();
    expect(store.getState().find.current).toEqual(before);
    expect(shown(store)).toBe(2); // one newer match now comes before it
  });
});

describe('search results', () => {
  it('show the words around the match, marked, and open the session at the matching message', async () => {
    const old = entries('first', 'the quokka answer', 'later');
    const { store, fake } = await app({
      'sessions.list': ({ query }: { query?: string }) => (query ? [hit('s2', 'Animals', old[1]!.id, 'the quokka answer', [[4, 10]])] : [summary('s2', 'Animals')]),
      'sessions.open': () => sessionView({ id: 's2', entries: old }),
    });
    await type(byLabel(document, 'Search sessions') as HTMLInputElement, 'quokka');
    const link = document.querySelector<HTMLAnchorElement>('nav a')!;
    expect(link.getAttribute('aria-label')).toBe('Animals');
    expect(link.querySelector('.session-snippet')?.textContent).toBe('the quokka answer');
    expect([...link.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['quokka']);
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toBe('the quokka answer');

    await click(link);
    expect(fake.callsTo('sessions.open')).toEqual([{}, { id: 's2' }]);
    expect(store.getState().chat.target?.key).toBe(old[1]!.id);
  });

  it('load older entries until the matching message is there', async () => {
    const all = entries('m0', 'the match', 'm2', 'm3', 'm4', 'm5');
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ id: 's2', entries: all.slice(4), firstEntryIndex: 4 }),
      'sessions.entries': ({ end, limit }) => ({ entries: all.slice(Math.max(0, end - limit), end), start: Math.max(0, end - limit), versions: {} }),
    });
    await step(() => store.getState().openSessionAt('s2', all[1]!.id));
    expect(fake.callsTo('sessions.entries')).toEqual([{ id: 's2', end: 4, limit: 5000 }]);
    expect(store.getState().chat.target?.key).toBe(all[1]!.id);
  });

  it('show the version of a message the match is in, when it is not on the branch shown', async () => {
    const [question, shownAnswer, otherAnswer] = entries('q', 'the answer shown', 'the other answer');
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ id: 's2', entries: [question!, shownAnswer!], versions: { [shownAnswer!.id]: [otherAnswer!.id, shownAnswer!.id] } }),
      'sessions.switchBranch': () => sessionView({ id: 's2', entries: [question!, otherAnswer!], versions: { [otherAnswer!.id]: [otherAnswer!.id, shownAnswer!.id] } }),
    });
    await step(() => store.getState().openSessionAt('s2', otherAnswer!.id));
    expect(fake.callsTo('sessions.switchBranch')).toEqual([{ sessionId: 's2', entryId: otherAnswer!.id }]);
    expect(store.getState().chat.items.map((item) => item.key)).toEqual([question!.id, otherAnswer!.id]);
    expect(store.getState().chat.target?.key).toBe(otherAnswer!.id);
    expect(store.getState().notices).toEqual([]);
  });

  it('say so when the message is not among those shown', async () => {
    const { store } = await setup({ 'sessions.open': () => sessionView({ id: 's2', entries: entries('other') }) });
    await step(() => store.getState().openSessionAt('s2', 'gone'));
    expect(store.getState().chat.target).toBeNull();
    expect(store.getState().notices.map((n) => n.text)).toEqual(['The matching message is not among the messages shown.']);
  });

  it('say while the index is being built that older sessions match by title, and search again when it is done', async () => {
    const { fake } = await app();
    await type(byLabel(document, 'Search sessions') as HTMLInputElement, 'walrus');
    const calls = fake.callsTo('sessions.list').length;
    await step(() => fake.emit({ type: 'search_index', indexed: 120, total: 10_000 }));
    expect(document.querySelector('.search-indexing')?.textContent).toContain('120 of 10,000 sessions');
    await step(() => fake.emit({ type: 'search_index', indexed: 10_000, total: 10_000 }));
    expect(document.querySelector('.search-indexing')).toBeNull();
    expect(fake.callsTo('sessions.list').slice(calls)).toEqual([{ query: 'walrus' }]);
  });
});
