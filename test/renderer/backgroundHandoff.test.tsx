// @vitest-environment happy-dom
// A handoff runs in its session (SPEC §4.2): Continue in background closes the dialog while it goes on,
// its result is told wherever the user is, and coming back to the session shows it again.
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../renderer/src/App';
import type { HandoffResult, PendingHandoff, SessionView } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { buttonNamed, byLabel, click, exchangeEntries, render, sessionView, settle, setup, step, summary, type Handlers, type Rendered } from './harness';

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const status = () => document.querySelector('[role="status"]')?.textContent ?? '';
const title = () => document.querySelector('h1')?.textContent;
const preview = () => dialog()?.querySelector('[aria-label="Handoff preview"]');

const child: SessionView = sessionView({
  id: 'child',
  header: { type: 'session', version: 1, id: 'child', timestamp: '', parentSession: 's1', origin: 'handoff', title: 'Parser, continued' },
});
const done: HandoffResult = { status: 'done', document: '## Goal\nOn', missingSections: [], contextBefore: 150_000, contextAfter: 900, trimmedMessages: 0, session: child };

/** Two sessions with messages (s1 and s2) and the child a handoff of s1 makes; s1's pending handoff as given. */
async function app(handlers: Handlers = {}, pending?: () => PendingHandoff | undefined) {
  let answer!: (r: HandoffResult) => void;
  const ctx = await setup(
    {
      'sessions.list': () => [summary('s1', 'Parser work'), summary('s2', 'Other work'), summary('child', 'Parser, continued')],
      'sessions.open': ({ id = 's1' }) =>
        id === 'child' ? child : sessionView({ id, entries: exchangeEntries(1), handoff: id === 's1' ? pending?.() : undefined }),
      'handoff.start': () => new Promise<HandoffResult>((r) => (answer = r)),
      ...handlers,
    },
    { init: false },
  );
  view = await render(<App />, ctx.store);
  await settle();
  return { ...ctx, answer: (r: HandoffResult) => step(() => answer(r)) };
}

async function startInBackground() {
  await click(buttonNamed(document, 'Hand off'));
  await click(buttonNamed(dialog()!, 'Generate handoff'));
  await click(buttonNamed(dialog()!, 'Continue in background'));
}

describe('Continue in background', () => {
  it('closes the dialog; when it is done while another session is shown, "Handed off → <title>" with Open opens the new one', async () => {
    const { store, fake, answer } = await app();
    await startInBackground();
    expect(dialog()).toBeNull();
    expect(fake.callsTo('handoff.cancel')).toEqual([]); // it goes on

    await step(() => store.getState().openSession('s2'));
    expect(title()).toBe('Other work');
    await answer(done);
    expect(title()).toBe('Other work'); // the user stays where they are
    const notice = [...document.querySelectorAll('[role="status"] .notice')].find((n) => n.textContent?.includes(texts.handedOffTo('Parser, continued')));
    expect(notice).toBeDefined();
    await click(buttonNamed(notice!, 'Open'));
    expect(fake.callsTo('sessions.open').at(-1)).toEqual({ id: 'child' });
    expect(title()).toBe('Parser, continued');
  });

  it('when the view stayed on the session, it is moved to the new one and told as usual', async () => {
    const { fake, answer } = await app();
    await startInBackground();
    // The core moves the views of the old session first, then answers the call.
    await step(() => fake.emit({ type: 'session_switched', session: child }));
    await answer(done);
    expect(title()).toBe('Parser, continued');
    expect(status()).toContain(texts.handoffDone);
    expect(status()).not.toContain(texts.handedOffTo('Parser, continued'));
    expect(dialog()).toBeNull();
  });

  it('is offered only while the document is being written', async () => {
    await app();
    await click(buttonNamed(document, 'Hand off'));
    expect(buttonNamed(dialog()!, 'Continue in background')).toBeNull();
    await click(buttonNamed(dialog()!, 'Generate handoff'));
    expect(buttonNamed(dialog()!, 'Continue in background')).not.toBeNull();
  });
});

describe('coming back to a session whose handoff runs', () => {
  it('shows the dialog generating, with the document so far, and the rest as it is written', async () => {
    const { store, fake } = await app({}, () => ({ phase: 'generating', text: '## Goal\nFinish the parser' }));
    await click(buttonNamed(dialog()!, 'Continue in background'));
    await step(() => store.getState().openSession('s2'));
    expect(dialog()).toBeNull();
    await step(() => store.getState().openSession('s1'));
    expect(buttonNamed(dialog()!, 'Cancel')).not.toBeNull();
    expect(preview()?.querySelector('h2')?.textContent).toBe('Goal');
    expect(preview()?.textContent).toContain('Finish the parser');
    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's1', phase: 'generating', text: '## Goal\nFinish the parser\n\n## Progress\nHalf' }));
    expect([...preview()!.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Goal', 'Progress']);
    // Another session's progress is not this one's.
    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's2', phase: 'generating', text: '## Elsewhere' }));
    expect(preview()?.textContent).not.toContain('Elsewhere');
  });

  it('shows the review when the document waits for it', async () => {
    const pending: PendingHandoff = { phase: 'review', document: '## Goal\nReview me', missingSections: ['Progress'], trimmedMessages: 0 };
    const { fake } = await app({}, () => pending);
    expect((byLabel(dialog()!, 'Handoff document') as HTMLTextAreaElement).value).toBe('## Goal\nReview me');
    expect(dialog()!.textContent).toContain('missing sections: Constraints & Preferences, Progress, Key Decisions');
    await click(buttonNamed(dialog()!, 'Start new session'));
    expect(fake.callsTo('handoff.commit')).toEqual([{ sessionId: 's1', document: '## Goal\nReview me' }]);
  });

  it('a handoff that another window or tab started ends here with its result', async () => {
    const { fake } = await app({}, () => ({ phase: 'generating', text: '## Goal' }));
    expect(buttonNamed(dialog()!, 'Cancel')).not.toBeNull();
    await step(() => fake.emit({ type: 'handoff_result', sessionId: 's2', result: { status: 'cancelled' } }));
    expect(buttonNamed(dialog()!, 'Cancel')).not.toBeNull(); // another session's result is not this one's
    await step(() => fake.emit({ type: 'handoff_result', sessionId: 's1', result: done }));
    expect(dialog()).toBeNull();
    expect(title()).toBe('Parser, continued');
    expect(status()).toContain(texts.handoffDone);
  });

  it('a review that another window or tab commits closes here too', async () => {
    const { fake } = await app({}, () => ({ phase: 'review', document: '## Goal\nReview me', missingSections: [], trimmedMessages: 0 }));
    expect(byLabel(dialog()!, 'Handoff document')).not.toBeNull();
    // As the core tells it: the result to the session's views, then each of them moves to the new session.
    await step(() => fake.emit({ type: 'handoff_result', sessionId: 's1', result: done }));
    await step(() => fake.emit({ type: 'session_switched', session: child }));
    expect(dialog()).toBeNull();
    expect(title()).toBe('Parser, continued');
  });

  it('a review that another window or tab discards closes here too', async () => {
    const { fake } = await app({}, () => ({ phase: 'review', document: '## Goal\nReview me', missingSections: [], trimmedMessages: 0 }));
    expect(byLabel(dialog()!, 'Handoff document')).not.toBeNull();
    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's2', phase: 'discarded', text: '' }));
    expect(byLabel(dialog()!, 'Handoff document')).not.toBeNull(); // another session's
    await step(() => fake.emit({ type: 'handoff_progress', sessionId: 's1', phase: 'discarded', text: '' }));
    expect(dialog()).toBeNull();
  });

  it('a review gives way when the view is moved to another session (deleted in another tab, say)', async () => {
    const { fake } = await app({}, () => ({ phase: 'review', document: '## Goal\nReview me', missingSections: [], trimmedMessages: 0 }));
    expect(byLabel(dialog()!, 'Handoff document')).not.toBeNull();
    await step(() => fake.emit({ type: 'session_switched', session: sessionView({ id: 's2', entries: exchangeEntries(1) }) }));
    expect(dialog()).toBeNull();
    expect(title()).toBe('Other work');
  });
});
