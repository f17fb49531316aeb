// Automated accessibility checks (axe) of the main screen and the open dialogs: no serious or
// critical violations.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pdf, png } from '../test/support/testFiles';
import { test, expect } from './fixtures';
import { exchange, handoffDialog, handoffDocument, send } from './ui-helpers';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the main screen with a conversation has no serious accessibility violations', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Check accessibility', 'Plain reply.');
  baton.fake.enqueue({ kind: 'text', text: 'A reply with `code`, a [link](https://example.com) and\n\n```js\nlet x = 1;\n```' });
  await send(page, 'And some Markdown');
  await expect(page.getByText('let x = 1;')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Hand off dialog has no serious accessibility violations', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Dialog accessibility', 'Reply.');
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  await expect(handoffDialog(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the Settings dialog has no serious accessibility violations', async ({ page, baton }) => {
  await baton.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('dark theme: the main screen has no serious accessibility violations', async ({ page, baton }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await baton.open(page);
  await exchange(page, baton, 'Dark check', 'Dark reply.');
  expect(await seriousViolations(page)).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: thinking, a cut-off reply and a handoff row have no serious accessibility violations`, async ({ page, baton }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    baton.fake.enqueue({ kind: 'reply', content: [{ type: 'thinking', thinking: 'Some reasoning first.' }, { type: 'text', text: 'Thought it through.' }] });
    await send(page, 'Think first');
    await expect(page.getByText('Thought it through.')).toBeVisible();
    baton.fake.enqueue({ kind: 'text', text: '## Goal\nHalf a docu', stopReason: 'max_tokens' });
    await send(page, '/handoff');
    await expect(page.locator('.handoff-exchange')).toContainText('Handoff failed');
    baton.fake.enqueue({ kind: 'text', text: 'Cut sho', stopReason: 'max_tokens' });
    await send(page, 'A long one');
    await page.getByRole('button', { name: 'Thinking' }).click();
    await page.locator('.handoff-exchange').getByRole('button', { name: 'View document' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`${scheme} theme: search results and the find bar have no serious accessibility violations`, async ({ page, baton }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    await exchange(page, baton, 'Fruit check', 'A **mango**, then papaya, then mango again.', 'then papaya, then mango again.');
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('papaya');
    await expect(page.locator('.session-snippet mark')).toHaveText(['papaya']);
    await page.keyboard.press('Control+F');
    await page.getByRole('textbox', { name: 'Find in session' }).fill('mango');
    await expect(page.getByRole('search', { name: 'Find in session' })).toContainText('1 of 2');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: attached files waiting as chips and sent as thumbnails have no serious accessibility violations`, async ({ page, baton }) => {
    // Two uploads, a reply and an axe run: more than the default on a busy machine.
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([
      { name: 'chart.png', mimeType: 'image/png', buffer: png(64, 48) },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf(2) },
    ]);
    await send(page, 'What do these show?');
    await expect(page.getByRole('img', { name: 'chart.png' })).toBeVisible();
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await again).setFiles([{ name: 'notes.pdf', mimeType: 'application/pdf', buffer: pdf(1) }]);
    await expect(page.getByRole('button', { name: 'Remove notes.pdf' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 420]) {
    test(`${scheme} theme at ${width} px: the shell (empty state, sidebar chain, menus, dialogs) has no serious accessibility violations`, async ({ page, baton }) => {
      test.slow(); // five scans
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(baton.url);
      await expect(page.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      baton.fake.enqueue({ kind: 'text', text: '> A quote\n\n- [x] Done task\n- [ ] Open task' });
      await send(page, 'A chain for the sidebar');
      await expect(page.getByText('Open task')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
      baton.fake.enqueue({ kind: 'text', text: handoffDocument('A11Y') });
      await send(page, '/handoff');
      await expect(page.getByRole('article', { name: 'Handoff context' })).toBeVisible();
      if (width < 800) await page.getByRole('button', { name: 'Sessions' }).click();
      await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('link')).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
      if (width < 800) await page.keyboard.press('Escape');

      if (width < 800) {
        await page.getByRole('button', { name: 'More actions' }).click();
        await expect(page.getByRole('menu', { name: 'More actions' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('menuitem', { name: 'Settings' }).click();
      } else {
        await page.getByRole('button', { name: 'Export session' }).click();
        expect(await seriousViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Settings' }).click();
      }
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}

test('a theme chosen in Settings (Dark on a light system) has no serious accessibility violations', async ({ page, baton }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await baton.open(page);
  await exchange(page, baton, 'Forced dark', 'A plain reply.');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  expect(await seriousViolations(page)).toEqual([]);
});
