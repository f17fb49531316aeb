// Shared steps for the UI end-to-end specs (e2e/ui-*.spec.ts).
import type { Page } from '@playwright/test';
import { sessionFromAddress } from '../shared/sessionAddress';
import { HANDOFF_SECTIONS } from '../shared/texts';
import { expect, type Baton } from './fixtures';

export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const statusRegion = (page: Page) => page.getByRole('status');
export const alertRegion = (page: Page) => page.getByRole('alert');
export const sessionsNav = (page: Page) => page.getByRole('navigation', { name: 'Sessions' });
export const handoffDialog = (page: Page) => page.getByRole('dialog', { name: 'Hand off' });
export const messages = (page: Page) => page.getByTestId('message');

/** The session the page shows, as its address names it (SPEC §5). */
export function shownSession(page: Page): string {
  const id = sessionFromAddress(new URL(page.url()).hash);
  if (!id) throw new Error(`the page's address names no session: ${page.url()}`);
  return id;
}

/**
 * Starts a new session with the sidebar's button and waits until the page shows it: text typed before
 * that goes with the session being left.
 */
export async function startNewSession(page: Page): Promise<void> {
  const left = shownSession(page);
  await page.getByRole('button', { name: 'New session' }).click();
  await expect.poll(() => shownSession(page)).not.toBe(left);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New session');
  await expect(messages(page)).toHaveCount(0);
}

/** Types a message and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
}

/**
 * One full exchange (two `message` entries), so a handoff has something to hand off. `shown` is the
 * reply as it reads on screen, when it is Markdown that renders differently.
 */
export async function exchange(page: Page, baton: Baton, text: string, reply: string, shown = reply): Promise<void> {
  baton.fake.enqueue({ kind: 'text', text: reply });
  await send(page, text);
  await expect(page.getByText(shown)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
}

/** A handoff document with every section SPEC §4.1 asks for; `marker` makes it recognisable. */
export function handoffDocument(marker: string): string {
  return HANDOFF_SECTIONS.map((section) => `## ${section}\n${marker} — ${section.toLowerCase()}.`).join('\n\n');
}
