// What Baton looks like: the main screens in the light and dark themes and in a 420 px window, compared
// with the committed pictures (e2e/visual.spec.ts-snapshots/). After a deliberate change of the design,
// look at the new pictures and update them: npx playwright test e2e/visual.spec.ts --update-snapshots.
//
// What would change from run to run is held still: animations are off, the caret is hidden, relative
// times are masked, the sessions are written a few minutes before the test but on today's date (so they
// are all "Today"), and every notice is dismissed before a picture is taken (they fade on a timer).
import type { Locator, Page } from '@playwright/test';
import { test, expect, type Baton } from './fixtures';
import { handoffDialog, handoffDocument, messageBox, send, sessionsNav } from './ui-helpers';
import { writeSessionFile } from './ui-sessionFile';

const VARIANTS = [
  { name: 'light', scheme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'dark', scheme: 'dark', viewport: { width: 1280, height: 800 } },
  { name: 'narrow', scheme: 'light', viewport: { width: 420, height: 800 } },
] as const;

const REPLY = [
  'Here is a plan for the **parser**:',
  '',
  '> Parse one record per line; a torn last line is dropped, never repaired.',
  '',
  '- [x] Read the header',
  '- [ ] Skip corrupt lines and count them',
  '',
  '```ts',
  'export function parse(line: string): Entry | undefined {',
  '  return JSON.parse(line) as Entry;',
  '}',
  '```',
].join('\n');

/**
 * A chain of handoffs with a branch, and a session of its own, all written minutes ago — but never before
 * today's midnight: within the first hour of a day the older ones would go under "Yesterday" and the
 * picture would change. Near midnight they are seconds apart instead, in the same order.
 */
function writeSessions(baton: Baton): void {
  const midnight = new Date().setHours(0, 0, 0, 0);
  const minutesAgo = (m: number) => new Date(Math.max(Date.now() - m * 60_000, midnight + (60 - m) * 1000)).toISOString();
  writeSessionFile(baton.dataDir, { id: 'design', title: 'Design the import dialog', messages: 4, timestamp: minutesAgo(50) });
  writeSessionFile(baton.dataDir, { id: 'p1', title: 'Parser work', messages: 6, timestamp: minutesAgo(40) });
  writeSessionFile(baton.dataDir, { id: 'p2', title: 'Parser, continued', messages: 4, timestamp: minutesAgo(30), parentSession: 'p1' });
  writeSessionFile(baton.dataDir, { id: 'p2b', title: 'Parser: error handling', messages: 2, timestamp: minutesAgo(25), parentSession: 'p1' });
  writeSessionFile(baton.dataDir, { id: 'p3', title: 'Parser, part 3: streaming the records', messages: 2, timestamp: minutesAgo(20), parentSession: 'p2' });
}

async function dismissNotices(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

/** Compares the page (or one part of it) with its picture, once notices are gone and times masked. */
async function looks(page: Page, name: string, target: Page | Locator = page): Promise<void> {
  await dismissNotices(page);
  await expect.soft(target).toHaveScreenshot(`${name}.png`, {
    maxDiffPixelRatio: 0.02,
    timeout: 20_000, // two alike screenshots in a row, on a busy machine
    animations: 'disabled',
    caret: 'hide',
    mask: [page.locator('time')],
  });
}

for (const variant of VARIANTS) {
  test(`the main screens, ${variant.name}`, async ({ page, baton }) => {
    test.slow(); // seven pictures, each compared until it is stable
    const narrow = variant.name === 'narrow';
    writeSessions(baton);
    await baton.app.restart();
    await page.setViewportSize(variant.viewport);
    await page.emulateMedia({ colorScheme: variant.scheme });
    await page.goto(baton.url);
    await expect(messageBox(page)).toBeVisible();

    // Empty: a new session introduces handoff.
    await page.keyboard.press('Control+N');
    await expect(page.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
    await looks(page, `empty-${variant.name}`);

    // A chat with a reply.
    baton.fake.enqueue({ kind: 'text', text: REPLY });
    await send(page, 'How should the parser work?');
    await expect(page.getByText('export function parse')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
    await looks(page, `chat-${variant.name}`);

    // The Hand off dialog while the document is written (it waits mid-way), then cancelled.
    await page.keyboard.press('Control+Shift+H');
    const dialog = handoffDialog(page);
    baton.fake.enqueue({ kind: 'stall', text: handoffDocument('PARSER').slice(0, 240) });
    await dialog.getByRole('button', { name: 'Generate and review' }).click();
    await expect(dialog.getByRole('region', { name: 'Handoff preview' })).toContainText('Constraints');
    await looks(page, `handoff-generating-${variant.name}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Review first: the document to edit.
    await page.keyboard.press('Control+Shift+H');
    baton.fake.enqueue({ kind: 'text', text: handoffDocument('PARSER') });
    await dialog.getByRole('button', { name: 'Generate and review' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Handoff document' })).toHaveValue(/PARSER — goal/);
    await looks(page, `review-${variant.name}`);

    // The handed-off session: the card, the savings, the chain in the sidebar.
    await dialog.getByRole('button', { name: 'Start new session' }).click();
    await expect(page.getByRole('article', { name: 'Handoff context' })).toBeVisible();
    await expect(messageBox(page)).toBeFocused();
    await looks(page, `handed-off-${variant.name}`);

    // The sidebar with its chains (the drawer, in a narrow window).
    if (narrow) {
      await page.getByRole('button', { name: 'Sessions' }).click();
      await expect(sessionsNav(page).getByRole('searchbox', { name: 'Search sessions' })).toBeVisible();
      await looks(page, `sidebar-${variant.name}`);
      await page.keyboard.press('Escape');
    } else {
      await looks(page, `sidebar-${variant.name}`, sessionsNav(page));
    }

    // Settings (behind More actions, in a narrow window).
    if (narrow) {
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Settings' }).click();
    } else {
      await page.getByRole('button', { name: 'Settings' }).click();
    }
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await looks(page, `settings-${variant.name}`);
  });
}
