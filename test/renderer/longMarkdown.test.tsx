// @vitest-environment happy-dom
// A huge streamed delta, the long message it settles into and a session opened on one are rendered a
// bounded share a task (SPEC §8: no task over 50 ms): the whole text is on screen from the first frame,
// as written where it is not parsed yet, and is the same as Markdown rendered in one go once the tasks
// are through.
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatView } from '../../renderer/src/components/chat/ChatView';
import { MarkdownPart } from '../../renderer/src/components/chat/MarkdownPart';
import type { SessionEntry } from '../../shared/session';
import { exchangeEntries, messageEntry, render, sessionView, settle, setup, step, stubLayout, type Rendered } from './harness';

const views: Rendered[] = [];
afterEach(() => views.splice(0).forEach((v) => v.unmount()));
beforeAll(stubLayout);

/**
 * What is near the view, as IntersectionObserver tells it: a group of blocks (data-group) is near when
 * `isNear` says so, told a task after it is first watched and again whenever `showNear` moves the view.
 */
let isNear: (group: number) => boolean = () => true;
const watched = new Map<Element, IntersectionObserverCallback>();
class NearObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(el: Element) {
    watched.set(el, this.callback);
    setTimeout(() => this.report([el]), 0);
  }
  unobserve(el: Element) {
    watched.delete(el);
  }
  disconnect() {}
  report(els: Element[]) {
    const live = els.filter((el) => watched.has(el));
    if (live.length) this.callback(live.map((target) => ({ target, isIntersecting: isNear(Number((target as HTMLElement).dataset.group)) })) as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
  }
}
beforeEach(() => {
  isNear = () => true;
  watched.clear();
  vi.stubGlobal('IntersectionObserver', NearObserver);
});
afterEach(() => vi.unstubAllGlobals());
/** Moves the view: the groups `near` says are near now, and the others not. */
async function showNear(near: (group: number) => boolean) {
  isNear = near;
  await act(async () => {
    for (const [el, callback] of watched) callback([{ target: el, isIntersecting: near(Number((el as HTMLElement).dataset.group)) } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
  });
}

async function chat(entries: SessionEntry[]) {
  const ctx = await setup({ 'sessions.open': () => sessionView({ entries }) });
  const view = await render(<ChatView />, ctx.store);
  views.push(view);
  return { ...ctx, container: view.container };
}

/** Some 45,000 characters: paragraphs with bold and code, headings and lists. */
function longText(): string {
  return Array.from({ length: 200 }, (_, i) =>
    i % 20 === 10
      ? `## Part ${i}\n\n- item **${i}a**\n- item \`${i}b\`\n`
      : `Paragraph **${i}** of the long reply, with \`code ${i}\` in it. ${'Words that go on for a while. '.repeat(6)}`,
  ).join('\n\n');
}

/** The text a reader sees, whitespace aside. */
const visible = (el: Element) => el.textContent!.replace(/\s+/g, '');

/** What the text looks like rendered as Markdown in one go. */
async function wholeRender(text: string, store: Parameters<typeof render>[1]): Promise<string> {
  const view = await render(<MarkdownPart text={text} />, store);
  views.push(view);
  return visible(view.container);
}

/** The paragraphs shown formatted (their number in bold) and shown as written. */
function shown(message: Element) {
  const bold = [...message.querySelectorAll('.markdown strong')].map((b) => b.textContent);
  const plain = [...message.querySelectorAll('.markdown-plain')].map((p) => p.textContent).join('');
  return { bold, plain };
}

/** Runs tasks until `done` (at most 100). */
async function tasksUntil(done: () => boolean): Promise<void> {
  for (let tasks = 0; !done() && tasks < 100; tasks++) await settle();
  expect(done()).toBe(true);
}

/** Runs tasks until nothing is left as written (at most `max`); how many it took. */
async function tasksUntilParsed(message: Element, max = 100): Promise<number> {
  let tasks = 0;
  while (message.querySelector('.markdown-plain') && tasks < max) {
    await settle();
    tasks++;
  }
  return tasks;
}

describe('a long reply, rendered a share a task', () => {
  it('a huge delta shows its whole text as written in the frame it arrives, the end parsed first from the next task, and is all Markdown some tasks later', async () => {
    const { container, fake, frames, store } = await chat(exchangeEntries(1));
    const text = longText();
    await step(() => fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } }));
    await step(() => fake.emit({ type: 'message_update', sessionId: 's1', delta: `${text}\n\nThe end` }));
    // A synchronous act: that frame and its effects, and no task after it (an async act waits a turn of
    // the event loop, in which a slow machine runs the next task's timer too).
    act(() => frames.flush());
    const message = container.querySelector('.streaming')!;
    // The frame that shows it: drawing that much text is its share, so all of it is there as written.
    const first = shown(message);
    expect(first.bold).toEqual([]);
    expect(first.plain).toContain('Paragraph **0** of the long reply');
    expect(first.plain).toContain('Paragraph **199** of the long reply');
    expect(visible(message)).toContain('Paragraph**0**ofthelongreply');
    expect(visible(message)).toContain('Theend');
    // The next task parses the end first (where the chat is read), a bounded share (a few blocks),
    // however much arrived; the rest is still there as written.
    await settle();
    const next = shown(message);
    expect(Number(next.bold[0])).toBeGreaterThan(150);
    expect(next.bold.length).toBeLessThan(40);
    expect(next.plain).toContain('Paragraph **0** of the long reply');

    // A task at a time, each parsing its share, while the text keeps arriving.
    await step(() => fake.emit({ type: 'message_update', sessionId: 's1', delta: ' and more' }));
    await act(async () => frames.flush());
    expect(await tasksUntilParsed(message)).toBeGreaterThan(5);
    expect(visible(message)).toBe(`Claude${await wholeRender(`${text}\n\nThe end and more`, store)}`);
  });

  it('a long reply keeps its Markdown as drawn when it settles: nothing is shown as written again, nothing drawn anew', async () => {
    const { container, fake, frames, store } = await chat(exchangeEntries(1));
    const text = longText();
    await step(() => fake.emit({ type: 'message_start', sessionId: 's1', message: { role: 'assistant', content: [] } }));
    await step(() => fake.emit({ type: 'message_update', sessionId: 's1', delta: text }));
    await act(async () => frames.flush());
    const streaming = container.querySelector('.streaming')!;
    await tasksUntilParsed(streaming);
    const firstBold = streaming.querySelector('.markdown strong')!;
    expect(firstBold.textContent).toBe('0');

    const entry = messageEntry('assistant', text);
    await step(() => fake.emit({ type: 'message_end', sessionId: 's1', message: entry.type === 'message' ? entry.message : { role: 'assistant', content: [] }, entry }));
    const settled = [...container.querySelectorAll('[data-testid="message"]')].at(-1)!;
    expect(settled.classList.contains('streaming')).toBe(false);
    expect(settled.querySelector('.markdown-plain')).toBeNull();
    expect(settled.querySelector('.markdown strong')).toBe(firstBold);
    expect(settled.closest('[data-testid="message-row"]')?.querySelector('[aria-label="Copy message"]')).not.toBeNull();
    expect(visible(settled.querySelector('.markdown')!)).toBe(await wholeRender(text, store));
  });

  it('the settled message and a session opened on it show the whole text at once and all its Markdown a few tasks later', async () => {
    const text = longText();
    const { container, store } = await chat([messageEntry('user', 'Write a lot'), messageEntry('assistant', text)]);
    const message = [...container.querySelectorAll('[data-testid="message"]')].at(-1)!;
    const first = shown(message);
    expect(first.bold).toContain('199');
    expect(first.plain).toContain('Paragraph **0** of the long reply');
    expect(first.bold.length).toBeLessThan(40);
    expect(await tasksUntilParsed(message)).toBeGreaterThan(5);
    expect(visible(message.querySelector('.markdown')!)).toBe(await wholeRender(text, store));
  });

  it('a long message is Markdown only near the view: a group far from it is shown as written, and parsed again when the view comes back', async () => {
    // Much longer than a view: its groups of blocks are near the view only at its end at first.
    const text = Array.from({ length: 6 }, () => longText()).join('\n\n');
    const { container } = await chat([messageEntry('user', 'Write a lot'), messageEntry('assistant', text)]);
    const message = [...container.querySelectorAll('[data-testid="message"]')].at(-1)!;
    const groups = () => [...message.querySelectorAll<HTMLElement>('.markdown-group')];
    const last = groups().length - 1;
    expect(last).toBeGreaterThan(4);
    await showNear((group) => group === last);
    await tasksUntil(() => !groups()[last]!.querySelector('.markdown-plain'));
    const formatted = () => groups().map((g) => g.querySelector('.markdown-plain') === null);
    expect(formatted().filter(Boolean)).toHaveLength(1);
    expect(formatted()[last]).toBe(true);
    // The whole text is there all along, as written where it is not near.
    expect(visible(message)).toContain('Paragraph**0**ofthelongreply');

    // Scrolled to the top: the first group becomes Markdown, the last one goes back to its text as written.
    await showNear((group) => group === 0);
    await tasksUntil(() => !groups()[0]!.querySelector('.markdown-plain'));
    expect(formatted()[0]).toBe(true);
    expect(formatted()[last]).toBe(false);
    expect(formatted().filter(Boolean)).toHaveLength(1);
    expect(groups()[0]!.querySelector('strong')?.textContent).toBe('0');
  });

  it('one block too long to parse in a task stays as written, all of it, in pieces', async () => {
    // One paragraph of 60,000 characters: no blank line to cut it at.
    const paragraph = Array.from({ length: 2_000 }, (_, i) => `line **${i}** goes on`).join('\n');
    const intro = `An introduction ${'that goes on '.repeat(200)}`;
    const { container } = await chat([messageEntry('user', 'One long paragraph'), messageEntry('assistant', `${intro}\n\n${paragraph}`)]);
    const message = [...container.querySelectorAll('[data-testid="message"]')].at(-1)!;
    await tasksUntilParsed(message, 10);
    const pieces = [...message.querySelectorAll('.markdown-plain')];
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.map((p) => p.textContent).join('')).toBe(paragraph);
    expect(message.querySelector('.markdown p:not(.markdown-plain)')?.textContent).toBe(intro.trim());
  });
});
