// @vitest-environment happy-dom
// A tool call in the chat (SPEC §5 "Tools"): its row with the server, progress while it runs and the
// pictures it returned, the approval card with its three answers, and a card that goes when any view
// answered.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import type { SessionEntry } from '../../shared/session';
import { blocksEntry, buttonNamed, click, messageEntry, render, sessionView, setup, step, stubLayout, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => view?.unmount());
beforeAll(stubLayout);

const call = blocksEntry('assistant', [{ type: 'tool_use', id: 't1', name: 'files__write_file', input: { path: 'notes.md', content: 'x'.repeat(1_000) } }]);
const approval = { toolCallId: 't1', tool: 'write_file', server: 'files', input: { path: 'notes.md', content: 'x'.repeat(1_000) }, hints: { destructive: true } };

async function chat(entries: SessionEntry[], extra = {}) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries, ...extra }), 'tools.approve': () => ({ settled: true }) });
  view = await render(<ChatView />, ctx.store);
  return { ...ctx, container: view.container };
}

const card = (root: ParentNode) => root.querySelector<HTMLElement>('[aria-label="Claude wants to use write_file from files"]');

describe('tool rows', () => {
  it('name the tool and its server, and show progress while the call runs', async () => {
    const { container, fake } = await chat([messageEntry('user', 'Write it'), call]);
    const row = container.querySelector('[data-testid="tool-call"]');
    expect(row?.querySelector('summary')?.textContent).toMatch(/^write_file from files notes\.md no result/);
    await step(() => {
      fake.emit({ type: 'tool_execution_start', sessionId: 's1', toolCallId: 't1', name: 'files__write_file', input: {} });
      fake.emit({ type: 'tool_execution_update', sessionId: 's1', toolCallId: 't1', message: 'Writing', progress: 2, total: 3 });
    });
    expect(row?.textContent).toContain('running…');
    const progress = container.querySelector('progress');
    expect([progress?.value, progress?.max]).toEqual([2, 3]);
    expect(container.querySelector('.tool-progress')?.textContent).toBe('Writing');
    await step(() => fake.emit({ type: 'tool_execution_end', sessionId: 's1', toolCallId: 't1', isError: false, output: 'written' }));
    expect(container.querySelector('.tool-progress')).toBeNull();
    expect(row?.querySelector('summary')?.textContent).toMatch(/done · \d+ ms$/);
  });
  it('show how long a call ran as the session kept it, once reopened; a file from before that shows none', async () => {
    const results = (extra: object) => blocksEntry('user', [{ type: 'tool_result', tool_use_id: 't1', content: 'written' }], extra);
    const { container } = await chat([messageEntry('user', 'Write it'), call, results({ toolDurations: { t1: 1_234 } })]);
    expect(container.querySelector('[data-testid="tool-call"] summary')?.textContent).toMatch(/done · 1\.2 s$/);
    view?.unmount();
    const { container: older } = await chat([messageEntry('user', 'Write it'), call, results({})]);
    expect(older.querySelector('[data-testid="tool-call"] summary')?.textContent).toMatch(/done$/);
  });

  it('show the pictures a tool returned under its result text, from the session file', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const shot = blocksEntry('assistant', [{ type: 'tool_use', id: 't2', name: 'browser__screenshot', input: { url: 'https://example.com' } }]);
    const result = blocksEntry('user', [
      {
        type: 'tool_result',
        tool_use_id: 't2',
        content: [
          { type: 'text', text: 'Took a screenshot.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png }, name: 'browser-screenshot-1.png' },
        ],
      },
    ]);
    const { container } = await chat([messageEntry('user', 'Look at it'), shot, result]);
    const row = container.querySelector('[data-testid="tool-call"]')!;
    expect(row.querySelector('.tool-output')?.textContent).toMatch(/^Took a screenshot\./);
    const images = [...row.querySelectorAll<HTMLImageElement>('img.tool-image')];
    expect(images.map((img) => [img.getAttribute('src'), img.alt])).toEqual([[`data:image/png;base64,${png}`, 'browser-screenshot-1.png']]);
  });
});

describe('the approval card', () => {
  it.each([
    ['Allow once', 'once'],
    ['Always allow', 'always'],
    ['Deny', 'deny'],
  ] as const)('%s answers tools.approve with "%s" and the card goes', async (button, decision) => {
    const { container, fake } = await chat([messageEntry('user', 'Write it'), call]);
    await step(() => fake.emit({ type: 'tool_approval', sessionId: 's1', ...approval }));
    const shown = card(container);
    expect(shown?.textContent).toContain('The server says it may change or delete things.');
    // A long value is folded to its beginning.
    expect(shown?.querySelectorAll('.tool-value')[1]?.textContent).toHaveLength(301);
    expect(buttonNamed(shown!, 'Show all (1,000 characters)')).not.toBeNull();
    await click(buttonNamed(shown!, button));
    expect(fake.callsTo('tools.approve')).toEqual([{ sessionId: 's1', toolCallId: 't1', decision }]);
    expect(card(container)).toBeNull();
  });

  it('comes with the session a view opens, and goes when another view answered', async () => {
    const { container, fake } = await chat([messageEntry('user', 'Write it'), call], { approvals: [approval] });
    expect(card(container)).not.toBeNull();
    await step(() => fake.emit({ type: 'tool_approval_settled', sessionId: 's1', toolCallId: 't1', decision: 'deny' }));
    expect(card(container)).toBeNull();
    expect(fake.callsTo('tools.approve')).toEqual([]);
  });
});
