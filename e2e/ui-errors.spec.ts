// Issue 19: Settings from the keyboard, and errors shown where they happened, with the action that fits.
import type { Locator, Page } from '@playwright/test';
import { texts } from '../shared/texts';
import { test, expect } from './fixtures';
import { alertRegion, exchange, handoffDialog, handoffDocument, messageBox, messages, send, statusRegion } from './ui-helpers';

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
      dialog.getByLabel('Language'),
      dialog.getByLabel('Model', { exact: true }),
      dialog.getByLabel('Handoff model'),
      dialog.getByLabel('Thinking', { exact: true }),
      dialog.getByLabel('Thinking budget (tokens)'),
      dialog.getByLabel('Custom instructions'),
      dialog.getByLabel('Invite a handoff above this share of the context window (%)'),
      dialog.getByRole('checkbox', { name: 'Hand off automatically at 85 % of context' }),
      dialog.getByLabel('Hand off automatically at (% of context)'),
      dialog.getByRole('checkbox', { name: 'Prepare the handoff in advance' }),
      dialog.getByRole('checkbox', { name: 'Name sessions automatically' }),
      dialog.getByRole('checkbox', { name: 'Review before starting' }),
      dialog.getByLabel('Handoff prompt'),
      dialog.getByLabel('Sections', { exact: true }),
      dialog.getByRole('switch', { name: 'Web search' }),
      dialog.getByRole('switch', { name: 'Web fetch' }),
      dialog.getByLabel('Time limit of a tool call (seconds)'),
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
      if (control === order[6]) await page.keyboard.type('16384');
      if (control === order[7]) await page.keyboard.type('Be brief.');
      if (control === order[8]) await page.keyboard.press('ArrowUp');
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

/** The control is where a click lands: no notice (nothing) lies over its middle. */
async function expectUncovered(control: Locator): Promise<void> {
  await expect(control).toBeVisible();
  const hit = await control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top && el.contains(top) ? 'the control' : (top?.closest('.notice')?.textContent ?? top?.className ?? 'nothing');
  });
  expect(hit).toBe('the control');
}

test.describe('notices that keep out of the way', () => {
  test('the queue\'s Edit and Remove stay clickable under a notice, and a busy notice goes once the run is over', async ({ page, baton }) => {
    await baton.open(page);
    await exchange(page, baton, 'A first question', 'A first answer.');
    baton.fake.enqueue(
      { kind: 'text', text: 'An answer, streamed slowly to leave time for the clicks.', chunkSize: 4, delayMs: 400 },
      { kind: 'text', text: 'Follow-up answer.' },
    );
    await send(page, 'Second question');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await messageBox(page).fill('And then this');
    await messageBox(page).press('Alt+Enter');
    await page.getByRole('button', { name: 'Hand off', exact: true }).click();
    await expect(statusRegion(page)).toContainText(texts.handoffBusy);
    const queued = page.getByRole('region', { name: 'Queued messages' });
    await expectUncovered(queued.getByRole('button', { name: 'Edit queued message' }));
    await expectUncovered(queued.getByRole('button', { name: 'Remove queued message' }));
    await expect(page.getByText('Follow-up answer.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    // Well before it would have faded: what it asked to wait for is over.
    await expect(statusRegion(page)).not.toContainText(texts.handoffBusy, { timeout: 1_000 });
  });

  test('a notice leaves the handoff row\'s View document clickable; the connection notice goes once the server is back', async ({ page, baton }) => {
    await baton.open(page);
    // Enough of a conversation that the handoff row is the last thing above the composer.
    const long = Array.from({ length: 8 }, (_, i) => `Paragraph ${i + 1} of a long reply.`).join('\n\n');
    await exchange(page, baton, 'Parent with a row', long, 'Paragraph 8 of a long reply.');
    await exchange(page, baton, 'More of it', long.replaceAll('long', 'longer'), 'Paragraph 8 of a longer reply.');
    baton.fake.enqueue({ kind: 'text', text: handoffDocument('ROW') });
    await send(page, '/handoff');
    await expect(statusRegion(page)).toContainText(texts.handoffDone);
    await page.getByRole('button', { name: texts.continuedFrom('Parent with a row') }).click();
    const viewDocument = page.locator('.handoff-exchange').getByRole('button', { name: 'View document' });
    await expect(viewDocument).toBeVisible();
    await baton.app.stop();
    await expect(statusRegion(page)).toContainText('Lost the connection to Baton');
    await expectUncovered(viewDocument);
    await baton.app.start();
    await expect(statusRegion(page)).not.toContainText('Lost the connection', { timeout: 10_000 });
    await expect(alertRegion(page)).toBeEmpty();
  });

  test('an alert leaves the failed message\'s Retry clickable', async ({ page, baton }) => {
    await baton.open(page);
    await exchange(page, baton, 'A first question', 'A first answer.');
    // The test app allows one retry: two failures exhaust it, and the alert stays until dismissed.
    baton.fake.enqueue({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    await send(page, 'Still there?');
    await expect(alertRegion(page)).toContainText('(500)', { timeout: 15_000 });
    await expectUncovered(page.getByTestId('message-row').filter({ hasText: 'Still there?' }).getByRole('button', { name: 'Retry' }));
  });
});
