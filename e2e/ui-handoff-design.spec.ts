// Handoff first (SPEC §4.2 "Lineage you can see", "Review first", "Auto-handoff", §5): the collapsed
// handoff card, the dialog's choices and its Markdown preview, the confirmation before edits are thrown
// away, distinct titles along a chain, automatic handoff, and no model change that never happened.
import { test, expect } from './fixtures';
import { exchange, messages } from './ui-helpers';

test('a reopened session does not claim its model changed', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'First question', 'First answer.');
  await exchange(page, baton, 'Second question', 'Second answer.');
  await page.reload();
  await expect(messages(page)).toHaveCount(4);
  await expect(page.getByText(/Model changed/)).toHaveCount(0);
});
