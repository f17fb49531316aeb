// The app shell around the chat: the list's end, notices, the toolbar and its overflow menu, the
// sidebar's tree, and the settings that change how Baton looks.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { messages, send, sessionsNav } from './ui-helpers';
import { writeSessionFile } from './ui-sessionFile';

/** How far the conversation is scrolled from its end, in pixels. */
const distanceFromEnd = (page: Page) =>
  page.getByRole('region', { name: 'Conversation' }).evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);

test('the chat stays at its end when a reply finishes, is cut off or is stopped', async ({ page, baton }) => {
  test.slow(); // two streamed replies after a restart
  writeSessionFile(baton.dataDir, { id: 'long', title: 'A long session', messages: 30 });
  await baton.app.restart();
  await baton.open(page);
  await sessionsNav(page).getByRole('link', { name: 'A long session' }).click();
  await expect(page.getByText('Message number 29:')).toBeInViewport();

  baton.fake.enqueue({ kind: 'text', text: 'A reply that runs out of room and is cut', chunkSize: 6, delayMs: 60, stopReason: 'max_tokens' });
  await send(page, 'Write until you run out');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeInViewport();
  await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);

  baton.fake.enqueue({ kind: 'text', text: 'One two three four five six seven eight nine ten.', chunkSize: 4, delayMs: 300 });
  await send(page, 'Count slowly');
  await expect(messages(page).last()).toContainText('One two');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(messages(page).last().getByText('Stopped')).toBeInViewport();
  await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);
});
