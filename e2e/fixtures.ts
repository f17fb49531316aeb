// Each test gets its own Baton: a fake model server, a temp data dir, a real core and web server.
import { test as base, expect, type Page } from '@playwright/test';
import { startFakeAnthropic, type FakeAnthropic } from '../test/fakeAnthropic';
import { startTestApp, type TestApp } from '../test/support/testApp';

export interface Baton {
  /** The web-mode URL, token included. */
  readonly url: string;
  readonly dataDir: string;
  readonly fake: FakeAnthropic;
  readonly app: TestApp;
  /** Opens the app and waits until it has loaded the open session. */
  open(page: Page): Promise<void>;
}

export const test = base.extend<{ baton: Baton; apiKey: string | undefined; allowToolConfig: boolean }>({
  apiKey: ['test-key', { option: true }],
  allowToolConfig: [false, { option: true }],
  baton: async ({ apiKey, allowToolConfig }, use) => {
    const fake = await startFakeAnthropic();
    const app = await startTestApp({ modelUrl: fake.url, apiKey, allowToolConfig });
    await use({
      get url() {
        return app.url;
      },
      dataDir: app.dataDir,
      fake,
      app,
      open: async (page) => {
        await page.goto(app.url);
        await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
      },
    });
    await app.close();
    await fake.close();
  },
});

export { expect };
