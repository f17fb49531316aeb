import { test, expect } from './fixtures';

test('the app shell shows the Sessions navigation, the composer and the Hand off button', async ({ page, baton }) => {
  await baton.open(page);
  await expect(page.getByRole('searchbox', { name: 'Search sessions' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hand off' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New session' })).toBeVisible();
  // The token leaves the address bar once the page has it.
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);
});

test('a WebSocket without the token is refused, one with it is accepted', async ({ page, baton }) => {
  await baton.open(page);
  const outcome = (withToken: boolean) =>
    page.evaluate(
      ({ url, withToken }) =>
        new Promise<string>((resolve) => {
          const target = new URL(url);
          target.pathname = '/ws';
          target.protocol = 'ws:';
          if (!withToken) target.search = '';
          const ws = new WebSocket(target);
          ws.onopen = () => resolve('open');
          ws.onerror = () => resolve('refused');
        }),
      { url: baton.url, withToken },
    );
  expect(await outcome(false)).toBe('refused');
  expect(await outcome(true)).toBe('open');
});
