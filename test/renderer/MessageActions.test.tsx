// @vitest-environment happy-dom
// Message actions (SPEC §5) as the user meets them: the buttons under each message, what each asks the
// main process for, and how the chat follows the branch shown. Also Escape and the queued messages.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BatonEvent } from '../../shared/contract';
import type { SessionEntry } from '../../shared/session';
import { HANDOFF_PROMPT_OPENING } from '../../shared/sessionFormat';
import { texts as sharedTexts } from '../../shared/texts';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import { Composer } from '../../renderer/src/components/composer/Composer';
import { QueuedMessages } from '../../renderer/src/components/composer/QueuedMessages';
import {
  blocksEntry,
  buttonNamed,
  byLabel,
  click,
  key,
  messageEntry,
  outcomeEntry,
  render,
  sessionView,
  setup,
  step,
  stubLayout,
  type,
  type Handlers,
  type Rendered,
} from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());
beforeAll(stubLayout);

async function chat(entries: SessionEntry[], extra: Parameters<typeof sessionView>[0] = {}, handlers: Handlers = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries, ...extra }), ...handlers });
  view = await render(<ChatView />, ctx.store);
  return { ...ctx, container: view.container };
}

/** The row (message and its actions) that shows `text`. */
function row(container: HTMLElement, text: string): HTMLElement {
  const found = [...container.querySelectorAll<HTMLElement>('[data-testid="message-row"]')].find((r) => r.textContent?.includes(text));
  if (!found) throw new Error(`no row with "${text}"`);
  return found;
}

const texts = (container: HTMLElement) => [...container.querySelectorAll('[data-testid="message"]')].map((m) => m.querySelector('p, .markdown')?.textContent);

describe('the actions of a message', () => {
  it('Copy message copies the message as Markdown', async () => {
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void (copied = t) } });
    const reply = messageEntry('assistant', 'Use **this**:');
    if (reply.type === 'message') reply.message.content.push({ type: 'text', text: '```ts\nconst a = 1;\n```' });
    const { container } = await chat([messageEntry('user', 'How?'), reply]);
    await click(buttonNamed(row(container, 'Use'), 'Copy message'));
    expect(copied).toBe('Use **this**:\n\n```ts\nconst a = 1;\n```');
  });

  it('a session that can only be read here offers Copy message alone, and its composer is off, saying so', async () => {
    const why = sharedTexts.sessionReadOnlyElsewhere('studio-mac');
    const ctx = await setup({ 'sessions.open': () => sessionView({ entries: [messageEntry('user', 'Plan it'), messageEntry('assistant', 'Here is the plan.')], readOnlyReason: why }) });
    view = await render(
      <>
        <ChatView />
        <Composer />
      </>,
      ctx.store,
    );
    const reply = row(view.container, 'Here is the plan.');
    expect(buttonNamed(reply, 'Copy message')).not.toBeNull();
    for (const name of ['Regenerate', 'Pin for handoff']) expect(buttonNamed(reply, name)).toBeNull();
    expect(buttonNamed(row(view.container, 'Plan it'), 'Edit message')).toBeNull();
    const box = byLabel(view.container, 'Message') as HTMLTextAreaElement;
    expect(box.disabled).toBe(true);
    expect(box.placeholder).toBe('This session can only be read here');
    expect((buttonNamed(view.container, 'Send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a reply with no text to copy (only a tool call) offers no Copy message', async () => {
    const call = blocksEntry('assistant', [{ type: 'tool_use', id: 'toolu_1', name: 'todo_write', input: { todos: [] } }]);
    const { container } = await chat([messageEntry('user', 'Plan it'), call]);
    const rows = [...container.querySelectorAll<HTMLElement>('[data-testid="message-row"]')];
    expect(rows).toHaveLength(2);
    expect(buttonNamed(rows[1]!, 'Copy message')).toBeNull();
    expect(buttonNamed(rows[1]!, 'Regenerate')).not.toBeNull();
  });

  it('a message of files alone is shown, with Retry while unanswered; editing a message keeps its files in view', async () => {
    const image = { type: 'image' as const, name: 'chart.png', source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'iVBORw0KGgo=' } };
    const filesAlone = blocksEntry('user', [image]);
    const withText = blocksEntry('user', [image, { type: 'text', text: 'What is this?' }]);
    const { container, fake } = await chat([withText, messageEntry('assistant', 'A chart.'), filesAlone]);
    const rows = [...container.querySelectorAll<HTMLElement>('[data-testid="message-row"]')];
    expect(rows).toHaveLength(3);
    expect(rows[2]!.querySelector('img')?.getAttribute('alt')).toBe('chart.png');
    await click(buttonNamed(rows[2]!, 'Retry'));
    expect(fake.callsTo('chat.regenerate')).toEqual([{ sessionId: 's1', entryId: filesAlone.id }]);

    await click(buttonNamed(row(container, 'What is this?'), 'Edit message'));
    expect((byLabel(container, 'Edit message') as HTMLTextAreaElement).value).toBe('What is this?');
    expect(rows[0]!.querySelector('img')?.getAttribute('alt')).toBe('chart.png');
  });

  it('a user message has Edit message, a reply has Regenerate, neither has the other', async () => {
    const { container } = await chat([messageEntry('user', 'Question'), messageEntry('assistant', 'Answer')]);
    expect(buttonNamed(row(container, 'Question'), 'Edit message')).not.toBeNull();
    expect(buttonNamed(row(container, 'Question'), 'Regenerate')).toBeNull();
    expect(buttonNamed(row(container, 'Answer'), 'Regenerate')).not.toBeNull();
    expect(buttonNamed(row(container, 'Answer'), 'Edit message')).toBeNull();
    expect(buttonNamed(container, 'Retry')).toBeNull();
  });

  it('Edit message opens the text in a box; Save and send sends it as an edit of that message', async () => {
    const question = messageEntry('user', 'Old question');
    const { container, fake } = await chat([question, messageEntry('assistant', 'Answer')]);
    await click(buttonNamed(row(container, 'Old question'), 'Edit message'));
    const box = byLabel(container, 'Edit message') as HTMLTextAreaElement;
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.value).toBe('Old question');
    expect(document.activeElement).toBe(box);
    await type(box, 'New question');
    await click(buttonNamed(container, 'Save and send'));
    expect(fake.callsTo('chat.edit')).toEqual([{ sessionId: 's1', entryId: question.id, text: 'New question' }]);
    expect(byLabel(container, 'Edit message')?.tagName).not.toBe('TEXTAREA');
  });

  it('Escape and Cancel leave the message as it was; an empty edit cannot be sent', async () => {
    const { container, fake, store } = await chat([messageEntry('user', 'Keep me'), messageEntry('assistant', 'Answer')]);
    const edit = () => buttonNamed(row(container, 'Keep me'), 'Edit message');
    await click(edit());
    await type(byLabel(container, 'Edit message') as HTMLTextAreaElement, '   ');
    expect(buttonNamed(container, 'Save and send')?.disabled).toBe(true);
    await key(byLabel(container, 'Edit message')!, 'Escape');
    expect(store.getState().messageEdit).toBeNull();
    expect(row(container, 'Keep me').querySelector('textarea')).toBeNull();
    expect(document.activeElement).toBe(edit());
    await click(edit());
    await click(buttonNamed(container, 'Cancel'));
    expect(row(container, 'Keep me').querySelector('textarea')).toBeNull();
    expect(fake.callsTo('chat.edit')).toEqual([]);
    expect(fake.callsTo('chat.stop')).toEqual([]); // that Escape was the edit's
  });

  it('a failed edit keeps the draft open and says why', async () => {
    const { container, store } = await chat([messageEntry('user', 'Question')], {}, {
      'chat.edit': () => ({ ok: false, error: { code: 'busy', message: 'Wait for the current response to finish or stop it first.' } }),
    });
    await click(buttonNamed(row(container, 'Question'), 'Edit message'));
    await type(byLabel(container, 'Edit message') as HTMLTextAreaElement, 'Edited');
    await key(byLabel(container, 'Edit message')!, 'Enter');
    expect(store.getState().messageEdit).toMatchObject({ text: 'Edited' });
    expect(store.getState().notices.at(-1)).toMatchObject({ kind: 'error', text: 'Wait for the current response to finish or stop it first.' });
  });

  it('Regenerate asks for a new version of that reply', async () => {
    const reply = messageEntry('assistant', 'Answer');
    const { container, fake } = await chat([messageEntry('user', 'Question'), reply]);
    await click(buttonNamed(row(container, 'Answer'), 'Regenerate'));
    expect(fake.callsTo('chat.regenerate')).toEqual([{ sessionId: 's1', entryId: reply.id }]);
  });

  it('Retry is on a failed or stopped reply, and on a message whose reply never came', async () => {
    const failed = messageEntry('assistant', 'Half', { errorMessage: 'overloaded' });
    const stopped = messageEntry('assistant', 'Cut', { aborted: true });
    const unanswered = messageEntry('user', 'Still waiting');
    const { container, fake } = await chat([messageEntry('user', 'One'), failed, messageEntry('user', 'Two'), stopped, unanswered]);
    expect(buttonNamed(row(container, 'Half'), 'Regenerate')).toBeNull();
    await click(buttonNamed(row(container, 'Half'), 'Retry'));
    await click(buttonNamed(row(container, 'Cut'), 'Retry'));
    await click(buttonNamed(row(container, 'Still waiting'), 'Retry'));
    expect(fake.callsTo('chat.regenerate')).toEqual([{ sessionId: 's1', entryId: failed.id }, { sessionId: 's1', entryId: stopped.id }, { sessionId: 's1', entryId: unanswered.id }]);
    expect(buttonNamed(row(container, 'One'), 'Retry')).toBeNull(); // answered
  });

  it('while a reply streams, only Copy message works', async () => {
    const { container } = await chat([messageEntry('user', 'Question'), messageEntry('assistant', 'Answer')], { isStreaming: true });
    expect(buttonNamed(row(container, 'Question'), 'Edit message')?.disabled).toBe(true);
    expect(buttonNamed(row(container, 'Answer'), 'Regenerate')?.disabled).toBe(true);
    expect(buttonNamed(row(container, 'Answer'), 'Copy message')?.disabled).toBe(false);
    expect(buttonNamed(row(container, 'Question'), 'Retry')).toBeNull();
  });
});

describe('versions', () => {
  const question = messageEntry('user', 'Question');
  const first = messageEntry('assistant', 'First answer');
  const second = messageEntry('assistant', 'Second answer');
  const third = messageEntry('assistant', 'Third answer');
  const ids = [first.id, second.id, third.id];

  it('a message with versions shows "N / M"; Previous version and Next version show the others', async () => {
    const { container, fake } = await chat([question, second], { versions: { [second.id]: ids } }, {
      'sessions.switchBranch': ({ entryId }) => sessionView({ entries: [question, entryId === first.id ? first : third], versions: { [entryId]: ids } }),
    });
    const answer = row(container, 'Second answer');
    expect(answer.querySelector('.version-count')?.textContent).toBe('2 / 3');
    expect(buttonNamed(row(container, 'Question'), 'Previous version')).toBeNull();

    await click(buttonNamed(answer, 'Previous version'));
    expect(fake.callsTo('sessions.switchBranch')).toEqual([{ sessionId: 's1', entryId: first.id }]);
    const shown = row(container, 'First answer');
    expect(shown.querySelector('.version-count')?.textContent).toBe('1 / 3');
    expect(buttonNamed(shown, 'Previous version')?.disabled).toBe(true);
    // The keyboard stays on the switcher: Previous is at its end, so Next has focus.
    await step(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(buttonNamed(shown, 'Next version'));

    await click(buttonNamed(shown, 'Next version'));
    expect(fake.callsTo('sessions.switchBranch')).toEqual([{ sessionId: 's1', entryId: first.id }, { sessionId: 's1', entryId: second.id }]);
  });

  it('the branch_changed event replaces the rows and keeps the queued messages', async () => {
    const { container, fake, store } = await chat([question, first]);
    await step(() => fake.emit({ type: 'queue_changed', sessionId: 's1', steering: ['soon'], followUp: [] }));
    await step(() => fake.emit({ type: 'branch_changed', sessionId: 's1', branch: { entries: [question], firstEntryIndex: 0, versions: {} }, contextTokens: 7 }));
    expect(texts(container)).toEqual(['Question']);
    expect(store.getState().chat.queue.steering).toEqual(['soon']);
    expect(store.getState().session).toMatchObject({ contextTokens: 7, messageCount: 1 });
  });

  it('a saved message that is a new version shows its place among them at once', async () => {
    const { container, fake } = await chat([question]);
    const end: BatonEvent = { type: 'message_end', sessionId: 's1', message: third.type === 'message' ? third.message : { role: 'assistant', content: [] }, entry: third, versions: ids };
    await step(() => fake.emit(end));
    expect(row(container, 'Third answer').querySelector('.version-count')?.textContent).toBe('3 / 3');
  });

  it('a page of older entries fetched for another branch is dropped', async () => {
    let answer: (page: { entries: SessionEntry[]; start: number; versions: Record<string, string[]> }) => void = () => {};
    const { store, fake } = await setup({
      'sessions.open': () => sessionView({ entries: [question, first], firstEntryIndex: 10 }),
      'sessions.entries': () => new Promise((resolve) => (answer = resolve)),
    });
    const loading = store.getState().loadOlderEntries();
    fake.emit({ type: 'branch_changed', sessionId: 's1', branch: { entries: [question, second], firstEntryIndex: 10, versions: {} }, contextTokens: 1 });
    answer({ entries: [messageEntry('user', 'Old branch')], start: 9, versions: {} });
    await loading;
    expect(store.getState().chat.items).toHaveLength(2);
    expect(store.getState().session?.firstEntryIndex).toBe(10);
  });
});

describe('with how replies end, thinking and handoff exchanges', () => {
  it('a cut-off reply offers Continue and Regenerate, a refused one Regenerate; neither is a failure to Retry', async () => {
    const refused = messageEntry('assistant', 'Not that one.', { stopReason: 'refusal' });
    const cut = messageEntry('assistant', 'The first half', { stopReason: 'max_tokens' });
    const { container, fake } = await chat([messageEntry('user', 'One'), refused, messageEntry('user', 'Two'), cut]);
    expect(row(container, 'Not that one.').textContent).toContain(sharedTexts.refusal);
    expect(row(container, 'The first half').textContent).toContain(sharedTexts.cutOff);
    expect(buttonNamed(row(container, 'The first half'), 'Continue')).not.toBeNull();
    expect(buttonNamed(container, 'Retry')).toBeNull();
    await click(buttonNamed(row(container, 'Not that one.'), 'Regenerate'));
    await click(buttonNamed(row(container, 'The first half'), 'Regenerate'));
    expect(fake.callsTo('chat.regenerate')).toEqual([{ sessionId: 's1', entryId: refused.id }, { sessionId: 's1', entryId: cut.id }]);
  });

  it('a new version of a reply that thought shows its Thinking section and its place among the versions; Copy message copies the text', async () => {
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void (copied = t) } });
    const first = messageEntry('assistant', 'First answer');
    const again = blocksEntry('assistant', [
      { type: 'thinking', thinking: 'Weigh it again.', signature: 'sig' },
      { type: 'text', text: 'Second answer' },
    ]);
    const { container, fake } = await chat([messageEntry('user', 'Question'), first]);
    await step(() => fake.emit({ type: 'branch_changed', sessionId: 's1', branch: { entries: [messageEntry('user', 'Question')], firstEntryIndex: 0, versions: {} }, contextTokens: 5 }));
    if (again.type !== 'message') throw new Error('a message entry');
    await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message: again.message, entry: again, versions: [first.id, again.id] }));
    const shown = row(container, 'Second answer');
    expect(buttonNamed(shown, 'Thinking')).not.toBeNull();
    expect(shown.querySelector('.version-count')?.textContent).toBe('2 / 2');
    await click(buttonNamed(shown, 'Copy message'));
    expect(copied).toBe('Second answer');
  });

  it('a branch holding a handoff exchange shows it as one compact row with no message actions; the versions around it switch', async () => {
    const [q1, a1, q2, a2] = [messageEntry('user', 'q1'), messageEntry('assistant', 'a1'), messageEntry('user', 'q2'), messageEntry('assistant', 'a2')];
    const branch: SessionEntry[] = [
      q1,
      a1,
      messageEntry('user', `${HANDOFF_PROMPT_OPENING} and will see nothing of this conversation.`, { purpose: 'handoff' }),
      messageEntry('assistant', '## Goal', { purpose: 'handoff', errorMessage: 'overloaded' }),
      outcomeEntry({ outcome: 'failed', message: 'overloaded' }),
      q2,
      a2,
    ];
    const { container, fake } = await chat([q1, a1], {}, { 'sessions.switchBranch': () => sessionView({ entries: [q1] }) });
    await step(() => fake.emit({ type: 'branch_changed', sessionId: 's1', branch: { entries: branch, firstEntryIndex: 0, versions: { [a1.id]: [a1.id, 'a1b'], [q2.id]: ['q2a', q2.id] } }, contextTokens: 9 }));
    expect(container.querySelectorAll('.handoff-exchange')).toHaveLength(1);
    expect(texts(container)).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(container.querySelector('.handoff-exchange')?.querySelector('[aria-label="Message actions"]')).toBeNull();
    expect(buttonNamed(container, 'Retry')).toBeNull(); // the failed reply is the exchange's, not a message to retry
    expect(row(container, 'a1').querySelector('.version-count')?.textContent).toBe('1 / 2');
    expect(row(container, 'q2').querySelector('.version-count')?.textContent).toBe('2 / 2');
    await click(buttonNamed(row(container, 'q2'), 'Previous version'));
    expect(fake.callsTo('sessions.switchBranch')).toEqual([{ sessionId: 's1', entryId: 'q2a' }]);
  });
});

describe('Escape', () => {
  it('stops a streaming reply when no dialog is open, and not while one is', async () => {
    const { store, fake } = await chat([messageEntry('user', 'Question')], { isStreaming: true });
    await step(() => store.getState().openSettings());
    await step(() => store.getState().escape()); // closes Settings
    expect(store.getState().ui.settingsOpen).toBe(false);
    expect(fake.callsTo('chat.stop')).toEqual([]);
    await step(() => store.getState().escape());
    expect(fake.callsTo('chat.stop')).toEqual([{ sessionId: 's1' }]);
  });
});

describe('queued messages', () => {
  it('can be edited and removed before they are sent', async () => {
    const ctx = await setup();
    view = await render(<QueuedMessages />, ctx.store);
    await step(() => ctx.fake.emit({ type: 'queue_changed', sessionId: 's1', steering: ['steer this'], followUp: ['then this'] }));
    const items = [...view.container.querySelectorAll('li')];
    expect(items.map((li) => li.querySelector('.queued-text')?.textContent)).toEqual(['steer this', 'then this']);

    await click(buttonNamed(items[0]!, 'Edit queued message'));
    const box = byLabel(view.container, 'Edit queued message') as HTMLTextAreaElement;
    expect(box.tagName).toBe('TEXTAREA');
    await type(box, 'steer that');
    await key(box, 'Enter');
    expect(ctx.fake.callsTo('chat.queue.edit')).toEqual([{ sessionId: 's1', queue: 'steering', index: 0, text: 'steer this', newText: 'steer that' }]);

    await click(buttonNamed(view.container.querySelectorAll('li')[1]!, 'Remove queued message'));
    expect(ctx.fake.callsTo('chat.queue.remove')).toEqual([{ sessionId: 's1', queue: 'followUp', index: 0, text: 'then this' }]);

    // Escape drops an edit, and the reply keeps streaming.
    const second = view.container.querySelectorAll('li')[1]!;
    await click(buttonNamed(second, 'Edit queued message'));
    await key(second.querySelector('textarea')!, 'Escape');
    expect(view.container.querySelector('textarea')).toBeNull();
    expect(ctx.fake.callsTo('chat.stop')).toEqual([]);
  });
});
