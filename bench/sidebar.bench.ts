// The sidebar with 10,000 sessions (SPEC §8): the page loads to a composer one can type in within
// 1,000 ms, and a search typed in the page shows its first result within 150 ms of the keystroke; and a
// single 1 MB text delta streamed into the open chat runs no task over 50 ms, nor does the message it
// settles into, nor leaving the session for another, nor opening it again. Real app (web mode, real
// core) in real Chromium, with the fake model server; the session files are written straight to a temp
// data dir (a tenth of them handed off from the one before, so the sidebar draws trees).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { writeSessionFile } from '../e2e/ui-sessionFile';
import { startFakeAnthropic } from '../test/fakeAnthropic';
import { startTestApp } from '../test/support/testApp';
import { rendererConfig } from '../vite.renderer.config';
import { benchPage, fmt, launchBrowser, median, observeLongTasks, openFromSidebar, takeLongTasks } from './page';
import { report } from './report';

const SESSIONS = 10_000;
const START_ROUNDS = 5;
/** Words that name a few sessions each: one search per word. */
const WORDS = ['amber', 'basalt', 'cobalt', 'dahlia', 'ember', 'fjord', 'garnet'];
/** The quiet after the composer shows that tells the start is over (no long task comes later). */
const QUIET_MS = 1_500;
const DELTA_CHARS = 1_000_000;

async function main(): Promise<void> {
  await build({ ...rendererConfig, logLevel: 'silent' });
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-sidebar-bench-'));
  const base = Date.parse('2024-01-01T00:00:00.000Z');
  for (let i = 0; i < SESSIONS; i++) {
    const word = i % 500 === 7 ? ` ${WORDS[(i / 500) % WORDS.length | 0]}` : '';
    writeSessionFile(dataDir, {
      id: `s${i}`,
      title: `Session ${i}${word}`,
      messages: 2,
      // An hour apart: the sidebar has many day groups.
      timestamp: new Date(base + i * 3_600_000).toISOString(),
      ...(i % 10 === 9 ? { parentSession: `s${i - 1}` } : {}),
    });
  }

  const fake = await startFakeAnthropic();
  const app = await startTestApp({ modelUrl: fake.url, apiKey: 'bench-key', dataDir, inactivityTimeoutMs: 60_000 });
  const browser = await launchBrowser();
  try {
    const page = await benchPage(browser);
    // From the page's start: the long tasks, and when the composer first shows.
    await page.addInitScript(() => {
      const w = window as unknown as { __tasksEnd: number[]; __composerAt: number };
      w.__tasksEnd = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasksEnd.push(e.startTime + e.duration))).observe({ type: 'longtask', buffered: true });
      const look = () => {
        if (document.querySelector('textarea[aria-label="Message"]')) w.__composerAt = performance.now();
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const starts: number[] = [];
    for (let round = 0; round < START_ROUNDS; round++) starts.push(await startTime(page, app.url));

    await observeLongTasks(page);
    const searches: number[] = [];
    for (const word of WORDS) searches.push(await searchTime(page, word));
    const searchTasks = await takeLongTasks(page);
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('');

    const delta = await hugeDelta(page, fake);

    report({
      name: 'renderer.start.10k_sessions.ms',
      value: median(starts),
      unit: 'ms',
      budget: 1_000,
      comparedWith: `page load (navigation start) → composer shown and the main thread done with the start (the end of the last long task, if one ends later); median of ${START_ROUNDS} loads (min ${fmt(Math.min(...starts))}, max ${fmt(Math.max(...starts))}); web mode, ${SESSIONS} sessions in the sidebar`,
    });
    report({
      name: 'renderer.search.first_result.10k_sessions.ms',
      value: median(searches),
      unit: 'ms',
      budget: 150,
      comparedWith: `a word put in the empty search box in one input event (as typed or pasted) → the first result's link, a session that word names, shown in the sidebar; median of ${WORDS.length} words (min ${fmt(Math.min(...searches))}, max ${fmt(Math.max(...searches))}), longest task meanwhile ${fmt(Math.max(0, ...searchTasks))} ms; ${SESSIONS} sessions`,
    });
    report({
      name: 'renderer.longtask.one_mb_delta.max_ms',
      value: delta.longest,
      unit: 'ms',
      budget: 50,
      comparedWith: `longest 'longtask' from a single ${DELTA_CHARS / 1_000_000} MB text delta (prose paragraphs with Markdown): while the reply went on streaming ${fmt(delta.streaming.longest)} ms (${delta.streaming.count} long tasks; its Markdown in view ${delta.streaming.done ? 'all rendered' : 'not all rendered yet'} 1.8 s on), the settled message until its Markdown in view was ${delta.settled.done ? 'all rendered' : 'rendered for a minute'} ${fmt(delta.settled.longest)} ms (${delta.settled.count}), another session opened (the message's rows removed) ${fmt(delta.left.longest)} ms (${delta.left.count}), the session opened again on it from the sidebar (its end shown in ${fmt(delta.opened.ms)} ms) until its Markdown in view was ${delta.opened.done ? 'all rendered' : 'rendered for a minute'} ${fmt(delta.opened.longest)} ms (${delta.opened.count})`,
    });
  } finally {
    await browser.close();
    await app.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Loads the page and times it until the composer shows and no long task ends later. */
async function startTime(page: Page, url: string): Promise<number> {
  await page.goto(`${url}#session=s${SESSIONS - 1}`);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.waitForTimeout(QUIET_MS);
  return page.evaluate(() => {
    const w = window as unknown as { __tasksEnd: number[]; __composerAt: number };
    return Math.max(w.__composerAt, ...w.__tasksEnd);
  });
}

/** Puts `word` in the empty search box in one input (as a paste) and times it until a result naming it shows. */
async function searchTime(page: Page, word: string): Promise<number> {
  const box = page.getByRole('searchbox', { name: 'Search sessions' });
  await box.fill('');
  await page.locator('nav .session-open').first().waitFor();
  await page.waitForTimeout(300);
  await box.focus();
  await page.evaluate((word) => {
    const w = window as unknown as { __searchTime: Promise<number> };
    w.__searchTime = new Promise((resolve) => {
      let typed = 0;
      document.addEventListener('input', () => (typed = performance.now()), { capture: true, once: true });
      const look = () => {
        const first = document.querySelector('nav .session-open');
        if (typed && first?.textContent?.endsWith(word)) resolve(performance.now() - typed);
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
  }, word);
  await page.keyboard.insertText(word);
  return page.evaluate(() => (window as unknown as { __searchTime: Promise<number> }).__searchTime);
}

/**
 * One 1 MB delta, then small ones for a few seconds: the long tasks while it streams, once it has settled
 * (until its Markdown is all rendered), and when the session is opened again on it from the sidebar.
 */
async function hugeDelta(page: Page, fake: Awaited<ReturnType<typeof startFakeAnthropic>>) {
  const paragraph = 'The parser reads **each record** and the index keeps the sidebar fast while the `stream` goes on.\n\n';
  const huge = `${paragraph.repeat(Math.ceil(DELTA_CHARS / paragraph.length))}END-OF-DELTA`;
  const after = Array.from({ length: 100 }, (_, i) => ` tail ${i}`);
  fake.enqueue({ kind: 'text', text: [huge, ...after].join(''), chunks: [huge, ...after], delayMs: 30 });
  await takeLongTasks(page);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Write a megabyte');
  await box.press('Enter');
  // Looked for in the block being written only, seldom: a search of the whole page's text would cost
  // the page more than what is measured.
  const written = (text: string) =>
    page.waitForFunction((text) => document.querySelector('.streaming .markdown')?.lastElementChild?.textContent?.includes(text), text, { polling: 250, timeout: 60_000 });
  await written('END-OF-DELTA');
  // The tail is still streaming: what the delta cost so far, its Markdown included.
  await written('tail 60');
  const streaming = await takeLongTasks(page);
  const markdownDone = await page.evaluate(inViewRendered);
  // The Stop button looked for by its class: a query by role and name reads the whole page's accessible
  // text, a megabyte here, in tasks of the bench's own.
  await page.waitForFunction(() => !document.querySelector('.stop-button'), undefined, { polling: 250, timeout: 60_000 });
  const settledDone = await allRendered(page);
  const settled = await takeLongTasks(page);
  // Another session (the huge message's rows go), then this one (the page's first, Session 9999) again: it
  // opens at its end, the huge message rendered anew. The core may still be indexing the megabyte for
  // search: an open can wait on it.
  await openFromSidebar(page, `Session ${SESSIONS - 2}`, 'Message number 1', 60_000);
  await page.waitForTimeout(500);
  const left = await takeLongTasks(page);
  const openMs = await openFromSidebar(page, `Session ${SESSIONS - 1}`, 'tail 99', 60_000);
  const openedDone = await allRendered(page);
  const opened = await takeLongTasks(page);
  return {
    longest: Math.max(0, ...streaming, ...settled, ...left, ...opened),
    streaming: phase(streaming, markdownDone),
    settled: phase(settled, settledDone),
    left: phase(left, true),
    opened: { ...phase(opened, openedDone), ms: openMs },
  };
}

const phase = (tasks: number[], done: boolean) => ({ longest: Math.max(0, ...tasks), count: tasks.length, done });

/** Whether the chat shows no text as written in view: the Markdown there is all rendered (away from the view it is not, by design). */
function inViewRendered(): boolean {
  const scroller = document.querySelector('.chat-scroll');
  if (!scroller) return false;
  const view = scroller.getBoundingClientRect();
  return ![...scroller.querySelectorAll('.markdown-group')].some((group) => {
    const r = group.getBoundingClientRect();
    return r.bottom > view.top && r.top < view.bottom && group.querySelector('.markdown-plain') !== null;
  });
}

/** Waits (up to a minute) until the chat's Markdown in view is all rendered; whether it was. */
function allRendered(page: Page): Promise<boolean> {
  return page.waitForFunction(inViewRendered, undefined, { polling: 250, timeout: 60_000 }).then(() => true, () => false);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
