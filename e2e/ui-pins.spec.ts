// SPEC §4.3 through the UI: Pin for handoff carries a message word for word into the new session, whose
// card says what carried over and links its citations to the parent; Settings → Handoff instructions
// sets the sections the handoff asks for, and Reset to default brings Baton's own back.
import type { Page } from '@playwright/test';
import { HANDOFF_SECTIONS, texts } from '../shared/texts';
import { test, expect, type Baton } from './fixtures';
import { exchange, handoffDialog, handoffDocument, messages, shownSession, statusRegion } from './ui-helpers';

const handoffButton = (page: Page) => page.getByRole('button', { name: 'Hand off', exact: true });
const card = (page: Page) => page.getByRole('article', { name: 'Handoff context' });

/** The handoff prompt the model was sent: the last message of the last request. */
function lastPrompt(baton: Baton): string {
  const body = baton.fake.messageRequests().at(-1)?.body as { messages?: unknown[] } | undefined;
  return JSON.stringify(body?.messages?.at(-1));
}

async function handOff(page: Page, baton: Baton, document: string): Promise<void> {
  const before = baton.fake.messageRequests().length;
  await handoffButton(page).click();
  baton.fake.enqueue({ kind: 'text', text: document });
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  // The status may still say an earlier handoff is done: this one has asked for its document and ended.
  await expect.poll(() => baton.fake.messageRequests().length).toBeGreaterThan(before);
  await expect(handoffDialog(page)).toBeHidden();
  await expect(statusRegion(page)).toContainText(texts.handoffDone);
}

test('a pinned message travels word for word; the card says what carried over, and a citation opens the parent at that message', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Which port?', 'Keep the server on port 8080, always.');
  await exchange(page, baton, 'And the tests?', 'Run them with the fake server.');
  const parent = shownSession(page);

  const reply = messages(page).filter({ hasText: 'Keep the server on port 8080' });
  const pin = reply.getByRole('img', { name: 'Pinned for handoff' });
  await expect(pin).toHaveCount(0);
  await reply.hover();
  await page.getByTestId('message-row').filter({ has: reply }).getByRole('button', { name: 'Pin for handoff' }).click();
  await expect(pin).toBeVisible();
  await expect(page.getByTestId('message-row').filter({ has: reply }).getByRole('button', { name: 'Unpin' })).toBeAttached();

  await handoffButton(page).click();
  await expect(handoffDialog(page)).toContainText('1 pinned message will be carried word for word.');
  await handoffDialog(page).getByRole('button', { name: 'Close' }).click();

  const document = [
    '## Goal\nShip the server [#2].',
    '## Constraints & Preferences\nNone.',
    '## Progress\n- [x] Port chosen [#2]\n- [x] Tests green',
    ...HANDOFF_SECTIONS.slice(3).map((name) => `## ${name}\nNothing yet.`),
  ].join('\n\n');
  await handOff(page, baton, document);
  expect(shownSession(page)).not.toBe(parent);

  await expect(card(page)).toContainText(/Carried over: \d+ of \d+/);
  await card(page).getByRole('button', { name: 'Show document' }).click();
  const pinned = card(page).getByRole('heading', { name: 'Pinned (verbatim)' });
  await expect(pinned).toBeVisible();
  // The pinned text follows that heading, word for word.
  const body = await card(page).locator('.handoff-card-body').innerText();
  expect(body.indexOf('Keep the server on port 8080, always.')).toBeGreaterThan(body.indexOf('Pinned (verbatim)'));
  // A done item without a citation is marked, one with a citation is not.
  await expect(card(page).getByRole('listitem').filter({ hasText: 'Tests green' })).toContainText('unverified');
  await expect(card(page).getByRole('listitem').filter({ hasText: 'Port chosen' })).not.toContainText('unverified');

  await card(page).getByRole('link', { name: '[#2]' }).first().click();
  await expect.poll(() => shownSession(page)).toBe(parent);
  await expect(page.locator('.chat-row.target')).toContainText('Keep the server on port 8080, always.');
  // Back in the parent, the message is still pinned.
  await expect(messages(page).filter({ hasText: 'Keep the server on port 8080' }).getByRole('img', { name: 'Pinned for handoff' })).toBeVisible();
});

test('Handoff instructions in Settings set the sections the next handoff asks for; Reset to default brings the six back', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Plan the parser', 'Planned.');

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const sections = settings.getByRole('textbox', { name: 'Sections' });
  await expect(sections).toHaveValue(HANDOFF_SECTIONS.join('\n'));
  await sections.fill('Goal\n\nOpen questions');
  await settings.getByRole('textbox', { name: 'Handoff prompt' }).focus();
  await expect(settings).toContainText('Section 2 has no name: name it or remove the empty line.');
  await sections.fill('Goal\nOpen questions');
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();

  await handOff(page, baton, '## Goal\nA parser.\n\n## Open questions\nWhich grammar?');
  expect(lastPrompt(baton)).toContain('## Open questions');
  expect(lastPrompt(baton)).not.toContain('## Key Decisions');
  await expect(card(page).locator('.handoff-card-sections')).toHaveText('All two sections');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(sections).toHaveValue('Goal\nOpen questions');
  await settings.getByRole('button', { name: 'Reset to default' }).click();
  await expect(sections).toHaveValue(HANDOFF_SECTIONS.join('\n'));
  await settings.getByRole('button', { name: 'Close' }).click();

  await exchange(page, baton, 'Go on', 'Going on.');
  await handOff(page, baton, handoffDocument('DEFAULT'));
  // (The previous document, given again to a chain's next handoff, still names its own sections.)
  expect(lastPrompt(baton)).toContain('## Key Decisions');
  await expect(card(page).locator('.handoff-card-sections')).toHaveText('All six sections');
});
