// @vitest-environment happy-dom
// Small things a user saw (issue 19): each row, hint and figure says what it means once.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StatusLine } from '../../renderer/src/components/app/StatusLine';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import { ThinkingField } from '../../renderer/src/components/settings/ThinkingField';
import type { SessionEntry } from '../../shared/session';
import { HANDOFF_PROMPT_OPENING } from '../../shared/sessionFormat';
import { texts } from '../../shared/texts';
import { blocksEntry, exchangeEntries, messageEntry, outcomeEntry, render, sessionView, setup, step, stubLayout, summary, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});
beforeAll(stubLayout);

async function chat(entries: SessionEntry[], handlers: Handlers = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries }), ...handlers });
  view = await render(<ChatView />, ctx.store);
  return { ...ctx, container: view.container };
}

describe('a todo update', () => {
  const todos = [
    { content: 'Write the parser', status: 'in_progress' },
    { content: 'Ship it', status: 'pending' },
  ];
  const call = blocksEntry('assistant', [{ type: 'tool_use', id: 't1', name: 'todo_write', input: { todos } }]);
  const result = blocksEntry('user', [{ type: 'tool_result', tool_use_id: 't1', content: 'ok' }]);

  it('says "done" once: its count, without the status of a call that went well', async () => {
    const { container } = await chat([messageEntry('user', 'Plan it'), call, result]);
    expect(container.querySelector('[data-testid="tool-call"] summary')?.textContent).toBe('Updated todos: 0 of 2 done');
  });

  it('still says when the update failed', async () => {
    const failed = blocksEntry('user', [{ type: 'tool_result', tool_use_id: 't1', content: 'bad input', is_error: true }]);
    const { container } = await chat([messageEntry('user', 'Plan it'), call, failed]);
    expect(container.querySelector('[data-testid="tool-call"] summary')?.textContent).toBe('Updated todos: 0 of 2 done · failed');
  });
});

describe('the Thinking hint', () => {
  it.each([
    ['adaptive', 'Adaptive lets Claude decide how much to think, on models that support it.'],
    ['off', 'Claude answers without thinking first.'],
    [8192, 'Claude may think for up to the budget below before it answers, on models that take one.'],
  ] as const)('speaks of the mode chosen (%s)', async (value, hint) => {
    const { store } = await setup();
    view = await render(<ThinkingField value={value} onChange={() => {}} />, store);
    const select = view.container.querySelector('select')!;
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe(hint);
  });
});

describe('the status line after a handoff', () => {
  async function statusLine(before: number, after: number) {
    const { store } = await setup();
    await step(() => store.getState().loadSession(sessionView({ contextTokens: after }), { sessionId: 's1', before, after }));
    view = await render(<StatusLine />, store);
    return view.container.querySelector('.statusline')!;
  }

  it('says "Context" once, and the handoff\'s before → after as the card does', async () => {
    const line = await statusLine(152_000, 1_200);
    expect(line.textContent!.match(/Context/g)).toHaveLength(1);
    const figure = line.querySelector('[title="Context before → after the handoff"]');
    expect(figure?.textContent).toBe('Handoff 152k → 1.2k tokens');
    expect(figure?.classList.contains('saved')).toBe(true);
  });

  it('does not show a context that grew as a saving', async () => {
    const line = await statusLine(137, 172);
    const figure = line.querySelector('[title="Context before → after the handoff"]');
    expect(figure?.textContent).toBe('Handoff 137 → 172 tokens');
    expect(figure?.classList.contains('saved')).toBe(false);
  });
});

describe('a handoff row in an imported copy', () => {
  const handedOff = [
    ...exchangeEntries(1),
    messageEntry('user', `${HANDOFF_PROMPT_OPENING}.`, { purpose: 'handoff' }),
    messageEntry('assistant', '## Goal\nFinish the parser', { purpose: 'handoff', stopReason: 'end_turn' }),
    outcomeEntry({ outcome: 'done', childSession: 'child-elsewhere', childTitle: 'Parser, continued', document: '## Goal\nFinish the parser' }),
  ];
  const imported = (listed: string[]) =>
    chat(handedOff, {
      'sessions.open': () => sessionView({ entries: handedOff, header: { type: 'session', version: 1, id: 's1', timestamp: '2025-01-01T00:00:00.000Z', origin: 'import' } }),
      'sessions.list': () => listed.map((id) => summary(id, id === 's1' ? 'Imported parser work' : 'Parser, continued')),
    });

  it('names the session it went to as plain text when that session is not in this data folder', async () => {
    const { container } = await imported(['s1']);
    const row = container.querySelector('.handoff-exchange-text')!;
    expect(row.textContent).toBe(texts.handedOffTo('Parser, continued'));
    expect(row.querySelector('a')).toBeNull();
  });

  it('links it when the session is here', async () => {
    const { container, fake } = await imported(['s1', 'child-elsewhere']);
    const link = container.querySelector<HTMLAnchorElement>('.handoff-exchange-text a')!;
    expect(link.textContent).toBe('Parser, continued');
    await step(() => link.click());
    expect(fake.callsTo('sessions.open').at(-1)).toEqual({ id: 'child-elsewhere' });
  });
});
