// The sessions sidebar and session-level UI: search, shortcuts, new, rename, delete, unreadable records.
import { KNOWN_MODELS } from '../shared/settings';
import { texts } from '../shared/texts';
import { test, expect } from './fixtures';
import { exchange, messageBox, messages, sessionsNav, startNewSession, statusRegion } from './ui-helpers';
import { writeSessionFile } from './ui-sessionFile';

const search = (page: import('@playwright/test').Page) => sessionsNav(page).getByRole('searchbox', { name: 'Search sessions' });

test('search filters the list as you type; clearing it shows every session again', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Apples are red', 'Indeed.');
  await startNewSession(page);
  await exchange(page, baton, 'Bananas are yellow', 'True.');

  const nav = sessionsNav(page);
  await expect(nav.getByRole('link', { name: 'Apples are red' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Bananas are yellow' })).toBeVisible();
  // Newest first, under today's heading.
  await expect(nav.getByRole('heading', { name: 'Today' })).toBeVisible();
  await expect(nav.getByRole('link').first()).toHaveText('Bananas are yellow');

  await search(page).pressSequentially('banan');
  await expect(nav.getByRole('link', { name: 'Bananas are yellow' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Apples are red' })).toBeHidden();

  await search(page).fill('no such words');
  await expect(nav.getByText('No sessions match your search.')).toBeVisible();

  await search(page).fill('');
  await expect(nav.getByRole('link')).toHaveCount(2);
});

test('Control+K focuses the search box', async ({ page, baton }) => {
  await baton.open(page);
  await messageBox(page).focus();
  await page.keyboard.press('Control+K');
  await expect(search(page)).toBeFocused();
});

test('Control+N and the New session button start new sessions; clicking an item opens it', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'The first topic', 'First.');
  await page.keyboard.press('Control+N');
  await expect(messages(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New session');

  const nav = sessionsNav(page);
  await nav.getByRole('link', { name: 'The first topic' }).click();
  await expect(page.getByText('First.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'The first topic' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'New session' }).click();
  await expect(messages(page)).toHaveCount(0);
  await expect(messageBox(page)).toBeFocused();
});

test('rename inline, then delete after confirming in the app', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Old name', 'Reply.');
  const nav = sessionsNav(page);
  const item = nav.getByRole('listitem').filter({ hasText: 'Old name' });
  await item.getByRole('button', { name: 'Rename session' }).click();
  const field = nav.getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeFocused();
  await field.fill('Better name');
  await field.press('Enter');
  await expect(nav.getByRole('link', { name: 'Better name' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Better name');

  // Cancelling the confirmation keeps the session.
  await nav.getByRole('listitem').filter({ hasText: 'Better name' }).getByRole('button', { name: 'Delete session' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete session?' });
  await expect(confirm).toContainText('“Better name” will be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(nav.getByRole('link', { name: 'Better name' })).toBeVisible();

  await nav.getByRole('listitem').filter({ hasText: 'Better name' }).getByRole('button', { name: 'Delete session' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(nav.getByRole('link', { name: 'Better name' })).toBeHidden();
  await expect(messages(page)).toHaveCount(0); // the open session was deleted: a fresh one is open
});

test('a session with unreadable records opens and says how many could not be read', async ({ page, baton }) => {
  writeSessionFile(baton.dataDir, { id: 'damaged', title: 'Damaged session', messages: 6, corruptLines: 2 });
  await baton.app.restart();
  await baton.open(page);
  await sessionsNav(page).getByRole('link', { name: 'Damaged session' }).click();
  await expect(statusRegion(page)).toContainText(texts.unreadableRecords(2));
  await expect(messages(page)).toHaveCount(6);
});

test('the model picker changes the model the next request uses', async ({ page, baton }) => {
  await baton.open(page);
  const model = KNOWN_MODELS[2]!;
  await page.getByRole('combobox', { name: 'Model' }).selectOption(model);
  await exchange(page, baton, 'Which model?', 'Haiku here.');
  expect(baton.fake.messageRequests().at(-1)?.body).toMatchObject({ model });
  // The model is shown once: in the toolbar's picker, not again in the status line.
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue(model);
  await expect(page.locator('.statusline')).not.toContainText(model);
});

test('a model switched to mid-session is told at once, before the first message sent with it, and the same after a reload', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'First question', 'First answer.');
  const first = (baton.fake.messageRequests().at(-1)?.body as { model?: string } | undefined)?.model;
  const model = KNOWN_MODELS.find((m) => m !== first)!;
  const picker = page.getByRole('combobox', { name: 'Model' });
  await picker.selectOption(model);
  await exchange(page, baton, 'Second question', 'Second answer.');
  // By the name the picker shows, not the model's id.
  const name = (await picker.locator('option:checked').textContent())!;
  expect(name).not.toBe(model);
  const note = page.locator('.chat-note', { hasText: texts.modelChangedTo(name) });
  // Between the first answer and the message sent with the new model.
  const rows = async () => (await page.locator('.chat-note, [data-testid="message"]').allTextContents()).map((text) => text.replace(/\s+/g, ' '));
  const told = async () => {
    const shown = await rows();
    const at = shown.findIndex((text) => text.includes(texts.modelChangedTo(name)));
    return [shown.filter((text) => text.includes('Model changed')).length, shown[at - 1]?.includes('First answer.'), shown[at + 1]?.includes('Second question')];
  };
  await expect(note).toHaveCount(1);
  expect(await told()).toEqual([1, true, true]);
  await page.reload();
  await expect(page.getByText('Second answer.')).toBeVisible();
  expect(await told()).toEqual([1, true, true]);
});

test('a narrow window collapses the sidebar into a drawer', async ({ page, baton }) => {
  await page.setViewportSize({ width: 480, height: 800 });
  await page.goto(baton.url); // not baton.open: the navigation stays hidden until asked for
  await expect(messageBox(page)).toBeVisible();
  await expect(search(page)).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Sessions' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(search(page)).toBeVisible();
  // The drawer covers the toggle; Escape (or a click beside it) closes it.
  await page.keyboard.press('Escape');
  await expect(search(page)).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Control+K opens the drawer to focus the search box.
  await page.keyboard.press('Control+K');
  await expect(search(page)).toBeFocused();
});
