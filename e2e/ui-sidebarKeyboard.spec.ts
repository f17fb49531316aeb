// The sidebar from the keyboard and with many sessions: the skip link, the search box's ↓ and Enter, one
// Tab stop per row, and a virtualized list of 2,000 sessions that still draws its trees and opens rows.
import { test, expect } from './fixtures';
import { messageBox, sessionsNav } from './ui-helpers';
import { writeSessionFile } from './ui-sessionFile';

const search = (page: import('@playwright/test').Page) => sessionsNav(page).getByRole('searchbox', { name: 'Search sessions' });

test('the first Tab stop is a skip link, shown on focus, that takes focus to the message box', async ({ page, baton }) => {
  await baton.open(page);
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to message box' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(messageBox(page)).toBeFocused();
  await expect(skip).not.toBeInViewport();
});

test('search from the keyboard: ↓ and ↑ move through the results, Enter opens one and the composer takes focus', async ({ page, baton }) => {
  for (const [i, title] of ['Walrus facts', 'Walrus habitats', 'Penguin facts'].entries()) {
    writeSessionFile(baton.dataDir, { id: `k${i}`, title, messages: 2, timestamp: `2024-05-0${i + 1}T00:00:00.000Z` });
  }
  await baton.app.restart();
  await baton.open(page);
  await page.getByRole('link', { name: 'Penguin facts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Penguin facts');

  await search(page).focus();
  await page.keyboard.type('walrus');
  const nav = sessionsNav(page);
  await expect(nav.getByRole('link')).toHaveCount(2);
  // The header keeps the session shown, though the search leaves it out.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Penguin facts');
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Walrus habitats' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: 'Walrus facts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Walrus facts');
  await expect(messageBox(page)).toBeFocused();

  await search(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Walrus habitats');
  await expect(messageBox(page)).toBeFocused();
});

test('one Tab stop per row: the arrow keys reach its Open in new window, Rename and Delete', async ({ page, baton }) => {
  for (const [i, title] of ['First row', 'Second row'].entries()) {
    writeSessionFile(baton.dataDir, { id: `r${i}`, title, messages: 2, timestamp: `2024-05-0${i + 1}T00:00:00.000Z` });
  }
  await baton.app.restart();
  await baton.open(page);
  const nav = sessionsNav(page);
  await nav.getByRole('link', { name: 'Second row' }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'First row' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(nav.getByRole('button', { name: 'Rename session' }).last()).toBeFocused();
  await page.keyboard.press('Enter');
  const field = nav.getByRole('textbox');
  await expect(field).toBeFocused();
  await field.fill('First row, renamed');
  await field.press('Enter');
  await expect(nav.getByRole('link', { name: 'First row, renamed' })).toBeVisible();
});

test('2,000 sessions: the list mounts a screenful, keeps its trees, scrolls to any row and opens it', async ({ page, baton }) => {
  const base = Date.parse('2024-01-01T00:00:00.000Z');
  for (let i = 0; i < 2_000; i++) {
    writeSessionFile(baton.dataDir, {
      id: `m${i}`,
      title: `Many ${i}`,
      messages: 2,
      timestamp: new Date(base + i * 3_600_000).toISOString(),
      ...(i % 10 === 9 ? { parentSession: `m${i - 1}` } : {}),
    });
  }
  await baton.app.restart();
  await baton.open(page);
  const nav = sessionsNav(page);
  await expect(nav.getByRole('link', { name: 'Many 1999' })).toBeVisible();
  expect(await nav.getByRole('link').count()).toBeLessThan(100);
  // The newest chain: Many 1998 with Many 1999 handed off from it, under it with its connector.
  const child = nav.locator('li', { has: page.getByRole('link', { name: 'Many 1999', exact: true }) });
  await expect(child.locator('.guide.elbow')).toHaveCount(1);
  await expect(nav.getByRole('heading').first()).toBeVisible();

  // The keyboard walks the list past what was mounted; End reaches the oldest session.
  await nav.getByRole('link').first().focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowDown');
  await expect(page.locator(':focus')).toHaveText(/^Many \d+$/);
  await page.keyboard.press('End');
  await expect(nav.getByRole('link', { name: 'Many 0', exact: true })).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Many 0', exact: true })).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Many 0');
  await expect(messageBox(page)).toBeFocused();
});
