// Many sessions at once (SPEC §1, §4.2, §5), in a real browser against web mode: leave a streaming reply
// and come back to it, two tabs on two sessions, the address that names the session across a reload and
// a server restart, a handoff that goes on in the background, and the sidebar's Generating / New reply.
import { texts } from '../shared/texts';
import { test, expect } from './fixtures';
import { alertRegion, exchange, handoffDialog, handoffDocument, messageBox, send, sessionsNav, statusRegion } from './ui-helpers';

const sessionLink = (page: import('@playwright/test').Page, title: string) => sessionsNav(page).getByRole('link', { name: title });

test('switch and create while a reply streams: it goes on, the sidebar says Generating, then New reply until opened', async ({ page, baton }) => {
  await baton.open(page);
  // About ten seconds of stream: on a busy machine the switch below still happens while it runs.
  const answer = 'The slow answer arrives word by word. '.repeat(24).trim();
  baton.fake.enqueue({ kind: 'text', text: answer, chunkSize: 6, delayMs: 60 });
  await send(page, 'Tell me slowly');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

  // Not locked in: a new session opens at once and takes a message of its own.
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New session');
  const first = sessionLink(page, 'Tell me slowly');
  await expect(first.getByRole('img', { name: 'Generating' })).toBeVisible();
  await exchange(page, baton, 'Meanwhile, a quick one', 'Quick reply.');

  // The first reply finished while another session was shown.
  await expect(first.getByRole('img', { name: 'New reply' })).toBeVisible({ timeout: 30_000 });
  await first.click();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(first.getByRole('img', { name: 'New reply' })).toBeHidden();
});

test('two tabs show two sessions on their own: opening one in a tab never moves the other, and each streams its own', async ({ page, baton, context }) => {
  await baton.open(page);
  await exchange(page, baton, 'Topic of tab one', 'One.');
  const second = await context.newPage();
  await baton.open(second);
  // The second tab opens where the user left off, then goes to a new session of its own.
  await second.getByRole('button', { name: 'New session' }).click();
  await exchange(second, baton, 'Topic of tab two', 'Two.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Topic of tab one');
  await expect(sessionLink(page, 'Topic of tab one')).toHaveAttribute('aria-current', 'page');

  // A draft typed in the first tab stays there; a reply streamed in the second is not shown in the first.
  await messageBox(page).fill('a draft for tab one');
  baton.fake.enqueue({ kind: 'text', text: 'Only for tab two.' });
  await send(second, 'Second question in tab two');
  await expect(second.getByText('Only for tab two.')).toBeVisible();
  await expect(page.getByText('Only for tab two.')).toBeHidden();
  await expect(messageBox(page)).toHaveValue('a draft for tab one');
});

test('the address names the session: a reload, another tab at the same address and a server restart stay on it', async ({ page, baton, context }) => {
  await baton.open(page);
  await exchange(page, baton, 'The addressed session', 'Here.');
  await page.getByRole('button', { name: 'New session' }).click();
  await exchange(page, baton, 'A later session', 'Later.');
  await expect(page).toHaveURL(/#session=/);
  const later = page.url();
  await sessionLink(page, 'The addressed session').click();
  // The address follows once the session is shown.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The addressed session');
  await expect(page).not.toHaveURL(later);
  const address = page.url();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The addressed session');

  const other = await context.newPage();
  await other.goto(address);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('The addressed session');

  // The server restarts; the page reconnects to the session it showed, not to the latest one.
  await baton.app.restart();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The addressed session');
  await expect(statusRegion(page).getByText('Lost the connection', { exact: false })).toBeHidden({ timeout: 20_000 });
  baton.fake.enqueue({ kind: 'text', text: 'After the restart.' });
  await send(page, 'Still here?');
  await expect(page.getByText('After the restart.')).toBeVisible();
  await expect(alertRegion(page).getByText('Cannot reach the Baton server')).toBeHidden();
});

test('a handoff goes on in the background; elsewhere the user is told "Handed off → <title>" and Open shows it', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Work to hand off', 'Done some of it.');
  // Slow enough to be seen being written, and to leave it while it is.
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('Background marker'), chunkSize: 4, delayMs: 120 });
  await page.getByRole('button', { name: /^Hand off/ }).click();
  await handoffDialog(page).getByRole('button', { name: 'Generate handoff' }).click();
  await expect(handoffDialog(page).getByRole('region', { name: 'Handoff preview' })).toContainText('Background marker');
  await handoffDialog(page).getByRole('button', { name: 'Continue in background' }).click();
  await expect(handoffDialog(page)).toBeHidden();
  await expect(sessionLink(page, 'Work to hand off').getByRole('img', { name: 'Generating' })).toBeVisible();

  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New session');
  const notice = statusRegion(page).getByText(/^Handed off → /);
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New session'); // the user stays where they are
  await statusRegion(page).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText(texts.continuedFrom('Work to hand off'), { exact: false })).toBeVisible();
});
