// Without an API key the app explains itself instead of showing a blank or broken window.
import { test, expect } from './fixtures';

// Blank, not undefined: Playwright reads an undefined option as "use the default key".
test.use({ apiKey: '' });

test('web mode without a key asks for one, says how to keep it, and goes on once it is entered', async ({ page, baton }) => {
  await page.goto(baton.url);
  await expect(page.getByRole('heading', { name: 'Welcome to Baton' })).toBeVisible();
  await expect(page.getByText('ANTHROPIC_API_KEY')).toBeVisible();
  await expect(page.getByText('npm run web')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('');
  const field = page.getByLabel('Anthropic API key');
  await expect(field).toBeFocused();
  await field.fill('sk-ant-entered');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('API key saved until the Baton server stops.');
});
