// Small things a user saw (issue 19), in the browser: the handoff's figures on the card and in the status
// line, Hand off in an empty session, an imported copy's handoff row, and the name an export is offered under.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { texts } from '../shared/texts';
import { test, expect, type Baton } from './fixtures';
import { exchange, handoffDialog, handoffDocument, send, shownSession, statusRegion } from './ui-helpers';

const handoffButton = (page: Page) => page.getByRole('button', { name: 'Hand off', exact: true });
const card = (page: Page) => page.getByRole('article', { name: 'Handoff context' });

async function handOff(page: Page, baton: Baton, marker: string): Promise<void> {
  await handoffButton(page).click();
  baton.fake.enqueue({ kind: 'text', text: handoffDocument(marker) });
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expect(statusRegion(page)).toContainText(texts.handoffDone);
}

async function exportAs(page: Page, format: 'Markdown (.md)' | 'JSON (.jsonl)') {
  await page.getByRole('button', { name: 'Export session' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: format }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), text: readFileSync((await download.path())!, 'utf8') };
}

test('Hand off is a plain button in an empty session and the primary one once there is something to hand off', async ({ page, baton }) => {
  await baton.open(page);
  const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
  const filled = () => handoffButton(page).evaluate((button, color) => {
    const probe = document.createElement('span');
    probe.style.color = color;
    document.body.append(probe);
    const accentRgb = getComputedStyle(probe).color;
    probe.remove();
    return getComputedStyle(button).backgroundColor === accentRgb;
  }, accent);
  expect(await filled()).toBe(false);
  await expect(handoffButton(page)).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+H');
  await handoffButton(page).click();
  await expect(statusRegion(page)).toContainText(texts.nothingToHandOff);
  await exchange(page, baton, 'Build a parser', 'Sure.');
  await expect.poll(filled).toBe(true);
});

test('after a handoff the status line says "Context" once, and its figure is the card\'s and the meter\'s, not green when it grew', async ({ page, baton }) => {
  await baton.open(page);
  // A short session with open todos: the document is longer than what it replaces.
  baton.fake.enqueue(
    { kind: 'tool_use', name: 'todo_write', input: { todos: [{ content: 'Write the parser', status: 'in_progress' }, { content: 'Ship it', status: 'pending' }] } },
    { kind: 'text', text: 'Planned.', usage: { input_tokens: 60, output_tokens: 2 } },
  );
  await send(page, 'Plan the work');
  await expect(page.getByText('Planned.')).toBeVisible();
  await expect(page.getByTestId('tool-call').first().locator('summary')).toHaveText(/^Updated todos: 0 of 2 done( · \d+ ms)?$/);
  const meter = page.locator('.statusline .context');
  await expect(meter).toContainText('Context 62 / ');
  await handOff(page, baton, 'FIGURES');

  const line = page.locator('.statusline');
  const figure = line.getByText(/^Handoff \S+ → \S+ tokens$/);
  await expect(figure).toBeVisible();
  expect((await line.textContent())!.match(/Context/g)).toHaveLength(1);
  const [, before, after] = /^Handoff (\S+) → (\S+) tokens$/.exec((await figure.textContent())!)!;
  await expect(card(page)).toContainText(`${before} → ${after} tokens`);
  // The card, the figure and the meter count alike: before is what the old session's meter said.
  expect(before).toBe('62');
  await expect(meter).toContainText(`Context ${after} / `);
  expect(Number(after)).toBeGreaterThan(Number(before));
  const colours = await figure.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--success)';
    el.append(probe);
    const success = getComputedStyle(probe).color;
    probe.remove();
    return { shown: getComputedStyle(el).color, success };
  });
  expect(colours.shown).not.toBe(colours.success);
});

test('an imported copy names the session it was handed off to, and links it only when that session is here', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Plan the lexer', 'Tokens first.');
  const parent = shownSession(page);
  await handOff(page, baton, 'LEXER');
  const child = shownSession(page);
  await page.goto(`${baton.url}#session=${parent}`);
  const row = page.locator('.handoff-exchange-text');
  await expect(row.getByRole('link', { name: 'LEXER — goal.' })).toBeVisible();
  const { text } = await exportAs(page, 'JSON (.jsonl)');

  // As exported on another machine: the session it went to is not in this data folder.
  const path = join(tmpdir(), `baton-e2e-polish-${Date.now()}.jsonl`);
  writeFileSync(path, text.replaceAll(child, 'a-session-elsewhere'));
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import session' }).click();
  await (await choosing).setFiles(path);
  await expect(statusRegion(page)).toContainText(/Imported \d+ messages/);
  await expect(row).toHaveText(texts.handedOffTo('LEXER — goal.'));
  await expect(row.getByRole('link')).toHaveCount(0);
});

test('an export is offered under its title without the "…" of a shortened title or quotation marks', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Why does “npm ci” fail on the build server when the lockfile was written by another npm version?', 'Versions differ.');
  const { name, text } = await exportAs(page, 'Markdown (.md)');
  expect(name).toBe('Why does npm ci fail on the build server when the.md');
  expect(text).toMatch(/^# Why does “npm ci” fail on the build server when the…\n/);
  expect(text).not.toContain('Model changed');
});
