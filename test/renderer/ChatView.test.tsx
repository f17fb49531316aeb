// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import { wrapHandoffDocument } from '../../shared/sessionFormat';
import { HANDOFF_SECTIONS, texts } from '../../shared/texts';
import type { SessionEntry } from '../../shared/session';
import { buttonNamed, click, exchangeEntries, messageEntry, render, sessionView, setup, step, stubLayout, summary, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

beforeAll(stubLayout);

async function chat(entries: SessionEntry[], extra = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries, ...extra }) });
  view = await render(<ChatView />, ctx.store);
  return { ...ctx, container: view.container };
}

const handoffEntry = (): SessionEntry => ({
  type: 'custom_message',
  id: 'h',
  parentId: null,
  timestamp: '',
  customType: 'handoff',
  display: true,
  content: wrapHandoffDocument('## Goal\nOn'),
});

let changeSeq = 0;
const modelChange = (model: string): SessionEntry => ({ type: 'model_change', id: `mc${++changeSeq}`, parentId: null, timestamp: '', model });

const mounted = (root: ParentNode) => root.querySelectorAll('[data-testid="message"]');

describe('ChatView', () => {
  it('opens a 10,000-message session at its end with at most 200 messages mounted', async () => {
    const { container } = await chat(exchangeEntries(5000));
    const rows = mounted(container);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(200);
    expect(rows[rows.length - 1]?.textContent).toContain('Answer 4999');
    expect(container.textContent).not.toContain('Question 0');
  });

  it('scrolling to the top of a huge session loads the older entries', async () => {
    const { container, fake } = await chat(exchangeEntries(50), { firstEntryIndex: 9900 });
    fake.on({ 'sessions.entries': ({ end }) => ({ entries: [messageEntry('user', 'From long ago')], start: end - 1, versions: {} }) });
    expect(fake.callsTo('sessions.entries')).toHaveLength(0);
    const scroller = container.querySelector<HTMLElement>('.chat-scroll')!;
    await step(async () => {
      scroller.scrollTop = 0;
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(fake.callsTo('sessions.entries')).toEqual([{ id: 's1', end: 9900, limit: 1000 }]);
  });

  it('renders Markdown without raw HTML, and marks stopped and failed messages', async () => {
    const { container } = await chat([
      messageEntry('user', 'Use <b>bold</b> here'),
      messageEntry('assistant', 'Some **strong** text <script>alert(1)</script> <b>x</b>', { aborted: true }),
      messageEntry('assistant', 'Partial', { errorMessage: 'overloaded' }),
    ]);
    expect(container.querySelector('strong')?.textContent).toBe('strong');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('Use <b>bold</b> here');
    const flags = [...container.querySelectorAll('.message-flag')].map((f) => f.textContent);
    expect(flags).toEqual(['Stopped', 'Failed: overloaded']);
  });

  it('a link click asks the main process to open it and never navigates', async () => {
    const { container, fake } = await chat([messageEntry('assistant', 'See [docs](https://example.com/docs)')]);
    const link = container.querySelector('a')!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    await step(() => link.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(fake.callsTo('shell.openExternal')).toEqual([{ url: 'https://example.com/docs' }]);
  });

  it('code blocks have a Copy button that copies the code', async () => {
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void (copied = t) } });
    const { container } = await chat([messageEntry('assistant', 'Try:\n\n```ts\nconst a = 1;\n```')]);
    expect(container.querySelector('.code-language')?.textContent).toBe('ts');
    await click(buttonNamed(container, 'Copy'));
    expect(copied).toBe('const a = 1;');
    expect(buttonNamed(container, 'Copied')).not.toBeNull();
  });

  it('shows the streamed text as it arrives, one frame at a time', async () => {
    const { container, fake, frames } = await chat(exchangeEntries(1));
    await step(() => fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } }));
    await step(() => fake.emit({ type: 'message_update', sessionId: 's1', delta: 'Streaming **now**' }));
    expect(container.textContent).not.toContain('Streaming');
    await step(() => frames.flush());
    expect(container.querySelector('.streaming strong')?.textContent).toBe('now');
  });

  it("the handoff card keeps the parent's listed title while a search leaves the parent out", async () => {
    const listed = [summary('parent-id', 'Parser work, renamed'), summary('s1', 'Parser, continued', { parentSession: 'parent-id' })];
    const { fake, store, container } = await chat([handoffEntry()], {
      header: { type: 'session', version: 1, id: 's1', timestamp: '', parentSession: 'parent-id', origin: 'handoff' },
      parentTitle: 'Parser work',
    });
    fake.on({ 'sessions.list': ({ query }) => (query ? listed.filter((s) => s.title.includes(query)) : listed) });
    await step(() => store.getState().loadSessions());
    const line = () => container.querySelector('[aria-label="Handoff context"] .handoff-card-line')?.textContent;
    expect(line()).toContain(texts.continuedFrom('Parser work, renamed'));
    await step(() => store.getState().setQuery('continued'));
    expect(line()).toContain(texts.continuedFrom('Parser work, renamed'));
  });

  it('the handoff card starts as one line (parent, sections, savings), expands to the document, and opens the parent', async () => {
    const handoff: SessionEntry = {
      type: 'custom_message',
      id: 'h',
      parentId: null,
      timestamp: '',
      customType: 'handoff',
      display: true,
      content: '<handoff-context>\n## Goal\nFinish the parser\n</handoff-context>\n\nThe above is a handoff document from a previous session.',
      details: { parentSession: 'parent-id', contextBefore: 152_345, contextAfter: 1_234, trimmedMessages: 0 },
    };
    const { container, fake } = await chat([handoff], {
      header: { type: 'session', version: 1, id: 's1', timestamp: '', parentSession: 'parent-id', origin: 'handoff' },
      parentTitle: 'Parser work',
    });
    fake.on({ 'sessions.open': () => sessionView({ id: 'parent-id' }) });
    const card = container.querySelector('[aria-label="Handoff context"]')!;
    expect(card.querySelector('.handoff-card-line')?.textContent).toBe(
      `Show document${texts.continuedFrom('Parser work')}Missing: Constraints & Preferences, Progress, Key Decisions, Critical Context, Next Steps152k → 1.2k tokensExport document`,
    );
    const body = card.querySelector('.handoff-card-body')!;
    expect(body.hasAttribute('hidden')).toBe(true);
    expect(body.textContent).toContain('Finish the parser');
    expect(card.textContent).not.toContain('The above is a handoff document');

    const toggle = buttonNamed(card, 'Show document')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(body.id);
    await click(toggle);
    expect(body.hasAttribute('hidden')).toBe(false);
    expect(buttonNamed(card, 'Hide document')?.getAttribute('aria-expanded')).toBe('true');

    await click(buttonNamed(card, texts.continuedFrom('Parser work')));
    expect(fake.callsTo('sessions.open')).toEqual([{}, { id: 'parent-id' }]);
  });

  it('a complete document says so; a card from before the savings were kept shows none', async () => {
    const document = HANDOFF_SECTIONS.map((name) => `## ${name}\nText.`).join('\n\n');
    const { container } = await chat([
      { type: 'custom_message', id: 'h', parentId: null, timestamp: '', customType: 'handoff', display: true, content: wrapHandoffDocument(document), details: { contextBefore: 5 } },
    ]);
    const line = container.querySelector('.handoff-card-line')!;
    expect(line.querySelector('.handoff-card-sections')?.textContent).toBe('All six sections');
    expect(line.querySelector('.handoff-card-savings')).toBeNull();
  });

  it('Find in session opens the card when its match is in the document', async () => {
    const { container, store } = await chat([handoffEntry(), ...exchangeEntries(1)]);
    const body = container.querySelector('.handoff-card-body')!;
    expect(body.hasAttribute('hidden')).toBe(true);
    await step(() => {
      store.getState().openFind();
      store.getState().setFindQuery('Answer');
    });
    expect(body.hasAttribute('hidden')).toBe(true); // the match is elsewhere
    await step(() => store.getState().setFindQuery('Goal'));
    expect(body.hasAttribute('hidden')).toBe(false);
  });

  it('a search result that opens the session at the document opens the card', async () => {
    const { container, store } = await chat([handoffEntry(), ...exchangeEntries(1)]);
    await step(() => store.getState().showEntry('h'));
    expect(container.querySelector('.handoff-card-body')?.hasAttribute('hidden')).toBe(false);
  });

  it("a long parent title keeps its whole text in the button's name and tooltip", async () => {
    const long = `A parent session whose title goes on${' and on'.repeat(30)}`;
    const { container } = await chat([handoffEntry()], {
      header: { type: 'session', version: 1, id: 's1', timestamp: '', parentSession: 'p', origin: 'handoff' },
      parentTitle: long,
    });
    const from = buttonNamed(container, texts.continuedFrom(long))!;
    expect(from.title).toBe(texts.continuedFrom(long));
  });

  it('a reopened session does not say its model changed: the first model_change records the model it started with', async () => {
    const { container } = await chat([modelChange('claude-start'), ...exchangeEntries(2)]);
    expect(container.textContent).toContain('Answer 1');
    expect(container.textContent).not.toContain('Model changed');
  });

  it('a model the user switched to shows once, before the first message sent with it', async () => {
    const { container } = await chat([
      modelChange('claude-start'),
      ...exchangeEntries(1),
      modelChange('claude-other'),
      messageEntry('user', 'With the other model'),
      messageEntry('assistant', 'Answered'),
    ]);
    const notes = [...container.querySelectorAll('.chat-note')].map((n) => n.textContent);
    expect(notes).toEqual(['Model changed to claude-other']);
  });

  it('the model is named as the picker names it', async () => {
    const { container } = await chat([modelChange('claude-start'), ...exchangeEntries(1), modelChange('claude-haiku-5-5'), messageEntry('user', 'Quick one')]);
    expect([...container.querySelectorAll('.chat-note')].map((n) => n.textContent)).toEqual(['Model changed to Claude Haiku 5.5']);
  });

  it('a handoff written by the handoff model is no model change, nor is the chat model after it', async () => {
    const { container } = await chat([
      modelChange('claude-chat'),
      ...exchangeEntries(1),
      modelChange('claude-handoff'),
      messageEntry('user', 'This session is being handed off', { purpose: 'handoff' }),
      messageEntry('assistant', '## Goal\nOn', { purpose: 'handoff' }),
      modelChange('claude-chat'),
      messageEntry('user', 'Carry on here'),
      messageEntry('assistant', 'Carrying on'),
    ]);
    expect(container.textContent).toContain('Carrying on');
    expect(container.textContent).not.toContain('Model changed');
  });

  it('a model changed during the session is told live, before the first message sent with it, as on reopening', async () => {
    const { container, fake } = await chat([modelChange('claude-start'), ...exchangeEntries(1)]);
    const notes = () => [...container.querySelectorAll('.chat-note')].map((n) => n.textContent);
    /** A run as the core sends it: the model_change written for it (if any), the prompt, then the reply. */
    const run = async (change: SessionEntry | undefined, prompt: SessionEntry, reply: SessionEntry) => {
      if (change) await step(() => fake.emit({ type: 'entry_added', sessionId: 's1', entry: change }));
      for (const entry of [prompt, reply]) {
        if (entry.type !== 'message') throw new Error('a message entry');
        await step(() => fake.emit({ type: 'message_start', sessionId: 's1', message: entry.message }));
        await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message: entry.message, entry }));
      }
    };
    await run(modelChange('claude-other'), messageEntry('user', 'With the other model'), messageEntry('assistant', 'Answered'));
    expect(notes()).toEqual(['Model changed to claude-other']);
    const rows = [...container.querySelectorAll('.chat-note, [data-testid="message"]')].map((n) => n.textContent ?? '');
    const note = rows.indexOf('Model changed to claude-other');
    expect(rows[note + 1]).toContain('With the other model');
    expect(rows[note - 1]).toContain('Answer 0');

    // A handoff run's own model, and the chat's model recorded again after it, are no change the user made.
    await run(modelChange('claude-handoff'), messageEntry('user', 'This session is being handed off', { purpose: 'handoff' }), messageEntry('assistant', '## Goal\nOn', { purpose: 'handoff' }));
    await run(modelChange('claude-other'), messageEntry('user', 'Carry on here'), messageEntry('assistant', 'Carrying on'));
    expect(container.textContent).toContain('Carrying on');
    expect(notes()).toEqual(['Model changed to claude-other']);
  });

  it('a new session’s first model is no change: nothing is told live either', async () => {
    const { container, fake } = await chat([]);
    await step(() => fake.emit({ type: 'entry_added', sessionId: 's1', entry: modelChange('claude-start') }));
    const prompt = messageEntry('user', 'First words');
    if (prompt.type === 'message') await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message: prompt.message, entry: prompt }));
    expect(container.textContent).toContain('First words');
    expect(container.textContent).not.toContain('Model changed');
  });

  it('a todo_write call reads as a todo update', async () => {
    const call = messageEntry('assistant', '');
    if (call.type === 'message') {
      call.message.content = [{ type: 'tool_use', id: 't', name: 'todo_write', input: { todos: [{ content: 'A', status: 'completed' }, { content: 'B', status: 'pending' }] } }];
    }
    const { container } = await chat([call]);
    expect(container.querySelector('.tool-call summary')?.textContent).toBe('Updated todos: 1 of 2 done · no result');
  });
});
