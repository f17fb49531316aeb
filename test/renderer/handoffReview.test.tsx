// @vitest-environment happy-dom
// The review of a handoff document (SPEC §4.2 "Review first", §4.3): the carry-over check's items to keep
// or leave out, a chain's changes, the structure check as the user types, a failure's way forward
// (Review anyway, the hint), and the review a reopened session still waits with.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import type { HandoffResult, HandoffReview, PendingHandoff, SessionView } from '../../shared/contract';
import type { CarryOverItem } from '../../shared/session';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { HANDOFF_SECTIONS, texts } from '../../shared/texts';
import { buttonNamed, byLabel, click, exchangeEntries, render, sessionView, settle, setup, step, summary, type, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const alert = () => document.querySelector<HTMLElement>('[role="alert"]')!;
const documentBox = () => byLabel(dialog()!, 'Handoff document') as HTMLTextAreaElement;
/** The group "Not in the document" and its checkboxes, by their labels. */
const carryOverGroup = () =>
  [...dialog()!.querySelectorAll('fieldset')].find((f) => f.querySelector('legend')?.textContent === texts.notInDocument) ?? null;
const checkboxes = () =>
  [...(carryOverGroup()?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])].map((box) => ({
    box,
    label: box.closest('label')!.textContent,
  }));

const WHOLE = HANDOFF_SECTIONS.map((s) => `## ${s}\n${s} text.`).join('\n\n');
const item = (id: string, kind: CarryOverItem['kind'], text: string, inDocument = false): CarryOverItem => ({ id, kind, text, inDocument });
const CARRY_OVER = [
  item('request-1', 'request', 'Finish the parser and keep the tests green'),
  item('todo-1', 'todo', 'Write the README'),
  item('attachment-1', 'attachment', 'plan.pdf', true),
  item('pin-1', 'pin', 'Never touch the lockfile'),
  item('identifier-1', 'identifier', 'src/parser.ts'),
];
const review = (over: Partial<HandoffReview> = {}): HandoffReview => ({
  document: WHOLE,
  missingSections: [],
  trimmedMessages: 0,
  carryOver: CARRY_OVER,
  sources: {},
  unverified: [],
  ...over,
});
const child: SessionView = sessionView({
  id: 'child',
  header: { type: 'session', version: 1, id: 'child', timestamp: '', parentSession: 's1', origin: 'handoff', title: 'Parser, continued' },
});
const done: HandoffResult = { status: 'done', document: WHOLE, missingSections: [], contextBefore: 100, contextAfter: 10, trimmedMessages: 0, session: child };

/** The app on session s1 (with a pending handoff when given); handoff.start answers what the test releases. */
async function app(handlers: Handlers = {}, pending?: PendingHandoff) {
  let answer!: (r: HandoffResult) => void;
  const ctx = await setup(
    {
      'settings.get': () => ({ ...DEFAULT_SETTINGS, reviewFirst: true }),
      'sessions.list': () => [summary('s1', 'Parser work'), summary('s2', 'Other work')],
      'sessions.open': ({ id = 's1' }) => (id === 'child' ? child : sessionView({ id, entries: exchangeEntries(1), handoff: id === 's1' ? pending : undefined })),
      'handoff.start': () => new Promise<HandoffResult>((r) => (answer = r)),
      'handoff.commit': () => done,
      ...handlers,
    },
    { init: false },
  );
  view = await render(<App />, ctx.store);
  await settle();
  return { ...ctx, answer: (r: HandoffResult) => step(() => answer(r)) };
}

async function generate() {
  await click(buttonNamed(document, 'Hand off'));
  await click(buttonNamed(dialog()!, 'Generate and review'));
}

describe('the carry-over check in review', () => {
  it('lists what the document lacks under "Not in the document", each ticked; Start sends the ticked ones as keep', async () => {
    const { fake, answer } = await app();
    await generate();
    await answer({ status: 'review', ...review() });

    expect(carryOverGroup()).not.toBeNull();
    // What the document holds already (plan.pdf) is not offered.
    expect(checkboxes().map((c) => [c.label, c.box.checked])).toEqual([
      ['Last request: Finish the parser and keep the tests green', true],
      ['Open todo: Write the README', true],
      ['Pinned message: Never touch the lockfile', true],
      ['src/parser.ts', true],
    ]);
    await click(checkboxes()[1]!.box);
    await click(checkboxes()[3]!.box);
    expect(checkboxes().map((c) => c.box.checked)).toEqual([true, false, true, false]);
    await click(checkboxes()[3]!.box); // ticked again
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(fake.callsTo('handoff.commit')).toEqual([{ sessionId: 's1', document: WHOLE, keep: ['request-1', 'pin-1', 'identifier-1'] }]);
  });

  it('unticking every item keeps none; a document that lacks nothing shows no list and keeps none', async () => {
    const { fake, answer } = await app();
    await generate();
    await answer({ status: 'review', ...review() });
    for (const { box } of checkboxes()) await click(box);
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(fake.callsTo('handoff.commit')).toEqual([{ sessionId: 's1', document: WHOLE, keep: [] }]);

    view?.unmount();
    const second = await app();
    await generate();
    await second.answer({ status: 'review', ...review({ carryOver: [item('identifier-1', 'identifier', 'src/parser.ts', true)] }) });
    expect(carryOverGroup()).toBeNull();
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(second.fake.callsTo('handoff.commit')).toEqual([{ sessionId: 's1', document: WHOLE, keep: [] }]);
  });
});

describe('a chain: what changed since the previous document', () => {
  it('collapsed to its counts, opening to each line marked in words as added or removed', async () => {
    const { answer } = await app();
    await generate();
    await answer({ status: 'review', ...review({ changes: { added: ['- [x] Parser done [#4]', '- Ship it'], removed: ['- Start the parser'] } }) });
    const details = dialog()!.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Changes since the last handoff: 2 lines added, 1 removed');
    const lines = [...details.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual(['+Added: - [x] Parser done [#4]', '+Added: - Ship it', '−Removed: - Start the parser']);
    // The sign is only shown; a screen reader hears the word.
    expect(details.querySelector('.change-sign')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('no changes section without a previous document, nor when nothing changed', async () => {
    const { answer } = await app();
    await generate();
    await answer({ status: 'review', ...review() });
    expect(dialog()!.querySelector('details')).toBeNull();
    await click(buttonNamed(dialog()!, 'Discard'));

    await generate();
    await answer({ status: 'review', ...review({ changes: { added: [], removed: [] } }) });
    expect(dialog()!.querySelector('details')).toBeNull();
  });
});

describe('the structure check as the user types', () => {
  const warning = () => dialog()!.querySelector('[aria-live="polite"]')!;

  it('names the sections the edited document lacks, and goes once they are back', async () => {
    const { answer } = await app();
    await generate();
    await answer({ status: 'review', ...review() });
    expect(warning().textContent).toBe('');

    await type(documentBox(), WHOLE.replace('## Progress\n', 'Progress was\n').replace('## Next Steps', '## Later'));
    expect(warning().textContent).toBe('The handoff document is missing sections: Progress, Next Steps');
    await type(documentBox(), WHOLE.replace('## Progress\n', 'Progress was\n'));
    expect(warning().textContent).toBe('The handoff document is missing sections: Progress');
    await type(documentBox(), WHOLE);
    expect(warning().textContent).toBe('');
  });

  it('follows the sections set in Settings → Handoff instructions', async () => {
    const { answer } = await app({
      'settings.get': () => ({ ...DEFAULT_SETTINGS, reviewFirst: true, handoffInstructions: { prompt: 'Write {sections}', sections: ['Aim', 'Status'] } }),
    });
    await generate();
    await answer({ status: 'review', ...review({ document: '## Aim\nParse.\n\n## Status\nHalf.' }) });
    expect(warning().textContent).toBe('');
    await type(documentBox(), '## Aim\nParse.');
    expect(warning().textContent).toBe('The handoff document is missing sections: Status');
  });
});

describe('failures with a way forward', () => {
  const cutOff: HandoffReview = review({ document: '## Goal\nHalf a docu', cutOff: true });
  const failedCutOff: HandoffResult = { status: 'failed', message: texts.handoffCutOff, hint: texts.handoffCutOffHint, reviewAnyway: cutOff };

  it('cut off: "Handoff failed: the handoff document was cut off." with the hint; Review anyway opens it marked incomplete, and Start commits it', async () => {
    const { fake, answer } = await app({ 'settings.get': () => DEFAULT_SETTINGS });
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    await answer(failedCutOff);
    expect(dialog()).toBeNull();
    expect(alert().querySelector('.notice-text')?.textContent).toBe('Handoff failed: the handoff document was cut off.');
    expect(alert().querySelector('.notice-detail')?.textContent).toBe(texts.handoffCutOffHint);
    expect(buttonNamed(alert(), 'Retry')).toBeNull();

    await click(buttonNamed(alert(), 'Review anyway'));
    expect(documentBox().value).toBe('## Goal\nHalf a docu');
    const warning = document.getElementById(documentBox().getAttribute('aria-describedby')!)!;
    expect(warning.textContent).toContain('This document was cut off');
    expect(checkboxes()).toHaveLength(4);
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(fake.callsTo('handoff.commit')).toEqual([
      { sessionId: 's1', document: '## Goal\nHalf a docu', keep: ['request-1', 'todo-1', 'pin-1', 'identifier-1'] },
    ]);
    expect(document.querySelector('h1')?.textContent).toBe('Parser, continued');
  });

  it('cut off in the background: Review anyway opens its session with the review', async () => {
    const { store, answer } = await app({ 'settings.get': () => DEFAULT_SETTINGS });
    await click(buttonNamed(document, 'Hand off'));
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    await click(buttonNamed(dialog()!, 'Continue in background'));
    await step(() => store.getState().openSession('s2'));
    await answer(failedCutOff);
    await click(buttonNamed(alert(), 'Review anyway'));
    expect(store.getState().session?.header.id).toBe('s1');
    expect(documentBox().value).toBe('## Goal\nHalf a docu');
  });

  it('refused: the explanation and the hint; Hand off opens the form again with the focus to reword, in its session', async () => {
    const { fake, store, answer } = await app({ 'settings.get': () => DEFAULT_SETTINGS });
    await click(buttonNamed(document, 'Hand off'));
    await type(byLabel(dialog()!, 'Focus (optional)') as HTMLTextAreaElement, 'the lab notes');
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    await answer({ status: 'failed', message: texts.handoffRefusedBecause('It asks for a recipe.'), hint: texts.handoffRefusedHint });
    expect(alert().querySelector('.notice-text')?.textContent).toBe('Handoff failed: Claude declined to write a handoff document: It asks for a recipe.');
    expect(alert().querySelector('.notice-detail')?.textContent).toBe(texts.handoffRefusedHint);

    await step(() => store.getState().openSession('s2'));
    await click(buttonNamed(alert(), 'Hand off'));
    expect(store.getState().session?.header.id).toBe('s1');
    expect((byLabel(dialog()!, 'Focus (optional)') as HTMLTextAreaElement).value).toBe('the lab notes');
    expect(fake.callsTo('handoff.start')).toHaveLength(1); // nothing sent until the user says so
  });
});

describe('a review survives a reload', () => {
  it('a session opened with a document waiting shows the review again, editable, with its items, cut-off mark and changes', async () => {
    const pending: PendingHandoff = {
      phase: 'review',
      ...review({ document: '## Goal\nHalf', cutOff: true, changes: { added: ['- New'], removed: [] } }),
    };
    const { fake } = await app({}, pending);
    expect(documentBox().value).toBe('## Goal\nHalf');
    expect(documentBox().readOnly).toBe(false);
    expect(dialog()!.textContent).toContain('This document was cut off');
    expect(dialog()!.querySelector('summary')?.textContent).toBe('Changes since the last handoff: 1 line added, 0 removed');
    expect(checkboxes().map((c) => c.box.checked)).toEqual([true, true, true, true]);
    await click(checkboxes()[0]!.box);
    await type(documentBox(), '## Goal\nHalf, finished by hand');
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(fake.callsTo('handoff.commit')).toEqual([
      { sessionId: 's1', document: '## Goal\nHalf, finished by hand', keep: ['todo-1', 'pin-1', 'identifier-1'] },
    ]);
  });

  it('Discard of a reopened review tells the core, and the session goes on', async () => {
    const { fake } = await app({}, { phase: 'review', ...review() });
    await click(buttonNamed(dialog()!, 'Discard'));
    expect(fake.callsTo('handoff.discard')).toEqual([{ sessionId: 's1' }]);
    expect(dialog()).toBeNull();
  });
});
