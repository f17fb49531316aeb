// The review of a handoff document through the UI (SPEC §4.2, §4.3): the carry-over check's items,
// a chain's changes, Review anyway after a cut-off document, failed attempts as one row, and a review
// that waits across a reload.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { texts } from '../shared/texts';
import { test, expect, type Baton } from './fixtures';
import { alertRegion, exchange, handoffDialog, handoffDocument, messageBox, send, statusRegion } from './ui-helpers';

const card = (page: Page) => page.getByRole('article', { name: 'Handoff context' });
const reviewBox = (page: Page) => handoffDialog(page).getByRole('textbox', { name: 'Handoff document' });
const notInDocument = (page: Page) => handoffDialog(page).getByRole('group', { name: texts.notInDocument });
const handoffButton = (page: Page) => page.getByRole('button', { name: 'Hand off', exact: true });

/** A session where the user named a file and then asked for something: both must survive a handoff. */
async function sessionWithFacts(page: Page, baton: Baton): Promise<void> {
  await baton.open(page);
  await exchange(page, baton, 'Look at `src/lexer.ts` first', 'Looked.', 'Looked.');
  await exchange(page, baton, 'Now plan the release', 'Planned.');
}

/** Generate and review with `document` as the model's text; the review is shown. */
async function review(page: Page, baton: Baton, document: string): Promise<void> {
  await handoffButton(page).click();
  baton.fake.enqueue({ kind: 'text', text: document });
  await handoffDialog(page).getByRole('button', { name: 'Generate and review' }).click();
  await expect(reviewBox(page)).toHaveValue(document);
}

/** The new session's handoff card, opened to its whole document. */
async function handedOffDocument(page: Page) {
  await expect(statusRegion(page)).toContainText(texts.handoffDone);
  await card(page).getByRole('button', { name: 'Show document' }).click();
  return card(page).locator('.handoff-card-body');
}

test('review lists what the document lacks, ticked; an unticked item is not carried over', async ({ page, baton }) => {
  await sessionWithFacts(page, baton);
  await review(page, baton, handoffDocument('FACTS'));

  const items = notInDocument(page).getByRole('checkbox');
  await expect(items).toHaveCount(2);
  const request = notInDocument(page).getByRole('checkbox', { name: 'Last request: Now plan the release' });
  const lexer = notInDocument(page).getByRole('checkbox', { name: 'src/lexer.ts', exact: true });
  await expect(request).toBeChecked();
  await expect(lexer).toBeChecked();
  await lexer.uncheck();
  await handoffDialog(page).getByRole('button', { name: 'Start new session' }).click();

  const document = await handedOffDocument(page);
  await expect(document).toContainText('Also carried over');
  await expect(document).toContainText('Now plan the release');
  await expect(document).not.toContainText('src/lexer.ts');
});

test('a review waits across a reload, editable, with its items; Start new session hands off with them', async ({ page, baton }) => {
  await sessionWithFacts(page, baton);
  await review(page, baton, handoffDocument('RELOAD'));
  await page.reload();

  await expect(reviewBox(page)).toHaveValue(handoffDocument('RELOAD'));
  await expect(reviewBox(page)).toBeEditable();
  await expect(notInDocument(page).getByRole('checkbox')).toHaveCount(2);
  await notInDocument(page).getByRole('checkbox', { name: 'Last request: Now plan the release' }).uncheck();
  await reviewBox(page).fill(`${handoffDocument('RELOAD')}\n\nEdited after the reload.`);
  await handoffDialog(page).getByRole('button', { name: 'Start new session' }).click();

  const document = await handedOffDocument(page);
  await expect(document).toContainText('Edited after the reload.');
  await expect(document).toContainText('src/lexer.ts');
  await expect(document).not.toContainText('Now plan the release');
});

test('a review discarded after a reload stays discarded', async ({ page, baton }) => {
  await sessionWithFacts(page, baton);
  await review(page, baton, handoffDocument('GONE'));
  await page.reload();
  await handoffDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(handoffDialog(page)).toBeHidden();
  await expect(messageBox(page)).toBeFocused();
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(page.locator('.handoff-exchange')).toHaveText('Handoff not completedView document');
  await expect(handoffDialog(page)).toBeHidden();
});

test('a cut-off document: the failure says so with the hint, and Review anyway hands it off once finished by hand', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Write the long plan', 'Sure.');
  const cut = handoffDocument('CUT').slice(0, -12);
  baton.fake.enqueue({ kind: 'text', text: cut, stopReason: 'max_tokens' });
  await send(page, '/handoff');

  await expect(alertRegion(page)).toContainText('Handoff failed: the handoff document was cut off.');
  await expect(alertRegion(page)).toContainText(texts.handoffCutOffHint);
  await expect(handoffDialog(page)).toBeHidden();
  await alertRegion(page).getByRole('button', { name: 'Review anyway' }).click();

  await expect(reviewBox(page)).toHaveValue(cut);
  await expect(handoffDialog(page)).toContainText('This document was cut off');
  await reviewBox(page).fill(handoffDocument('CUT'));
  await handoffDialog(page).getByRole('button', { name: 'Start new session' }).click();
  await expect(card(page)).toContainText('CUT — goal.');
  await expect(card(page)).toContainText('All six sections');
});

test('failed attempts in a row are one row with their count, opening to each, also after a reload', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Refused three times', 'Right.');
  const row = page.locator('.handoff-exchange');
  for (const n of [1, 2, 3]) {
    baton.fake.enqueue({ kind: 'text', text: '', stopReason: 'refusal' });
    await send(page, '/handoff');
    // While the attempt runs it has a row of its own ("Handing off…"); once it fails it joins the failed one.
    await expect(page.locator('.handoff-exchange.failed')).toHaveText(n === 1 ? texts.handoffFailed(texts.handoffRefused) : new RegExp(`^Handoff failed \\(${n} attempts\\)`));
  }
  await expect(row).toHaveCount(1);
  await expect(alertRegion(page)).toContainText(texts.handoffRefusedHint);
  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(row.locator('.handoff-exchange-text').first()).toHaveText('Handoff failed (3 attempts)');
  await expect(row.getByRole('listitem')).toHaveCount(0); // closed: no attempt is shown
  await row.getByRole('button', { name: 'Show attempts' }).click();
  await expect(row.getByRole('listitem')).toHaveText(Array(3).fill(texts.handoffFailed(texts.handoffRefused)));
  await expect(row.getByRole('button', { name: 'Hide attempts' })).toHaveAttribute('aria-expanded', 'true');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: a chain's review shows the changes since the last handoff, with no serious accessibility violations`, async ({ page, baton }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    await exchange(page, baton, 'First leg', 'Done.');
    baton.fake.enqueue({ kind: 'text', text: handoffDocument('ONE') });
    await send(page, '/handoff');
    await expect(card(page)).toContainText('ONE — goal.');

    await exchange(page, baton, 'Second leg, see `src/leg.ts`', 'Done too.', 'Done too.');
    await review(page, baton, handoffDocument('TWO'));
    const changes = handoffDialog(page).getByText('Changes since the last handoff: 6 lines added, 6 removed');
    await changes.click();
    const lines = handoffDialog(page).locator('.handoff-changes-lines li');
    await expect(lines.first()).toHaveText('+Added: TWO — goal.');
    await expect(lines.filter({ hasText: 'Removed: ONE — goal.' })).toHaveCount(1);
    await expect(notInDocument(page).getByRole('checkbox', { name: 'src/leg.ts', exact: true })).toBeChecked();

    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
