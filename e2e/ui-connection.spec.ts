// Web mode survives the server going away: the page says so, reconnects by itself, and carries on
// with everything that was saved.
import { test, expect } from './fixtures';
import { exchange, messages, send, statusRegion } from './ui-helpers';

test('when the server restarts, the page says the connection was lost, reconnects, and carries on', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'Before the restart', 'Saved reply.');
  await baton.app.stop();
  await expect(statusRegion(page)).toContainText('Lost the connection to Baton');
  await baton.app.start();
  await expect(statusRegion(page)).not.toContainText('Lost the connection', { timeout: 10_000 });
  await expect(page.getByText('Saved reply.')).toBeVisible();
  baton.fake.enqueue({ kind: 'text', text: 'Still here after the restart.' });
  await send(page, 'After the restart');
  await expect(page.getByText('Still here after the restart.')).toBeVisible();
  await expect(messages(page)).toHaveCount(4);
});
