// How replies end and what they thought (SPEC §3), through the UI: stop reasons, Continue, Thinking.
import { CONTINUE_PROMPT } from '../electron/core/agent/AgentSession';
import { texts } from '../shared/texts';
import { test, expect } from './fixtures';
import { handoffDialog, messages, send } from './ui-helpers';

test('a cut-off reply says "Cut off"; Continue asks for the rest and shows as a note, not a "You" message', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: 'The first half of a long ans', stopReason: 'max_tokens' });
  await send(page, 'Write a long answer');
  const cut = messages(page).last();
  await expect(cut).toContainText('The first half of a long ans');
  await expect(cut.getByText(texts.cutOff, { exact: true })).toBeVisible();

  baton.fake.enqueue({ kind: 'text', text: 'wer, and the second half.' });
  await cut.getByRole('button', { name: 'Continue' }).click();
  await expect(messages(page).last()).toContainText('wer, and the second half.');
  const request = JSON.stringify(baton.fake.messageRequests().at(-1)?.body);
  expect(request).toContain(CONTINUE_PROMPT);
  expect(request).toContain('The first half of a long ans');

  await expect(page.locator('.chat-note', { hasText: 'Continued' })).toBeVisible();
  await expect(messages(page).filter({ hasText: CONTINUE_PROMPT })).toHaveCount(0);
  // The Cut off reply is no longer the last one: no second Continue.
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCount(0);
});

test('a refused reply, a full context window (with Hand off) and an unknown stop reason are told on the message', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: '', stopReason: 'refusal' });
  await send(page, 'Something I should not ask');
  await expect(messages(page).last()).toContainText(texts.refusal);

  baton.fake.enqueue({ kind: 'text', text: 'Hm.', stopReason: 'some_future_reason' });
  await send(page, 'Something odd');
  await expect(messages(page).last()).toContainText(texts.unknownStopReason('some_future_reason'));

  baton.fake.enqueue({ kind: 'text', text: 'As far as I got.', stopReason: 'model_context_window_exceeded' });
  await send(page, 'Keep going');
  const full = messages(page).last();
  await expect(full).toContainText('As far as I got.');
  await expect(full).toContainText(texts.contextWindowFull);
  await full.getByRole('button', { name: 'Hand off' }).click();
  await expect(handoffDialog(page)).toBeVisible();
});

test('thinking shows as a collapsed Thinking section that expands to the reasoning', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({
    kind: 'reply',
    content: [
      { type: 'thinking', thinking: 'The user wants **two** things; take them in turn.' },
      { type: 'text', text: 'Here are both.' },
    ],
  });
  await send(page, 'Think about it');
  const reply = messages(page).last();
  await expect(reply).toContainText('Here are both.');
  const toggle = reply.getByRole('button', { name: 'Thinking' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(reply.getByText('take them in turn')).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(reply.getByText('take them in turn')).toBeVisible();
  await expect(reply.locator('strong', { hasText: 'two' })).toBeVisible();

  // Kept on disk: the reopened session shows it the same way.
  await page.reload();
  await expect(messages(page).last().getByRole('button', { name: 'Thinking' })).toHaveAttribute('aria-expanded', 'false');
});
