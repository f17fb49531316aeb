// Handoff first (SPEC §4.2 "Lineage you can see", "Review first", "Auto-handoff", §5): the collapsed
// handoff card, the dialog's choices and its Markdown preview, the confirmation before edits are thrown
// away, distinct titles along a chain, automatic handoff, and no model change that never happened.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { texts } from '../shared/texts';
import { test, expect, type Baton } from './fixtures';
import { exchange, handoffDialog, handoffDocument, messageBox, messages, send, sessionsNav, shownSession, statusRegion } from './ui-helpers';

const card = (page: Page) => page.getByRole('article', { name: 'Handoff context' });
const reviewBox = (page: Page) => handoffDialog(page).getByRole('textbox', { name: 'Handoff document' });

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A session with one exchange handed off with `document`: the new session is open. */
async function handedOff(page: Page, baton: Baton, title: string, document: string): Promise<void> {
  await exchange(page, baton, title, 'Understood.');
  baton.fake.enqueue({ kind: 'text', text: document });
  await send(page, '/handoff');
  await expect(statusRegion(page)).toContainText(texts.handoffDone);
}

/** The review of a generated document, reached through Generate and review. */
async function inReview(page: Page, baton: Baton, marker: string): Promise<void> {
  await exchange(page, baton, `Review ${marker}`, 'Right.');
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  baton.fake.enqueue({ kind: 'text', text: handoffDocument(marker) });
  await handoffDialog(page).getByRole('button', { name: 'Generate and review' }).click();
  await expect(reviewBox(page)).toHaveValue(new RegExp(`${marker} — goal`));
}

test('the handoff card is one line until opened, then the whole document with no scroll of its own', async ({ page, baton }) => {
  await baton.open(page);
  const long = handoffDocument('CARD').replace('CARD — next steps.', `${'A long step. '.repeat(300)}\n\nCARD — the very last line.`);
  await handedOff(page, baton, 'Card parent', long);

  const toggle = card(page).getByRole('button', { name: 'Show document' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(card(page)).toContainText(texts.continuedFrom('Card parent'));
  await expect(card(page)).toContainText('All six sections');
  await expect(card(page).getByText(/^\S+ → \S+ tokens$/)).toBeVisible();
  await expect(card(page).getByText('CARD — goal.')).toBeHidden();
  const line = (await card(page).boundingBox())!;
  expect(line.height).toBeLessThan(60);

  // By keyboard: the toggle is a button that says whether it is open.
  await toggle.focus();
  await page.keyboard.press('Enter');
  const hide = card(page).getByRole('button', { name: 'Hide document' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(hide).toBeFocused();
  const body = card(page).locator('.handoff-card-body');
  await expect(body.getByRole('heading', { name: 'Goal' })).toBeVisible();
  const { scrollHeight, clientHeight } = await body.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight + 1);
  const last = card(page).getByText('CARD — the very last line.');
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();

  await page.keyboard.press('Space');
  await expect(card(page).getByRole('button', { name: 'Show document' })).toHaveAttribute('aria-expanded', 'false');
  await expect(card(page).getByText('CARD — goal.')).toBeHidden();
});

test('a document missing sections says which on the card', async ({ page, baton }) => {
  await baton.open(page);
  await handedOff(page, baton, 'Sparse parent', '## Goal\nSPARSE — goal.\n\n## Next Steps\nMore.');
  await expect(card(page)).toContainText('Missing: Constraints & Preferences, Progress, Key Decisions, Critical Context');
  // However long the list, the way to the parent keeps its place on the line.
  const from = card(page).getByRole('button', { name: texts.continuedFrom('Sparse parent') });
  await expect(from).toBeVisible();
  expect(await from.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

for (const width of [1280, 420]) {
  test(`a very long parent title stays inside the card at ${width} px, cut short, its whole text still its name`, async ({ page, baton }) => {
    await baton.open(page);
    await page.setViewportSize({ width, height: 800 });
    await exchange(page, baton, 'Soon renamed', 'Understood.');
    // A renamed session's title may be far longer than one taken from its first message.
    const title = `Plan the migration of ${'every single legacy service '.repeat(8)}to the new platform`;
    // Renamed from elsewhere (another window, say): the page follows.
    const elsewhere = baton.app.core.connect();
    await elsewhere.dispatch('sessions.rename', { id: shownSession(page), title }, true);
    elsewhere.close();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    baton.fake.enqueue({ kind: 'text', text: handoffDocument('LONG') });
    await send(page, '/handoff');
    await expect(statusRegion(page)).toContainText(texts.handoffDone);

    const from = card(page).getByRole('button', { name: texts.continuedFrom(title) });
    await expect(from).toHaveAttribute('title', texts.continuedFrom(title));
    const [cardBox, fromBox] = [(await card(page).boundingBox())!, (await from.boundingBox())!];
    expect(fromBox.x + fromBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(await card(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await from.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true); // cut short with "…"
  });
}

test('Generate handoff and Generate and review side by side; the last one used is the default for Enter', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Choice session', 'Right.');
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  const dialog = handoffDialog(page);
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  const [plain, review] = [dialog.getByRole('button', { name: 'Generate handoff' }), dialog.getByRole('button', { name: 'Generate and review' })];
  const [a, b] = [(await plain.boundingBox())!, (await review.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2); // one row
  await expect(dialog).toContainText('Enter: Generate handoff');

  baton.fake.enqueue({ kind: 'text', text: handoffDocument('CHOICE') });
  await review.click();
  await expect(reviewBox(page)).toHaveValue(/CHOICE — goal\./);
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  await expect(dialog).toContainText('Enter: Generate and review');
  // Shift+Enter is a new line in the focus, Enter the default choice.
  const focus = dialog.getByRole('textbox', { name: 'Focus (optional)' });
  await focus.fill('the parser');
  await focus.press('Shift+Enter');
  await focus.pressSequentially('and its tests');
  await expect(focus).toHaveValue('the parser\nand its tests');
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('AGAIN') });
  await focus.press('Enter');
  await expect(reviewBox(page)).toHaveValue(/AGAIN — goal\./);
  expect(JSON.stringify(baton.fake.messageRequests().at(-1)?.body)).toContain('Additional focus: the parser\\nand its tests');
});

test('the preview shows the document as Markdown while it is written', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Preview session', 'Right.');
  // Stops half way, so the preview can be read while it is still being written.
  baton.fake.enqueue({ kind: 'stall', text: `${handoffDocument('PREVIEW').slice(0, 120)}` });
  await send(page, '/handoff');
  const preview = handoffDialog(page).getByRole('region', { name: 'Handoff preview' });
  await expect(preview.getByRole('heading', { name: 'Goal' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Constraints & Preferences' })).toBeVisible();
  await expect(preview).not.toContainText('##');
  await page.keyboard.press('Escape');
  await expect(statusRegion(page)).toContainText(texts.handoffCancelled);
});

test('review: an unedited document is discarded by Escape at once', async ({ page, baton }) => {
  await baton.open(page);
  await inReview(page, baton, 'PLAIN');
  await page.keyboard.press('Escape');
  await expect(handoffDialog(page)).toBeHidden();
  await expect(messageBox(page)).toBeFocused();
});

test('review: an edited document is never thrown away unasked, by Escape or Discard', async ({ page, baton }) => {
  await baton.open(page);
  await inReview(page, baton, 'EDIT');
  const dialogs: string[] = [];
  page.on('dialog', (d) => void dialogs.push(d.message()));
  await reviewBox(page).fill(handoffDocument('MINE'));

  await page.keyboard.press('Escape');
  const question = handoffDialog(page).getByRole('alertdialog', { name: 'Discard the edited document?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(reviewBox(page)).toBeFocused();
  await expect(reviewBox(page)).toHaveValue(/MINE — goal\./);

  await handoffDialog(page).getByRole('button', { name: 'Discard' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard edits' }).click();
  await expect(handoffDialog(page)).toBeHidden();
  await expect(statusRegion(page)).toContainText('Handoff discarded');
  expect(dialogs).toEqual([]); // asked in the app, never with window.confirm
});

test('handing off again and again with the same Goal gives every session of the chain its own title', async ({ page, baton }) => {
  await baton.open(page);
  const goal = 'Finish the work on the parser';
  const document = `## Goal\n${goal}\n\n## Next Steps\nTest it.`;
  await handedOff(page, baton, goal, document);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${goal} (2)`);
  await exchange(page, baton, 'One more step', 'Done.');
  baton.fake.enqueue({ kind: 'text', text: document });
  await send(page, '/handoff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${goal} (3)`);
  await expect(card(page).getByRole('button', { name: texts.continuedFrom(`${goal} (2)`) })).toBeVisible();
  for (const title of [goal, `${goal} (2)`, `${goal} (3)`]) {
    await expect(sessionsNav(page).getByRole('link', { name: title, exact: true })).toHaveCount(1);
  }
});

test('a reopened session does not claim its model changed', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'First question', 'First answer.');
  await exchange(page, baton, 'Second question', 'Second answer.');
  await page.reload();
  await expect(messages(page)).toHaveCount(4);
  await expect(page.getByText(/Model changed/)).toHaveCount(0);
});

test.describe('auto-handoff', () => {
  async function turnOn(page: Page, level: string): Promise<void> {
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const box = settings.getByRole('checkbox', { name: 'Hand off automatically at 85 % of context' });
    await expect(box).not.toBeChecked();
    await box.check();
    await settings.getByRole('spinbutton', { name: 'Hand off automatically at (% of context)' }).fill(level);
    await settings.getByRole('button', { name: 'Close' }).click();
  }
  /** A reply whose usage fills `percent` of the 200,000-token window. */
  const replyAt = (percent: number, text: string) => ({ kind: 'text' as const, text, usage: { input_tokens: percent * 2_000 - 10, output_tokens: 10 } });

  test('off by default; turned on, a reply ending above the level hands off by itself', async ({ page, baton }) => {
    await baton.open(page);
    baton.fake.enqueue(replyAt(90, 'Nearly full, but nothing is set.'));
    await send(page, 'Fill it up');
    await expect(page.getByText('Nearly full, but nothing is set.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await expect(handoffDialog(page)).toBeHidden();

    await turnOn(page, '50');
    baton.fake.enqueue(replyAt(60, 'Above the level now.'), { kind: 'text', text: handoffDocument('AUTO') });
    await send(page, 'One more');
    await expect(statusRegion(page)).toContainText(texts.handoffDone);
    await expect(card(page).getByRole('button', { name: texts.continuedFrom('Fill it up') })).toBeVisible();
    // Kept: the next time the app opens, it is still on.
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('checkbox', { name: 'Hand off automatically at 50 % of context' })).toBeChecked();
  });

  test('with review first it stops at the review, and does not start again in that session', async ({ page, baton }) => {
    await baton.open(page);
    await turnOn(page, '50');
    await exchange(page, baton, 'Reviewed automatically', 'Right.');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('checkbox', { name: 'Review before starting' }).check();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();

    baton.fake.enqueue(replyAt(70, 'Above it.'), { kind: 'text', text: handoffDocument('AUTOREVIEW') });
    await send(page, 'More');
    await expect(reviewBox(page)).toHaveValue(/AUTOREVIEW — goal\./);
    await expect(handoffDialog(page)).toContainText('The context reached 50 % of the window, so this session is handed off automatically.');
    await handoffDialog(page).getByRole('button', { name: 'Discard' }).click();
    await expect(handoffDialog(page)).toBeHidden();

    baton.fake.enqueue(replyAt(80, 'Still above it.'));
    await send(page, 'Even more');
    await expect(page.getByText('Still above it.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await expect(handoffDialog(page)).toBeHidden();
    await expect(sessionsNav(page).getByRole('link', { name: 'Reviewed automatically' })).toHaveAttribute('aria-current', 'page');
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: the open handoff card has no serious accessibility violations`, async ({ page, baton }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    await handedOff(page, baton, 'Accessible parent', '## Goal\nA11Y — goal.\n\n## Progress\nSome.');
    await card(page).getByRole('button', { name: 'Show document' }).click();
    await expect(card(page).getByRole('heading', { name: 'Goal' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${scheme} theme: the review and its question have no serious accessibility violations`, async ({ page, baton }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    await inReview(page, baton, 'AXE');
    await reviewBox(page).fill('## Goal\nChanged');
    await page.keyboard.press('Escape');
    await expect(handoffDialog(page).getByRole('alertdialog')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
