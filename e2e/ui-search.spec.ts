// Search sessions by message text and Find in session, in a real browser against the real app.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { exchange, messageBox, messages, sessionsNav, startNewSession } from './ui-helpers';
import { writeSessionFile } from './ui-sessionFile';

const search = (page: Page) => sessionsNav(page).getByRole('searchbox', { name: 'Search sessions' });
const findBox = (page: Page) => page.getByRole('textbox', { name: 'Find in session' });
const findBar = (page: Page) => page.getByRole('search', { name: 'Find in session' });
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

/** How many ranges a CSS highlight holds (the find bar marks matches with the Custom Highlight API). */
const highlighted = (page: Page, name: string) => page.evaluate((n) => CSS.highlights.get(n)?.size ?? 0, name);

test('Search sessions finds a session by the text of an old message; the result opens it at that message, marked', async ({ page, baton }) => {
  writeSessionFile(baton.dataDir, {
    id: 'garden',
    title: 'Gardening',
    messages: 300,
    timestamp: '2024-01-01T00:00:00.000Z',
    text: (i) => (i === 21 ? 'For the sauce, the secret ingredient is marjoram, picked fresh.' : `Message number ${i}: about soil.`),
  });
  writeSessionFile(baton.dataDir, { id: 'other', title: 'Something newer', messages: 4, timestamp: '2024-06-01T00:00:00.000Z' });
  await baton.app.restart();
  await baton.open(page);

  await search(page).fill('MARJORAM sauce');
  const result = sessionsNav(page).getByRole('link', { name: 'Gardening' });
  await expect(result).toBeVisible();
  await expect(sessionsNav(page).getByRole('link')).toHaveCount(1);
  // The words around the match, the matched words marked.
  await expect(result).toContainText('For the sauce, the secret ingredient is marjoram');
  await expect(result.locator('mark')).toHaveText(['sauce', 'marjoram']);

  await result.click();
  const hit = messages(page).filter({ hasText: 'the secret ingredient is marjoram' });
  await expect(hit).toBeInViewport();
  await expect(page.locator('.chat-row.target')).toContainText('marjoram');
  await expect(page.getByText('Message number 299:')).not.toBeInViewport();
});

test('a result whose message is older than the entries first shown loads back to it', async ({ page, baton }) => {
  writeSessionFile(baton.dataDir, {
    id: 'long',
    title: 'A long session',
    messages: 2_600,
    timestamp: '2024-01-01T00:00:00.000Z',
    text: (i) => (i === 10 ? 'We chose the quokka as our mascot.' : `Message number ${i}: nothing special.`),
  });
  await baton.app.restart();
  await baton.open(page);
  await search(page).fill('quokka');
  await sessionsNav(page).getByRole('link', { name: 'A long session' }).click();
  await expect(messages(page).filter({ hasText: 'quokka as our mascot' })).toBeInViewport();
  expect(await messages(page).count()).toBeLessThanOrEqual(200);
});

test('a message is found by search as soon as its reply is saved; titles still match as before', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Tell me about owls', 'Owls can rotate their heads about 270 degrees.');
  await startNewSession(page);
  await exchange(page, baton, 'Another topic', 'Penguins cannot fly.');

  await search(page).fill('rotate heads');
  const owls = sessionsNav(page).getByRole('link', { name: 'Tell me about owls' });
  await expect(owls).toContainText('Owls can rotate their heads');
  await expect(sessionsNav(page).getByRole('link')).toHaveCount(1);

  await search(page).fill('another');
  await expect(sessionsNav(page).getByRole('link')).toHaveText(['Another topic']);
});

test('Find in session: Control+F, the match count, Enter and Shift+Enter, highlights, Escape', async ({ page, baton }) => {
  await baton.open(page);
  // Markdown: the link's address and the stars are not text on screen, so they are neither counted nor marked.
  await exchange(page, baton, 'Which fruit is best?', 'A **mango**. Then a ripe [mango](https://mango.example/mango), then papaya.', 'then papaya.');
  await exchange(page, baton, 'And for smoothies?', 'Mango again!');
  await messageBox(page).focus();

  await page.keyboard.press('Control+F');
  await expect(findBox(page)).toBeFocused();
  await findBox(page).fill('MANGO');
  // Newest first: match 1 is the last reply's.
  await expect(findBar(page)).toContainText('1 of 3');
  await expect.poll(() => highlighted(page, 'find-match')).toBe(3);
  await expect.poll(() => highlighted(page, 'find-current')).toBe(1);
  // The message holding the current match.
  const current = () =>
    page.evaluate(() => {
      const range = [...(CSS.highlights.get('find-current') ?? [])][0] as Range | undefined;
      return range?.startContainer.parentElement?.closest('article')?.textContent ?? '';
    });
  await expect.poll(current).toContain('Mango again!');

  await findBox(page).press('Enter');
  await expect(findBar(page)).toContainText('2 of 3');
  await expect.poll(current).toContain('then papaya');
  await findBox(page).press('Enter');
  await expect(findBar(page)).toContainText('3 of 3');
  await findBox(page).press('Enter'); // wraps around to the newest
  await expect(findBar(page)).toContainText('1 of 3');
  await findBox(page).press('Shift+Enter'); // and back
  await expect(findBar(page)).toContainText('3 of 3');
  await findBar(page).getByRole('button', { name: 'Newer match' }).click();
  await expect(findBar(page)).toContainText('2 of 3');
  await findBar(page).getByRole('button', { name: 'Older match' }).click();
  await expect(findBar(page)).toContainText('3 of 3');

  await findBox(page).fill('kiwi');
  await expect(findBar(page)).toContainText('No matches');
  await expect.poll(() => highlighted(page, 'find-match')).toBe(0);

  await findBox(page).press('Escape');
  await expect(findBar(page)).toBeHidden();
  await expect(messageBox(page)).toBeFocused();
  expect(await highlighted(page, 'find-match')).toBe(0);

  // The close button closes it too, and Control+F opens it again with the last query selected.
  await page.keyboard.press('Control+F');
  await expect(findBox(page)).toHaveValue('kiwi');
  await page.keyboard.type('papaya');
  await expect(findBar(page)).toContainText('1 of 1');
  await findBar(page).getByRole('button', { name: 'Close find' }).click();
  await expect(findBar(page)).toBeHidden();
});

test('Find in session steps through a virtualized 10,000-message chat, loading older messages past the oldest loaded match', async ({ page, baton }) => {
  const needle = new Set([150, 5_000, 9_990]);
  writeSessionFile(baton.dataDir, {
    id: 'huge',
    title: 'Huge session',
    messages: 10_000,
    timestamp: '2020-01-01T00:00:00.000Z',
    text: (i) => (needle.has(i) ? `Message number ${i}: here is the needle.` : `Message number ${i}: hay.`),
  });
  await baton.app.restart();
  await baton.open(page);
  await sessionsNav(page).getByRole('link', { name: 'Huge session' }).click();
  await expect(page.getByText('Message number 9999:')).toBeInViewport();

  await conversation(page).focus();
  await page.keyboard.press('Control+F');
  await findBox(page).fill('needle');
  // Only the newest entries are loaded: one match so far, and the count says more may follow.
  await expect(findBar(page)).toContainText('1 of 1+');
  await expect(page.getByText('Message number 9990:')).toBeInViewport();

  await findBox(page).press('Enter');
  await expect(findBar(page)).toContainText('2 of 2+');
  await expect(page.getByText('Message number 5000:')).toBeInViewport();
  await findBox(page).press('Enter');
  await expect(findBar(page)).toContainText('3 of 3');
  await expect(page.getByText('Message number 150:')).toBeInViewport();
  expect(await messages(page).count()).toBeLessThanOrEqual(200);

  await findBox(page).press('Enter');
  await expect(findBar(page)).toContainText('1 of 3');
  await expect(page.getByText('Message number 9990:')).toBeInViewport();

  // Escape from the bar's buttons too; focus goes back to where it was when the bar opened.
  await findBar(page).getByRole('button', { name: 'Older match' }).focus();
  await page.keyboard.press('Escape');
  await expect(findBar(page)).toBeHidden();
  await expect(conversation(page)).toBeFocused();
});
