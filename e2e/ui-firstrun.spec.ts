// Without an API key the app explains itself instead of showing a blank or broken window.
import { test, expect } from './fixtures';

// Blank, not undefined: Playwright reads an undefined option as "use the default key".
test.use({ apiKey: '' });

test('web mode without a key explains the environment variable and how to restart', async ({ page, baton }) => {
  await page.goto(baton.url);
  await expect(page.getByRole('heading', { name: 'Welcome to Baton' })).toBeVisible();
  await expect(page.getByText('ANTHROPIC_API_KEY')).toBeVisible();
  await expect(page.getByText('npm run web')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('');
});
