// The UI language (SPEC §5 "Language"): ไทย picked in Settings shows the main screen in Thai at once,
// and still after a reload (it is a setting); the core's messages follow it too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { exchange } from './ui-helpers';

test('ไทย in Settings shows the main screen in Thai, still after a reload', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Plan the garden', 'Tomatoes first.');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'ไทย' });
  // The dialog itself switched: its title and its fields.
  await expect(page.getByRole('dialog', { name: 'การตั้งค่า' }).getByRole('combobox', { name: 'ภาษา' })).toHaveValue('th');
  await page.keyboard.press('Escape');

  const thaiMainScreen = async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    const nav = page.getByRole('navigation', { name: 'เซสชัน' });
    await expect(nav.getByRole('heading', { name: 'วันนี้' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Plan the garden' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'เซสชันใหม่' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'ข้อความ' })).toHaveAttribute('placeholder', 'พิมพ์ข้อความถึง Claude — พิมพ์ / เพื่อดูคำสั่ง');
    await expect(page.getByRole('button', { name: 'ส่ง', exact: true })).toBeVisible();
  };
  await thaiMainScreen();
  await page.reload();
  await thaiMainScreen();

  // The core's own words: a handoff of a session with nothing in it.
  const shown = page.url();
  await page.getByRole('button', { name: 'เซสชันใหม่' }).first().click();
  // Typed before the new session is shown, the command would hand off the one with the garden.
  await expect(page).not.toHaveURL(shown);
  // The new session has no title yet: the sidebar and the header name it in Thai.
  await expect(page.getByRole('navigation', { name: 'เซสชัน' }).getByRole('link', { name: 'เซสชันใหม่' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('เซสชันใหม่');
  await page.getByRole('textbox', { name: 'ข้อความ' }).fill('/handoff');
  await page.keyboard.press('Enter');
  await expect(page.getByText('ยังไม่มีอะไรให้ส่งต่อ (ยังไม่มีข้อความ)')).toBeVisible();
});

test('a language or theme picked in one tab shows in the other at once, without a reload', async ({ page, baton, context }) => {
  await baton.open(page);
  const other = await context.newPage();
  await baton.open(other);
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  await settings.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'ไทย' });

  await expect(other.locator('html')).toHaveAttribute('lang', 'th');
  await expect(other.getByRole('button', { name: 'ส่ง', exact: true })).toBeVisible();
});

test('in Thai, an MCP server that cannot start says why in Thai in Settings, its command as it is', async ({ page, baton }) => {
  await baton.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('combobox', { name: 'Language' }).selectOption({ label: 'ไทย' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  // mcp.json is read at start: the core comes back up in Thai and starts the server then.
  writeFileSync(join(baton.dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { missing: { command: 'baton-no-such-command' } } }));
  await baton.app.restart();
  await page.goto(baton.url);
  await expect(page.getByRole('navigation', { name: 'เซสชัน' })).toBeVisible();
  await page.getByRole('button', { name: 'การตั้งค่า' }).click();
  const server = page.getByRole('list', { name: 'เซิร์ฟเวอร์ MCP' }).getByRole('listitem', { name: 'missing' });
  await expect(server.getByTestId('server-status')).toHaveText('ล้มเหลว: ไม่พบคำสั่ง: baton-no-such-command');
});
