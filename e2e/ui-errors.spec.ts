// Issue 19: Settings from the keyboard, and errors shown where they happened, with the action that fits.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { alertRegion, exchange, handoffDialog, messages, send } from './ui-helpers';

const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

test.describe('Settings from the keyboard', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('with Token budget chosen, Tab reaches every control down to Close, each in sight when focused, typing on the way', async ({ page, baton }) => {
    await baton.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = settingsDialog(page);
    await dialog.getByLabel('Thinking', { exact: true }).selectOption('budget');
    // Every control in order after the key field; typing on the way saves a field as it is left, which
    // re-renders the dialog: the focus goes on all the same.
    const order = [
      dialog.getByLabel('Theme'),
      dialog.getByLabel('Font size'),
      dialog.getByLabel('Model', { exact: true }),
      dialog.getByLabel('Handoff model'),
      dialog.getByLabel('Thinking', { exact: true }),
      dialog.getByLabel('Thinking budget (tokens)'),
      dialog.getByLabel('Custom instructions'),
      dialog.getByLabel('Invite a handoff above this share of the context window (%)'),
      dialog.getByRole('checkbox', { name: 'Hand off automatically at 85 % of context' }),
      dialog.getByLabel('Hand off automatically at (% of context)'),
      dialog.getByRole('checkbox', { name: 'Name sessions automatically' }),
      dialog.getByRole('checkbox', { name: 'Review before starting' }),
      dialog.getByRole('switch', { name: 'Web search' }),
      dialog.getByRole('switch', { name: 'Web fetch' }),
      dialog.getByRole('button', { name: 'Open logs folder' }),
      dialog.getByRole('button', { name: 'Close' }),
    ];
    await dialog.getByLabel('Replace API key').focus();
    // The dialog is taller than the window: it scrolls, and its Close stays in sight all the while.
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport({ ratio: 1 });
    for (const control of order) {
      await page.keyboard.press('Tab');
      await expect(control).toBeFocused();
      await expect(control).toBeInViewport({ ratio: 1 });
      if (control === order[5]) await page.keyboard.type('16384');
      if (control === order[6]) await page.keyboard.type('Be brief.');
      if (control === order[7]) await page.keyboard.press('ArrowUp');
    }
    await expect(dialog.getByLabel('Thinking budget (tokens)')).toHaveValue('16384');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  });

  test('a percentage out of range is refused with a message naming the range; the field keeps its value', async ({ page, baton }) => {
    await baton.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const level = settingsDialog(page).getByLabel('Hand off automatically at (% of context)');
    await expect(level).toHaveAccessibleDescription('From 10 to 100 %.');
    await level.fill('150');
    await level.press('Tab');
    await expect(level).toHaveValue('85');
    await expect(level).toHaveAccessibleDescription('150 % is not between 10 and 100 %, so automatic handoff stays at 85 %. From 10 to 100 %.');
    await expect(settingsDialog(page).getByText('150 % is not between 10 and 100 %')).toBeVisible();
  });
});

/** The row (message and its actions) that shows `text`. */
const row = (page: Page, text: string) => page.getByTestId('message-row').filter({ hasText: text });

test.describe('errors on the message they belong to', () => {
  test('a reply that never came: its error and Retry are on the message; Retry brings the reply and takes the error away', async ({ page, baton }) => {
    await baton.open(page);
    // The test app allows one retry: two failures exhaust it, and nothing of a reply arrives.
    baton.fake.enqueue({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    await send(page, 'Are you there?');
    const asked = row(page, 'Are you there?');
    await expect(asked).toContainText('Failed: The Anthropic API had an internal error (500). Try again.', { timeout: 15_000 });
    baton.fake.enqueue({ kind: 'text', text: 'Yes, here.' });
    await asked.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Yes, here.')).toBeVisible();
    await expect(asked).not.toContainText('Failed:');
    await expect(alertRegion(page)).not.toContainText('(500)');
  });

  test('"prompt is too long" offers Hand off on the message, which opens the Hand off dialog', async ({ page, baton }) => {
    await baton.open(page);
    await exchange(page, baton, 'A long conversation', 'It was.');
    baton.fake.enqueue({ kind: 'error', status: 400, message: 'prompt is too long: 212345 tokens > 200000 maximum' });
    await send(page, 'One more thing');
    const asked = row(page, 'One more thing');
    await expect(asked).toContainText("Failed: The conversation is too long for the model's context window.");
    await expect(asked.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await asked.getByRole('button', { name: 'Hand off' }).click();
    await expect(handoffDialog(page)).toBeVisible();
  });

  test('a 429 asking for an hour says so on the message', async ({ page, baton }) => {
    await baton.open(page);
    baton.fake.enqueue({ kind: 'error', status: 429, retryAfter: '3600' });
    await send(page, 'Quick question');
    await expect(row(page, 'Quick question')).toContainText('Try again in 1 hour.');
  });

  test("a refusal shows the API's explanation", async ({ page, baton }) => {
    await baton.open(page);
    const explanation = 'The request asks for instructions that could cause serious harm.';
    baton.fake.enqueue({ kind: 'text', text: '', stopReason: 'refusal', stopDetails: { type: 'refusal', category: 'cyber', explanation } });
    await send(page, 'Something refused');
    await expect(messages(page).last()).toContainText('Claude declined to answer this request.');
    await expect(messages(page).last()).toContainText(`Explanation: ${explanation}`);
  });
});
