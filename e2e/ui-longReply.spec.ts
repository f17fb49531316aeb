// A long reply is rendered a share a task (BlockMarkdown): opened on it, the page shows its end at once,
// and Find in session finds and marks a word far up in it before its Markdown there is rendered.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { writeSessionFile } from './ui-sessionFile';

const findBox = (page: Page) => page.getByRole('textbox', { name: 'Find in session' });
const findBar = (page: Page) => page.getByRole('search', { name: 'Find in session' });

/** Some 90,000 characters of Markdown; paragraph 30 alone names Zanzibar. */
const reply = Array.from(
  { length: 300 },
  (_, i) => `Paragraph **${i}** of a long reply${i === 30 ? ', the one about Zanzibar' : ''}, with \`code\`. ${'Words that go on for a while. '.repeat(8)}`,
).join('\n\n');

test('a long reply opens at its end, and Find in session finds a word far up in it', async ({ page, baton }) => {
  writeSessionFile(baton.dataDir, { id: 'long', title: 'A long reply', messages: 2, timestamp: '2024-01-01T00:00:00.000Z', text: (i) => (i === 0 ? 'Write a lot' : reply) });
  await baton.app.restart();
  await baton.open(page);
  await page.getByRole('link', { name: 'A long reply' }).click();
  const article = page.locator('article.message.assistant');
  await expect(article.locator('strong', { hasText: '299' })).toBeInViewport();

  await page.keyboard.press('Control+F');
  await findBox(page).fill('zanzibar');
  await expect(findBar(page)).toContainText('1 of 1');
  // The match is marked where it shows, brought into view, and its paragraph is rendered as Markdown.
  const current = () =>
    page.evaluate(() => {
      const range = [...(CSS.highlights.get('find-current') ?? [])][0] as Range | undefined;
      if (!range) return null;
      const box = range.getBoundingClientRect();
      return { text: range.toString(), inView: box.top >= 0 && box.bottom <= window.innerHeight };
    });
  await expect.poll(current).toEqual({ text: 'Zanzibar', inView: true });
  await expect(article.locator('p', { hasText: 'the one about Zanzibar' }).locator('strong')).toHaveText('30');
});
