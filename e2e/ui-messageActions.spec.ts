// Message actions and branches (SPEC §5) in a real browser against the real app (web mode) and a fake
// model server: Copy message, Edit message, Regenerate, Retry, Previous version / Next version, Escape
// stopping a reply, and queued messages that can be edited and removed.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { texts } from '../shared/texts';
import { test, expect } from './fixtures';
import { alertRegion, exchange, messageBox, messages, send, sessionsNav } from './ui-helpers';

/** The row of the message that says `text`: the message and its actions. */
const row = (page: Page, text: string): Locator => page.getByTestId('message-row').filter({ hasText: text });
const stop = (page: Page) => page.getByRole('button', { name: 'Stop' });
/** The text of every request's messages, for what the model was sent. */
const sent = (baton: { fake: { messageRequests(): { body: unknown }[] } }) => JSON.stringify(baton.fake.messageRequests().at(-1)?.body);

test('Copy message copies the message as Markdown', async ({ page, context, baton }) => {
  await baton.open(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baton.url).origin });
  baton.fake.enqueue({ kind: 'text', text: 'Here is **bold** and:\n\n```js\nlet x = 1;\n```' });
  await send(page, 'Show me code');
  await expect(page.getByText('let x = 1;')).toBeVisible();
  const reply = row(page, 'Here is');
  await reply.hover();
  await reply.getByRole('button', { name: 'Copy message' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Here is **bold** and:\n\n```js\nlet x = 1;\n```');
});

test('the actions show on hover and on keyboard focus', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'A question', 'An answer.');
  const tools = row(page, 'An answer.').locator('.message-tools');
  await page.mouse.move(0, 0);
  await expect(tools).toHaveCSS('opacity', '0');
  await row(page, 'An answer.').hover();
  await expect(tools).toHaveCSS('opacity', '1');
  await page.mouse.move(0, 0);
  await expect(tools).toHaveCSS('opacity', '0');
  await row(page, 'An answer.').getByRole('button', { name: 'Regenerate' }).focus();
  await expect(tools).toHaveCSS('opacity', '1');
});

test('Edit message sends a new version; Previous version and Next version switch; reopening shows the branch shown', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'First question', 'First answer.');
  await exchange(page, baton, 'Second question', 'Second answer.');

  const question = row(page, 'Second question');
  await question.hover();
  await question.getByRole('button', { name: 'Edit message' }).click();
  const box = page.getByRole('textbox', { name: 'Edit message' });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('Second question');
  await box.fill('Second question, edited');
  baton.fake.enqueue({ kind: 'text', text: 'Answer to the edit.' });
  await page.getByRole('button', { name: 'Save and send' }).click();

  await expect(page.getByText('Answer to the edit.')).toBeVisible();
  await expect(stop(page)).toBeHidden();
  expect(sent(baton)).toContain('Second question, edited');
  expect(sent(baton)).not.toContain('Second answer.');
  await expect(messages(page)).toHaveCount(4);
  await expect(page.getByText('Second answer.')).toHaveCount(0);
  const edited = row(page, 'Second question, edited');
  await expect(edited).toContainText('2 / 2');
  await expect(messageBox(page)).toBeFocused();
  // Under the user's bubble, on the right like it: the versions and the actions end where it ends (a
  // short bubble's row of actions may reach further left than the bubble does).
  await edited.hover();
  const bubble = (await edited.getByTestId('message').boundingBox())!;
  const column = (await edited.boundingBox())!;
  const next = (await edited.getByRole('button', { name: 'Next version' }).boundingBox())!;
  const lastAction = (await edited.getByRole('button').last().boundingBox())!;
  expect(next.x).toBeGreaterThan(column.x + column.width / 2);
  expect(Math.abs(bubble.x + bubble.width - (lastAction.x + lastAction.width))).toBeLessThan(16);

  await edited.getByRole('button', { name: 'Previous version' }).click();
  await expect(page.getByText('Second answer.')).toBeVisible();
  await expect(page.getByText('Answer to the edit.')).toHaveCount(0);
  const original = row(page, 'Second question');
  await expect(original).toContainText('1 / 2');
  await expect(original.getByRole('button', { name: 'Previous version' })).toBeDisabled();
  await expect(original.getByRole('button', { name: 'Next version' })).toBeFocused();

  // The branch shown is the one the session opens on, and the one the model is sent.
  await page.reload();
  await expect(page.getByText('Second answer.')).toBeVisible();
  await expect(row(page, 'Second question')).toContainText('1 / 2');
  await exchange(page, baton, 'Third question', 'Third answer.');
  expect(sent(baton)).toContain('Second answer.');
  expect(sent(baton)).not.toContain('Answer to the edit.');

  await row(page, 'Second question').getByRole('button', { name: 'Next version' }).click();
  await expect(page.getByText('Answer to the edit.')).toBeVisible();
  await expect(page.getByText('Third answer.')).toHaveCount(0);
  await expect(row(page, 'Second question, edited')).toContainText('2 / 2');
});

test('Cancel and Escape leave a message as it was', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Keep this question', 'Kept answer.');
  const question = row(page, 'Keep this question');
  await question.hover();
  await question.getByRole('button', { name: 'Edit message' }).click();
  await page.getByRole('textbox', { name: 'Edit message' }).fill('Something else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toBeHidden();
  await expect(question.getByRole('button', { name: 'Edit message' })).toBeFocused();

  await question.getByRole('button', { name: 'Edit message' }).press('Enter');
  await page.getByRole('textbox', { name: 'Edit message' }).press('Escape');
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toBeHidden();
  await expect(messages(page)).toHaveCount(2);
  await expect(page.getByText('Kept answer.')).toBeVisible();
  expect(baton.fake.messageRequests()).toHaveLength(1);
});

test('Regenerate writes another reply beside the first; both stay and can be shown', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Name a colour', 'Red.');
  baton.fake.enqueue({ kind: 'text', text: 'Blue.' });
  const reply = row(page, 'Red.');
  await reply.hover();
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText('Blue.')).toBeVisible();
  await expect(page.getByText('Red.')).toHaveCount(0);
  await expect(row(page, 'Blue.')).toContainText('2 / 2');
  expect(sent(baton)).not.toContain('Red.');

  await row(page, 'Blue.').getByRole('button', { name: 'Previous version' }).click();
  await expect(row(page, 'Red.')).toContainText('1 / 2');
  await row(page, 'Red.').getByRole('button', { name: 'Next version' }).click();
  await expect(row(page, 'Blue.')).toContainText('2 / 2');
});

test('a search result in another version of a reply opens the session on that version, at the match', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Name a bird', 'The kestrel hovers.');
  baton.fake.enqueue({ kind: 'text', text: 'The heron waits.' });
  const reply = row(page, 'The kestrel hovers.');
  await reply.hover();
  await reply.getByRole('button', { name: 'Regenerate' }).click();
  await expect(row(page, 'The heron waits.')).toContainText('2 / 2');

  await page.getByRole('button', { name: 'New session' }).click();
  await expect(messages(page)).toHaveCount(0);
  await sessionsNav(page).getByRole('searchbox', { name: 'Search sessions' }).fill('kestrel');
  await sessionsNav(page).getByRole('link', { name: 'Name a bird' }).click();
  await expect(row(page, 'The kestrel hovers.')).toContainText('1 / 2');
  await expect(page.locator('.chat-row.target')).toContainText('The kestrel hovers.');
  await expect(page.getByText('The heron waits.')).toHaveCount(0);
});

test('Retry replaces a failed reply, and answers a message whose reply never came', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'stream_error', text: 'Half an answer', message: 'Overloaded mid-stream' });
  await send(page, 'Tell me');
  const failed = row(page, 'Half an answer');
  await expect(failed).toContainText('Failed:');
  await expect(failed.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  baton.fake.enqueue({ kind: 'text', text: 'A whole answer.' });
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('A whole answer.')).toBeVisible();
  await expect(row(page, 'A whole answer.')).toContainText('2 / 2');

  // The test app allows one retry: two failures exhaust it, and nothing of a reply arrives.
  baton.fake.enqueue({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
  await send(page, 'Are you there?');
  await expect(alertRegion(page)).toContainText('(500)', { timeout: 15_000 });
  baton.fake.enqueue({ kind: 'text', text: 'Yes, here.' });
  await row(page, 'Are you there?').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Yes, here.')).toBeVisible();
  await expect(row(page, 'Are you there?').getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('Regenerate of a cut-off and of a refused reply; a failed handoff stays one compact row in every version', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Plan the trip', 'Go by train.');
  baton.fake.enqueue({ kind: 'text', text: '', stopReason: 'refusal' });
  await send(page, '/handoff');
  const failed = texts.handoffFailed(texts.handoffRefused);
  const handoffRow = page.locator('.handoff-exchange');
  await expect(handoffRow).toHaveText(failed);

  baton.fake.enqueue({ kind: 'text', text: 'The first half of the pl', stopReason: 'max_tokens' });
  await send(page, 'Write the plan');
  const cut = row(page, 'The first half');
  await expect(cut).toContainText(texts.cutOff);
  baton.fake.enqueue({ kind: 'text', text: 'The whole plan.' });
  await cut.hover();
  await cut.getByRole('button', { name: 'Regenerate' }).click();
  await expect(row(page, 'The whole plan.')).toContainText('2 / 2');
  await expect(page.getByText(texts.cutOff, { exact: true })).toHaveCount(0);
  expect(sent(baton)).not.toContain('The first half');
  expect(sent(baton)).not.toContain('This session is being handed off');
  await expect(handoffRow).toHaveText(failed);

  await row(page, 'The whole plan.').getByRole('button', { name: 'Previous version' }).click();
  await expect(row(page, 'The first half')).toContainText('1 / 2');
  await expect(row(page, 'The first half').getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(handoffRow).toHaveText(failed);

  baton.fake.enqueue({ kind: 'text', text: 'Not that.', stopReason: 'refusal' });
  await send(page, 'Something refused');
  const refused = row(page, 'Not that.');
  await expect(refused).toContainText(texts.refusal);
  baton.fake.enqueue({ kind: 'text', text: 'Allowed after all.' });
  await refused.hover();
  await refused.getByRole('button', { name: 'Regenerate' }).click();
  await expect(row(page, 'Allowed after all.')).toContainText('2 / 2');
  expect(sent(baton)).toContain('Something refused');
  expect(sent(baton)).toContain('The first half');

  await page.reload();
  await expect(row(page, 'Allowed after all.')).toContainText('2 / 2');
  await expect(row(page, 'The first half')).toContainText('1 / 2');
  await expect(handoffRow).toHaveText(failed);
  await expect(messages(page).filter({ hasText: 'This session is being handed off' })).toHaveCount(0);
});

test('Escape stops a streaming reply when no dialog is open', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: `One two three ${'and counting '.repeat(12)}The end.`, chunkSize: 4, delayMs: 200 });
  await send(page, 'Count slowly');
  await expect(messages(page).last()).toContainText('One two');

  // With a dialog open, Escape is the dialog's.
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
  await expect(stop(page)).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(stop(page)).toBeHidden();
  const reply = messages(page).last();
  await expect(reply).toContainText('Stopped');
  await expect(reply).not.toContainText('The end.');
});

test('queued messages can be edited and removed before they are sent', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: 'A slow first answer, word after word. '.repeat(6), chunkSize: 4, delayMs: 200 });
  await send(page, 'Start a long answer');
  await expect(stop(page)).toBeVisible();
  await send(page, 'Be brief');
  await messageBox(page).fill('Drop this one');
  await messageBox(page).press('Alt+Enter');
  const queued = page.getByRole('region', { name: 'Queued messages' });
  await expect(queued.getByRole('listitem')).toHaveCount(2);

  const first = queued.getByRole('listitem').filter({ hasText: 'Be brief' });
  await first.getByRole('button', { name: 'Edit queued message' }).click();
  const box = queued.getByRole('textbox', { name: 'Edit queued message' });
  await box.fill('Be very brief');
  await box.press('Enter');
  await expect(queued).toContainText('Be very brief');
  await queued.getByRole('listitem').filter({ hasText: 'Drop this one' }).getByRole('button', { name: 'Remove queued message' }).click();
  await expect(queued.getByRole('listitem')).toHaveCount(1);

  await expect(queued).toBeHidden({ timeout: 30_000 });
  await expect(stop(page)).toBeHidden({ timeout: 30_000 });
  expect(sent(baton)).toContain('Be very brief');
  const everything = JSON.stringify(baton.fake.messageRequests().map((r) => r.body));
  expect(everything).not.toContain('Drop this one');
  expect(everything).not.toContain('"Be brief"');
});

test('versions and the edit box have no serious accessibility violations', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Accessible question', 'Accessible answer.');
  baton.fake.enqueue({ kind: 'text', text: 'Second accessible answer.' });
  await row(page, 'Accessible answer.').getByRole('button', { name: 'Regenerate' }).click();
  await expect(row(page, 'Second accessible answer.')).toContainText('2 / 2');
  await expect(stop(page)).toBeHidden();
  await row(page, 'Accessible question').getByRole('button', { name: 'Edit message' }).click();
  await expect(page.getByRole('textbox', { name: 'Edit message' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  expect(serious).toEqual([]);
});
