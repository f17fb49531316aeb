// Handoff flows of SPEC §4 through the UI: every trigger, the guard, busy refusal, cancel, failure,
// review, and the lineage between the two sessions.
import type { Page } from '@playwright/test';
import { texts } from '../shared/texts';
import { test, expect, type Baton } from './fixtures';
import { alertRegion, exchange, handoffDialog, handoffDocument, messageBox, messages, send, sessionsNav, startNewSession, statusRegion } from './ui-helpers';

const handoffButton = (page: Page) => page.getByRole('button', { name: 'Hand off', exact: true });
/** About five seconds of streaming: long enough to read the preview on a busy machine, short enough to finish. */
const slowDocument = (marker: string) => ({ kind: 'text' as const, text: handoffDocument(marker), chunkSize: 12, delayMs: 250 });

/** The prompt the handoff sent to the model (the last user message of the last request). */
function lastPrompt(baton: Baton): string {
  return JSON.stringify(baton.fake.messageRequests().at(-1)?.body);
}

async function expectHandedOff(page: Page, parentTitle: string, marker: string): Promise<void> {
  await expect(statusRegion(page)).toContainText(texts.handoffDone);
  await expect(handoffDialog(page)).toBeHidden();
  const card = page.getByRole('article', { name: 'Handoff context' });
  await expect(card.getByRole('button', { name: texts.continuedFrom(parentTitle) })).toBeVisible();
  await expect(card).toContainText(`${marker} — goal.`);
  await expect(messageBox(page)).toBeFocused();
}

test('Hand off button: focus, generate, new session with the handoff card and the savings', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Build a parser', 'Sure, let us build it.');
  await handoffButton(page).click();

  const dialog = handoffDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Focus (optional)' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Focus (optional)' }).fill('the error handling');
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('PARSER') });
  await dialog.getByRole('button', { name: 'Generate handoff' }).click();

  await expectHandedOff(page, 'Build a parser', 'PARSER');
  expect(lastPrompt(baton)).toContain('Additional focus: the error handling');
  await expect(page.getByText(/^Handoff \S+ → \S+ tokens$/)).toBeVisible();
  // The new session is current in the sidebar and shows where it came from.
  const current = sessionsNav(page).locator('li').filter({ has: page.locator('[aria-current="page"]') });
  await expect(current).toContainText('↳ handed off from Build a parser');
  await expect(sessionsNav(page).locator('li').filter({ hasText: 'Build a parser' }).first()).toBeVisible();
});

test('Control+Shift+H opens the dialog', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Shortcut session', 'Noted.');
  await page.keyboard.press('Control+Shift+H');
  await expect(handoffDialog(page)).toBeVisible();
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('SHORTCUT') });
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expectHandedOff(page, 'Shortcut session', 'SHORTCUT');
});

test('/handoff <focus> goes straight to generation with that focus, showing the preview', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Slash session', 'Ready.');
  baton.fake.enqueue(slowDocument('SLASH'));
  await send(page, '/handoff keep the tests green');

  const dialog = handoffDialog(page);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Handoff preview' }).getByRole('heading', { name: 'Goal' })).toBeVisible();
  await expectHandedOff(page, 'Slash session', 'SLASH');
  await expect(messageBox(page)).toHaveValue('');
  expect(lastPrompt(baton)).toContain('Additional focus: keep the tests green');
  // The command itself was never sent as a chat message.
  await expect(messages(page).filter({ hasText: '/handoff' })).toHaveCount(0);
});

test('/handoff without focus starts generating at once: the dialog opens generating and the document streams', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Plain slash', 'Fine.');
  baton.fake.enqueue(slowDocument('BARE'));
  await send(page, '/handoff');

  const dialog = handoffDialog(page);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Generate handoff' })).toHaveCount(0);
  await expect(dialog.getByRole('region', { name: 'Handoff preview' }).getByRole('heading', { name: 'Goal' })).toBeVisible();
  await expectHandedOff(page, 'Plain slash', 'BARE');
  await expect(messageBox(page)).toHaveValue('');
  expect(lastPrompt(baton)).not.toContain('Additional focus');
  await expect(messages(page).filter({ hasText: '/handoff' })).toHaveCount(0);
});

test('with fewer than two messages: a warning, no dialog, and the button stays enabled', async ({ page, baton }) => {
  await baton.open(page);
  await handoffButton(page).click();
  await expect(statusRegion(page)).toContainText(texts.nothingToHandOff);
  await expect(handoffDialog(page)).toBeHidden();
  await expect(handoffButton(page)).toBeEnabled();
  expect(baton.fake.messageRequests()).toHaveLength(0);
});

test('while a reply streams, handoff is refused by every trigger and nothing is queued', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Busy session', 'First.');
  // It waits after its first words until Stop: every refusal below happens while it streams.
  baton.fake.enqueue({ kind: 'stall', text: 'A second answer that waits' });
  await send(page, 'Second question');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

  await page.keyboard.press('Control+Shift+H');
  await expect(statusRegion(page)).toContainText(texts.handoffBusy);
  await expect(handoffDialog(page)).toBeHidden();

  await send(page, '/handoff now please');
  // Refused, the command and its focus stay in the box, to be sent again once the reply is done.
  await expect(messageBox(page)).toHaveValue('/handoff now please');
  await expect(statusRegion(page)).toContainText(texts.handoffBusy);
  await expect(handoffDialog(page)).toBeHidden();
  await expect(page.getByRole('region', { name: 'Queued messages' })).toBeHidden();
  await page.getByRole('button', { name: 'Stop' }).click();
  expect(JSON.stringify(baton.fake.messageRequests())).not.toContain('now please');
});

/** Sends a question whose reply streams for about half a minute, hands off another session meanwhile, and comes back. */
async function handOffElsewhereWhileStreaming(page: Page, baton: Baton) {
  await baton.open(page);
  await exchange(page, baton, 'Busy session', 'First.');
  // Streams for about half a minute: still going when the other session has handed off on a busy machine.
  baton.fake.enqueue({ kind: 'text', text: `A long answer ${'that goes on '.repeat(60)}to its end`, chunkSize: 13, delayMs: 500 });
  await send(page, 'Second question');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

  await startNewSession(page);
  await exchange(page, baton, 'Meanwhile elsewhere', 'Here too.');
  const busy = sessionsNav(page).getByRole('link', { name: 'Busy session' });
  await expect(busy.getByRole('img', { name: 'Generating' })).toBeVisible();
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('ELSEWHERE') });
  await handoffButton(page).click();
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expectHandedOff(page, 'Meanwhile elsewhere', 'ELSEWHERE');
  await busy.click();
  return busy;
}

test('only the session whose reply streams is busy: another one hands off meanwhile, and the reply goes on', async ({ page, baton }) => {
  const busy = await handOffElsewhereWhileStreaming(page, baton);
  await expect(messages(page).last()).toContainText('that goes on');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(messages(page).last()).toContainText('Stopped');
  await expect(busy.getByRole('img', { name: 'Generating' })).toBeHidden();
});

test('coming back to a session whose reply streams shows the reply from its first words', async ({ page, baton }) => {
  await handOffElsewhereWhileStreaming(page, baton);
  await expect(messages(page).last()).toContainText('A long answer that goes on');
});

test('coming back to a session whose handoff runs shows the dialog generating, whose Cancel stops it', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Other topic', 'Elsewhere.');
  await startNewSession(page);
  await exchange(page, baton, 'Returning parent', 'Understood.');
  // About seventeen seconds: still being written when the user is back, however busy the machine.
  baton.fake.enqueue({ ...slowDocument('RETURN'), chunkSize: 4 });
  await handoffButton(page).click();
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await handoffDialog(page).getByRole('button', { name: 'Continue in background' }).click();
  await sessionsNav(page).getByRole('link', { name: 'Other topic' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Other topic');

  await sessionsNav(page).getByRole('link', { name: 'Returning parent' }).click();
  const preview = handoffDialog(page).getByRole('region', { name: 'Handoff preview' });
  await expect(preview.getByRole('heading', { name: 'Goal' })).toBeVisible();
  // The dialog is that handoff's again: Cancel stops it.
  await handoffDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(statusRegion(page)).toContainText(texts.handoffCancelled);
  await expect(handoffDialog(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Returning parent');
  await expect.poll(() => baton.fake.messageRequests().at(-1)?.aborted).toBe(true);
});

for (const how of ['Escape', 'the Cancel button'] as const) {
  test(`cancelling a running handoff with ${how} keeps the old session`, async ({ page, baton }) => {
    await baton.open(page);
    await exchange(page, baton, `Cancel by ${how}`, 'Okay.');
    await handoffButton(page).click();
    // The document stops mid-way and waits: the cancel can never race its end on a busy machine.
    baton.fake.enqueue({ kind: 'stall', text: handoffDocument('CANCELLED').slice(0, 200) });
    await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
    await expect(handoffDialog(page).getByRole('region', { name: 'Handoff preview' }).getByRole('heading', { name: 'Goal' })).toBeVisible();

    if (how === 'Escape') await page.keyboard.press('Escape');
    else await handoffDialog(page).getByRole('button', { name: 'Cancel' }).click();

    await expect(statusRegion(page)).toContainText(texts.handoffCancelled);
    await expect(handoffDialog(page)).toBeHidden();
    await expect(messageBox(page)).toBeFocused();
    await expect(page.getByRole('article', { name: 'Handoff context' })).toHaveCount(0);
    await expect(sessionsNav(page).getByRole('link', { name: `Cancel by ${how}` })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => baton.fake.messageRequests().at(-1)?.aborted).toBe(true);
  });
}

test('a server error that outlasts the retries fails the handoff with its message', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Failing handoff', 'Right.');
  baton.fake.enqueue({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
  await page.keyboard.press('Control+Shift+H');
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expect(alertRegion(page)).toContainText('Handoff failed: ', { timeout: 15_000 });
  await expect(alertRegion(page)).toContainText('(500)');
  await expect(handoffDialog(page)).toBeHidden();
  await expect(page.getByRole('article', { name: 'Handoff context' })).toHaveCount(0);
});

test('an error mid-stream fails the handoff', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Mid-stream failure', 'Right.');
  baton.fake.enqueue({ kind: 'stream_error', text: '## Goal\nHalf a docu' });
  await page.keyboard.press('Control+Shift+H');
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expect(alertRegion(page)).toContainText('Handoff failed: ');
  await expect(statusRegion(page)).not.toContainText(texts.handoffCancelled);
  await expect(page.getByRole('article', { name: 'Handoff context' })).toHaveCount(0);
});

test('an empty reply is a failure, not a cancel', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Empty handoff', 'Right.');
  baton.fake.enqueue({ kind: 'empty' });
  await page.keyboard.press('Control+Shift+H');
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expect(alertRegion(page)).toContainText('Handoff failed: ');
  await expect(statusRegion(page)).not.toContainText(texts.handoffCancelled);
  await expect(handoffDialog(page)).toBeHidden();
});

test('a document missing sections still hands off, with a warning naming them', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Sparse handoff', 'Right.');
  baton.fake.enqueue({ kind: 'text', text: '## Goal\nSPARSE — goal.\n\n## Next Steps\nMore.' });
  await page.keyboard.press('Control+Shift+H');
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expectHandedOff(page, 'Sparse handoff', 'SPARSE');
  await expect(statusRegion(page)).toContainText('missing sections: Constraints & Preferences, Progress, Key Decisions, Critical Context');
});

test('review first: the edited document is what the new session starts with', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Reviewed session', 'Right.');
  await handoffButton(page).click();
  const dialog = handoffDialog(page);
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('ORIGINAL') });
  await dialog.getByRole('button', { name: 'Generate and review' }).click();

  const document = dialog.getByRole('textbox', { name: 'Handoff document' });
  await expect(document).toHaveValue(/ORIGINAL — goal\./);
  await document.fill(handoffDocument('EDITED'));
  await dialog.getByRole('button', { name: 'Start new session' }).click();

  await expectHandedOff(page, 'Reviewed session', 'EDITED');
  await expect(page.getByRole('article', { name: 'Handoff context' })).not.toContainText('ORIGINAL');

  // The choice is remembered: it is the next dialog's default, the one Enter uses.
  await exchange(page, baton, 'Next question', 'Next answer.');
  await handoffButton(page).click();
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('AGAIN') });
  await handoffDialog(page).getByRole('textbox', { name: 'Focus (optional)' }).press('Enter');
  await expect(handoffDialog(page).getByRole('textbox', { name: 'Handoff document' })).toHaveValue(/AGAIN — goal\./);
});

test('review first: Discard keeps the old session as it is', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Discarded handoff', 'Right.');
  await handoffButton(page).click();
  const dialog = handoffDialog(page);
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('DISCARDED') });
  await dialog.getByRole('button', { name: 'Generate and review' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Handoff document' })).toHaveValue(/DISCARDED/);
  await dialog.getByRole('button', { name: 'Discard' }).click();

  await expect(dialog).toBeHidden();
  await expect(messageBox(page)).toBeFocused();
  await expect(page.getByRole('article', { name: 'Handoff context' })).toHaveCount(0);
  await expect(sessionsNav(page).getByRole('link', { name: 'Discarded handoff' })).toHaveAttribute('aria-current', 'page');
  await expect(sessionsNav(page).getByRole('link')).toHaveCount(1);
});

test('"Continued from …" opens the parent session', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'The parent session', 'Parent reply.');
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('CHILD') });
  await send(page, '/handoff onwards');
  await expectHandedOff(page, 'The parent session', 'CHILD');

  await page.getByRole('button', { name: texts.continuedFrom('The parent session') }).click();
  await expect(page.getByText('Parent reply.')).toBeVisible();
  await expect(sessionsNav(page).getByRole('link', { name: 'The parent session' })).toHaveAttribute('aria-current', 'page');
  const parentItem = sessionsNav(page).locator('li').filter({ has: page.locator('[aria-current="page"]') });
  await expect(parentItem).toContainText('→ handed off to');
});

test('a failed handoff leaves one compact row, also after a reload, and never a "You" message with the prompt', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Refused handoff', 'Right.');
  baton.fake.enqueue({ kind: 'text', text: '', stopReason: 'refusal' });
  await send(page, '/handoff');
  const failed = texts.handoffFailed(texts.handoffRefused);
  await expect(alertRegion(page)).toContainText(failed);

  const row = page.locator('.handoff-exchange');
  await expect(row).toHaveText(failed);
  await expect(messages(page)).toHaveCount(2);
  await expect(page.getByText('This session is being handed off')).toHaveCount(0);

  await page.reload();
  await expect(row).toHaveText(failed);
  await expect(messages(page)).toHaveCount(2);
  await expect(page.getByText('This session is being handed off')).toHaveCount(0);

  // The exchange stays out of the next request's context.
  await exchange(page, baton, 'Carry on', 'Carrying on.');
  expect(lastPrompt(baton)).not.toContain('This session is being handed off');
});

test('the parent session shows "Handed off → <title>" with View document; the title opens the new session', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Parent with a row', 'Parent reply.');
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('ROW') });
  await send(page, '/handoff');
  await expectHandedOff(page, 'Parent with a row', 'ROW');

  await page.getByRole('button', { name: texts.continuedFrom('Parent with a row') }).click();
  const row = page.locator('.handoff-exchange');
  await expect(row).toHaveText(texts.handedOffTo('ROW — goal.') + 'View document');
  await expect(messages(page).filter({ hasText: 'You' })).toHaveCount(1);

  await row.getByRole('button', { name: 'View document' }).click();
  await expect(row.getByRole('button', { name: 'Hide document' })).toHaveAttribute('aria-expanded', 'true');
  await expect(row).toContainText('ROW — next steps.');

  await row.getByRole('link', { name: 'ROW — goal.' }).click();
  await expect(page.getByRole('article', { name: 'Handoff context' })).toContainText('ROW — goal.');
  await expect(sessionsNav(page).getByRole('link', { name: 'ROW — goal.' })).toHaveAttribute('aria-current', 'page');
});
