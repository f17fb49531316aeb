// The app shell around the chat: the list's end, notices, the toolbar and its overflow menu, the
// sidebar's tree, and the settings that change how Baton looks.
import type { Page } from '@playwright/test';
import { test, expect, type Baton } from './fixtures';
import { uiTexts } from '../renderer/src/texts';
import { alertRegion, exchange, handoffDialog, messageBox, messages, send, sessionsNav, statusRegion } from './ui-helpers';
import { writeSessionFile } from './ui-sessionFile';

/** How far the conversation is scrolled from its end, in pixels. */
const distanceFromEnd = (page: Page) =>
  page.getByRole('region', { name: 'Conversation' }).evaluate((el) => el.scrollHeight - el.clientHeight - el.scrollTop);

test('the chat stays at its end when a reply finishes, is cut off or is stopped', async ({ page, baton }) => {
  test.slow(); // two streamed replies after a restart
  writeSessionFile(baton.dataDir, { id: 'long', title: 'A long session', messages: 30 });
  await baton.app.restart();
  await baton.open(page);
  await sessionsNav(page).getByRole('link', { name: 'A long session' }).click();
  await expect(page.getByText('Message number 29:')).toBeInViewport();

  baton.fake.enqueue({ kind: 'text', text: 'A reply that runs out of room and is cut', chunkSize: 6, delayMs: 60, stopReason: 'max_tokens' });
  await send(page, 'Write until you run out');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeInViewport();
  await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);

  baton.fake.enqueue({ kind: 'text', text: 'One two three four five six seven eight nine ten.', chunkSize: 4, delayMs: 300 });
  await send(page, 'Count slowly');
  await expect(messages(page).last()).toContainText('One two');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(messages(page).last().getByText('Stopped')).toBeInViewport();
  await expect.poll(() => distanceFromEnd(page)).toBeLessThanOrEqual(1);
});

/** Handoffs that fail, each with another status: each leaves an error that stays, so notices stack up. */
async function failHandoffs(page: Page, baton: Baton, statuses: number[]): Promise<void> {
  for (const status of statuses) {
    // The test app allows one retry: two failures exhaust it.
    baton.fake.enqueue({ kind: 'error', status }, { kind: 'error', status });
    await page.keyboard.press('Control+Shift+H');
    await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
    await expect(alertRegion(page)).toContainText(`(${status})`, { timeout: 15_000 });
  }
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

for (const viewport of [{ width: 1280, height: 720 }, { width: 420, height: 800 }]) {
  test(`at ${viewport.width}×${viewport.height} at most three notices stack, each error offers Retry, and none covers the Hand off dialog`, async ({ page, baton }) => {
    await page.setViewportSize(viewport);
    await page.goto(baton.url);
    test.slow(); // four handoffs that fail after a retry each
    await exchange(page, baton, 'Notices beside a dialog', 'Reply.');
    await failHandoffs(page, baton, [500, 529, 429, 503]);
    const notices = page.locator('.notice');
    await expect(notices).toHaveCount(3);
    // One notice per failed handoff, "Handoff failed: …" with Retry; the oldest waits for room.
    await expect(alertRegion(page).locator('.notice-text')).toHaveText([/^Handoff failed: .*\(529\)/, /^Handoff failed: .*\(429\)/, /^Handoff failed: .*\(503\)/]);
    await expect(alertRegion(page).getByRole('button', { name: 'Retry' })).toHaveCount(3);

    await page.keyboard.press('Control+Shift+H');
    const dialog = handoffDialog(page);
    await expect(dialog.getByRole('button', { name: 'Generate handoff' })).toBeInViewport();
    const dialogBox = (await dialog.boundingBox())!;
    for (const notice of await notices.all()) expect(intersects((await notice.boundingBox())!, dialogBox)).toBe(false);
  });
}

test('web mode: a key saved in Settings is said to last until the server stops', async ({ page, baton }) => {
  await baton.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Replace API key').fill('sk-ant-another-key');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(statusRegion(page)).toHaveText(uiTexts.apiKeySavedUntilRestart);
  await expect(settings).toContainText('kept until the Baton server stops');
});

for (const width of [1280, 700, 420]) {
  test(`at ${width} px the toolbar is one row, with Hand off in it`, async ({ page, baton }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(baton.url);
    await exchange(page, baton, 'A title long enough to have to give way to the toolbar actions at every width', 'Reply.');
    const toolbar = page.locator('.toolbar');
    const handOff = page.getByRole('button', { name: 'Hand off', exact: true });
    await expect(handOff).toBeInViewport();
    const bar = (await toolbar.boundingBox())!;
    const button = (await handOff.boundingBox())!;
    // One row: the bar is no taller than its tallest control plus its padding.
    expect(bar.height).toBeLessThan(button.height * 1.8);
    expect(button.x + button.width).toBeLessThanOrEqual(width);
  });
}

test('a narrow window: New session, Export session and Settings are in the More actions menu, by keyboard', async ({ page, baton }) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await page.goto(baton.url);
  await exchange(page, baton, 'Narrow first session', 'Reply.');
  await expect(page.getByRole('button', { name: 'Settings' })).toBeHidden();
  const more = page.getByRole('button', { name: 'More actions' });
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More actions' });
  await expect(menu.getByRole('menuitem', { name: 'New session' })).toBeFocused();
  await expect(menu.getByRole('group', { name: 'Export session' }).getByRole('menuitem')).toHaveText(['Markdown (.md)', 'JSON (.jsonl)']);
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter'); // New session
  await expect(messages(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New session');
});

test('the sidebar keeps the width it was dragged to, and stays collapsed once collapsed', async ({ page, baton }) => {
  await baton.open(page);
  const nav = sessionsNav(page);
  const before = (await nav.boundingBox())!.width;
  const edge = page.getByRole('separator', { name: 'Resize sessions' });
  const box = (await edge.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + 200, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await nav.boundingBox())!.width).toBeCloseTo(before + 80, -1);

  await page.reload();
  await expect(nav).toBeVisible();
  expect((await nav.boundingBox())!.width).toBeCloseTo(before + 80, -1);

  await page.getByRole('button', { name: 'Sessions' }).click();
  await expect(nav).toBeHidden();
  await page.reload();
  await expect(messageBox(page)).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(page.getByRole('button', { name: 'New session' })).toBeVisible(); // the toolbar's, while collapsed
});

test('dark theme: a done task reads as done, not as a disabled control', async ({ page, baton }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: '- [x] Done task\n- [ ] Open task' });
  await send(page, 'Tasks?');
  await expect(page.getByText('Open task')).toBeVisible();
  const done = page.getByRole('checkbox').first();
  await expect(done).toBeChecked();
  const look = await done.evaluate((el) => {
    const style = getComputedStyle(el);
    return { appearance: style.appearance, opacity: style.opacity, background: style.backgroundColor };
  });
  const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
  expect(look.appearance).toBe('none');
  expect(look.opacity).toBe('1');
  expect(look.background).toBe(await page.evaluate((hex) => {
    const probe = document.createElement('div');
    probe.style.color = hex;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, accent));
});

test('a one-word message gets a bubble its size, and a quote in a reply is set off as a quote', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: '> Quoted words.\n\nAnd a plain line.' });
  await send(page, 'Hi');
  await expect(page.getByText('Quoted words.')).toBeVisible();
  const bubble = (await messages(page).first().boundingBox())!;
  const row = (await page.locator('.chat-row').first().boundingBox())!;
  expect(bubble.width).toBeLessThan(row.width / 4);
  const quote = await page.locator('blockquote').evaluate((el) => {
    const style = getComputedStyle(el);
    return { border: parseFloat(style.borderLeftWidth), indent: parseFloat(style.paddingLeft) };
  });
  expect(quote.border).toBeGreaterThanOrEqual(2);
  expect(quote.indent).toBeGreaterThan(0);
});
