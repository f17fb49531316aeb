// SPEC §6: the renderer refuses a message larger than the contract allows before sending it, with a
// clear error, and nothing a page sends (a frame over the server's limit included) ends the server.
import { test, expect } from './fixtures';
import { alertRegion, messageBox, send, statusRegion } from './ui-helpers';

// A 9 MB text takes a while to reach a textarea and its React state on a busy machine.
test.describe.configure({ timeout: 180_000 });

test('a 9 MB paste is refused before sending: a clear error, the text kept, the connection kept', async ({ page, baton }) => {
  await baton.open(page);
  const pasted = 'x'.repeat(9_000_000);
  // What a paste does to the box: its value changes and an input event says so (typing 9 MB through the
  // keyboard protocol would take minutes).
  await messageBox(page).evaluate((box: HTMLTextAreaElement, text) => {
    box.focus();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(box, text);
    box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, pasted);
  // The key goes to the focused box; no actionability checks of a 9 MB element first.
  await page.keyboard.press('Enter');
  await expect(alertRegion(page)).toContainText('This message is too long to send: 9,000,000 characters, and the limit is 1,000,000.');
  expect(await messageBox(page).evaluate((box: HTMLTextAreaElement) => box.value.length)).toBe(pasted.length);
  await expect(statusRegion(page)).not.toContainText('Lost the connection');

  baton.fake.enqueue({ kind: 'text', text: 'Still answering after the paste.' });
  await send(page, 'A short one');
  await expect(page.getByText('Still answering after the paste.')).toBeVisible();
});

test('a frame over the server’s limit closes only that connection (1009); the server and the app carry on', async ({ page, baton }) => {
  await baton.open(page);
  // Past the page's own check: a socket of its own, with the page's token, sending 9 MB in one frame.
  const closeCode = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const url = new URL('/ws', location.href);
        url.protocol = 'ws:';
        url.searchParams.set('token', localStorage.getItem('baton.token') ?? '');
        const ws = new WebSocket(url);
        ws.onopen = () => ws.send(JSON.stringify({ id: 1, channel: 'chat.send', input: { text: 'x'.repeat(9_000_000) } }));
        ws.onclose = (event) => resolve(event.code);
      }),
  );
  expect(closeCode).toBe(1009);
  await expect(statusRegion(page)).not.toContainText('Lost the connection');
  baton.fake.enqueue({ kind: 'text', text: 'The server is still here.' });
  await send(page, 'Are you there?');
  await expect(page.getByText('The server is still here.')).toBeVisible();
});
