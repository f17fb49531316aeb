// Export session, Export document and Import session in the browser (web mode): exports arrive as
// downloads, imports are picked in the file chooser, and real session files of other tools open as
// Baton sessions that go on like any other.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { texts } from '../shared/texts';
import { test, expect } from './fixtures';
import { alertRegion, exchange, handoffDialog, handoffDocument, messages, send, sessionsNav, statusRegion } from './ui-helpers';

const fixture = (name: string) => join(import.meta.dirname, '..', 'test', 'fixtures', 'imports', name);
const title = (page: Page) => page.getByRole('heading', { level: 1 });

/** Chooses a format of Export session and returns the download's name and text. */
async function exportAs(page: Page, format: 'Markdown (.md)' | 'JSON (.jsonl)') {
  await page.getByRole('button', { name: 'Export session' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: format }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

/** Import session, picking `path` in the file chooser. */
async function importFile(page: Page, path: string): Promise<void> {
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import session' }).click();
  await (await choosing).setFiles(path);
}

test('Export session downloads Markdown to read and JSON that Import session opens again', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Plan the parser', 'Start with the tokenizer.');

  const md = await exportAs(page, 'Markdown (.md)');
  expect(md.name).toBe('Plan the parser.md');
  expect(md.text).toMatch(/^# Plan the parser\n/);
  expect(md.text).toMatch(/## You · [^\n]+\n\nPlan the parser\n\n## Claude · [^\n]+\n\nStart with the tokenizer\.\n/);

  const json = await exportAs(page, 'JSON (.jsonl)');
  expect(json.name).toBe('Plan the parser.jsonl');
  const path = join(tmpdir(), `baton-e2e-${Date.now()}.jsonl`);
  writeFileSync(path, json.text);
  await importFile(page, path);

  await expect(statusRegion(page)).toContainText('Imported 2 messages');
  await expect(title(page)).toHaveText('Plan the parser');
  await expect(page.getByText(texts.importedFrom('baton', path.split('/').at(-1)!))).toBeVisible();
  await expect(messages(page)).toHaveCount(2);
  const current = sessionsNav(page).locator('li').filter({ has: page.locator('[aria-current="page"]') });
  await expect(current).toContainText('↳ imported');
  // Both sessions are listed: the import made a new one.
  await expect(sessionsNav(page).getByRole('link', { name: 'Plan the parser' })).toHaveCount(2);
});

test('Import session opens a real Claude Code session, which goes on in Baton', async ({ page, baton }) => {
  await baton.open(page);
  await importFile(page, fixture('claude-code-viewer-session-excerpt.jsonl'));
  await expect(title(page)).toHaveText('Empty Repo Setup: CLAUDE.md Foundation Created');
  await expect(page.getByText(texts.importedFrom('claude-code', 'claude-code-viewer-session-excerpt.jsonl'))).toBeVisible();
  await expect(page.getByText("Now I'll execute the subtasks")).toBeVisible();
  // The last call of the excerpt has no result in it.
  await expect(page.locator('.tool-call', { hasText: 'Task general-purpose' })).toContainText('no result');

  await send(page, 'Where were we?');
  await expect(page.getByText('OK: Where were we?')).toBeVisible();
  const request = JSON.stringify(baton.fake.messageRequests().at(-1)!.body);
  expect(request).toContain('No files found');
  expect(request).toContain('toolu_019okXfjnUzJkV2VZbndx6ik');
});

test('Import session opens a real pi session, thinking folded away', async ({ page, baton }) => {
  await baton.open(page);
  await importFile(page, fixture('pi-mono-large-session-excerpt.jsonl'));
  await expect(title(page)).toHaveText('think then say hello');
  await expect(page.getByText(texts.importedFrom('pi', 'pi-mono-large-session-excerpt.jsonl'))).toBeVisible();
  // It opens at its end, like any session: its first exchange is at the top.
  await page.getByRole('region', { name: 'Conversation' }).press('Home');
  await expect(page.getByText('Hello! 👋')).toBeVisible();
  await expect(page.getByText('Thinking', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('The user wants me to use the thinking feature')).toBeHidden();
});

test('Import session refuses a file of another shape, says what it expects, and creates nothing', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Stay here', 'Staying.');
  const links = sessionsNav(page).getByRole('link');
  await expect(links).toHaveCount(1);
  const path = join(tmpdir(), 'notes.md');
  writeFileSync(path, '# Notes\n\nNot a session.\n');
  await importFile(page, path);
  await expect(alertRegion(page)).toContainText(texts.importNotJsonLines('notes.md'));
  await expect(title(page)).toHaveText('Stay here');
  await expect(links).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Import session' })).toBeEnabled();
});

test('Export document on the handoff card downloads the document as Markdown', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Bridge plans', 'Steel it is.');
  await page.getByRole('button', { name: 'Hand off', exact: true }).click();
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('BRIDGE') });
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  const card = page.getByRole('article', { name: 'Handoff context' });
  await expect(card).toContainText('BRIDGE — goal.');

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export document' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/handoff\.md$/);
  // The document as handed off: the model's text, then what the carry-over check added (SPEC §4.3).
  expect(readFileSync((await download.path())!, 'utf8')).toBe(`${handoffDocument('BRIDGE')}\n\n## Also carried over\n\n- Last request:\n  > Bridge plans\n`);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme} theme: the export choices and an imported session have no serious accessibility violations`, async ({ page, baton }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await baton.open(page);
    await importFile(page, fixture('pi-mono-large-session-excerpt.jsonl'));
    await expect(page.getByText(texts.importedFrom('pi', 'pi-mono-large-session-excerpt.jsonl'))).toBeVisible();
    await page.getByRole('button', { name: 'Export session' }).click();
    await expect(page.getByRole('button', { name: 'JSON (.jsonl)' })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
