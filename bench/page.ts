// What the renderer benchmarks measure in the page, shared: a click in the sidebar timed until a message
// is laid out in the chat viewport, the long tasks seen since the last look, and the figures' arithmetic.
import { chromium, type Browser, type Page } from '@playwright/test';

/** Debian's Chromium (or CHROMIUM_PATH), as the e2e tests run it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A 1280 × 800 page; tsx keeps function names with a `__name` helper that page.evaluate's functions carry along. */
export async function benchPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript('window.__name = (f) => f');
  return page;
}

/**
 * Clicks a session link in the page and times until `lastText` is laid out in the chat viewport (within
 * `timeoutMs`): the last block of a message's text (of its last group, for a long one) holds it and is in
 * view, so a message taller than the view counts once its end is.
 */
export function openFromSidebar(page: Page, title: string, lastText: string, timeoutMs = 10_000): Promise<number> {
  return page.evaluate(
    ({ title, lastText, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        // The link's text may start with an indicator (Generating, New reply): the title ends it.
        const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent?.endsWith(title)) as HTMLElement | undefined;
        if (!link) return reject(new Error(`no sidebar link "${title}"`));
        const visible = () => {
          const scroller = document.querySelector('.chat-scroll');
          if (!scroller) return false;
          const box = scroller.getBoundingClientRect();
          return [...scroller.querySelectorAll('[data-testid="message"] .markdown')].some((markdown) => {
            let end = markdown.lastElementChild;
            while (end?.classList.contains('markdown-group')) end = end.lastElementChild;
            if (!end?.textContent?.includes(lastText)) return false;
            const r = end.getBoundingClientRect();
            return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
          });
        };
        const start = performance.now();
        link.click();
        const check = () => (visible() ? resolve(performance.now() - start) : requestAnimationFrame(check));
        requestAnimationFrame(check);
        setTimeout(() => reject(new Error(`"${title}" did not show "${lastText}" within ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    { title, lastText, timeoutMs },
  );
}

/** Starts recording the page's long tasks (PerformanceObserver 'longtask'). */
export function observeLongTasks(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: 'longtask' });
  });
}

/** The long tasks observed since the last call. */
export function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks.splice(0));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export function fmt(n: number): string {
  return n.toFixed(1);
}
