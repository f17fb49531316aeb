// Chat flows in a real browser against the real app (web mode) and a fake model server.
import { test, expect } from './fixtures';
import { alertRegion, exchange, messageBox, messages, send, sessionsNav } from './ui-helpers';
import { writeSessionFile } from './ui-sessionFile';

test('a reply streams in as Markdown, and the sidebar titles the session', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({
    kind: 'text',
    text: 'Here is **bold** text.\n\n```ts\nconst answer = 42;\n```\n\nRaw <b>html</b> stays text.',
    chunkSize: 6,
    delayMs: 250, // about 4 s: still streaming when a busy machine gets to look for Stop
  });
  await send(page, 'Show me some Markdown');

  await expect(messageBox(page)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  const reply = messages(page).last();
  await expect(reply.locator('strong')).toHaveText('bold');
  await expect(reply.locator('pre')).toHaveText('const answer = 42;');
  await expect(reply.getByRole('button', { name: 'Copy' })).toBeVisible();
  // No raw HTML: the tag is shown as text, never rendered as an element.
  await expect(reply).toContainText('Raw <b>html</b> stays text.');
  await expect(reply.locator('b')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();

  await expect(messages(page).first()).toContainText('Show me some Markdown');
  await expect(sessionsNav(page).getByRole('link', { name: 'Show me some Markdown' })).toHaveAttribute('aria-current', 'page');
});

test('Shift+Enter makes a newline and Enter sends', async ({ page, baton }) => {
  await baton.open(page);
  await messageBox(page).fill('line one');
  await messageBox(page).press('Shift+Enter');
  await messageBox(page).pressSequentially('line two');
  await expect(messageBox(page)).toHaveValue('line one\nline two');
  await expect(messages(page)).toHaveCount(0);
  await messageBox(page).press('Enter');
  await expect(messages(page).first()).toContainText('line one');
  const body = JSON.stringify(baton.fake.messageRequests()[0]?.body);
  expect(body).toContain('line one\\nline two');
});

test('a link in a reply opens in a new tab, never in the app; a script link goes nowhere', async ({ page, context, baton }) => {
  await context.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Docs</title>' }));
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: 'See [the docs](https://example.com/docs) or [this](javascript:alert(1)).' });
  await send(page, 'Where are the docs?');
  const url = page.url();
  // Web mode: the server checked the scheme and has no browser to hand the link to, so the page opens it.
  const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'the docs', exact: true }).click()]);
  await expect(popup).toHaveURL('https://example.com/docs');
  expect(page.url()).toBe(url);
  // react-markdown already blanks unsafe hrefs; nothing opens and the app stays put.
  const pages = context.pages().length;
  await page.getByText('this', { exact: true }).click();
  await page.waitForTimeout(300);
  expect(context.pages()).toHaveLength(pages);
  expect(page.url()).toBe(url);
});

test('Stop ends the reply, keeps the partial text and marks it Stopped', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'text', text: 'One two three four five six seven eight nine ten.', chunkSize: 4, delayMs: 400 });
  await send(page, 'Count slowly');
  await expect(messages(page).last()).toContainText('One two');
  await page.getByRole('button', { name: 'Stop' }).click();
  const reply = messages(page).last();
  await expect(reply).toContainText('Stopped');
  await expect(reply).toContainText('One two');
  await expect(reply).not.toContainText('nine ten');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
});

test('a message sent while a reply streams is queued, shown, then delivered as steering', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue(
    { kind: 'text', text: 'A slow first answer that takes a while to finish.', chunkSize: 4, delayMs: 350 },
    { kind: 'text', text: 'Steered answer.' },
  );
  await send(page, 'Start a long answer');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await send(page, 'Actually, be brief');

  const queued = page.getByRole('region', { name: 'Queued messages' });
  await expect(queued).toContainText('Actually, be brief');
  await expect(messageBox(page)).toHaveValue('');

  await expect(page.getByText('Steered answer.')).toBeVisible({ timeout: 15_000 });
  await expect(queued).toBeHidden();
  await expect(messages(page).filter({ hasText: 'Actually, be brief' })).toHaveCount(1);
  const lastRequest = JSON.stringify(baton.fake.messageRequests().at(-1)?.body);
  expect(lastRequest).toContain('Actually, be brief');
});

test('Alt+Enter while streaming queues a follow-up for after the reply', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue(
    { kind: 'text', text: 'First answer, streamed slowly to leave time.', chunkSize: 4, delayMs: 350 },
    { kind: 'text', text: 'Follow-up answer.' },
  );
  await send(page, 'First question');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await messageBox(page).fill('And then this');
  await messageBox(page).press('Alt+Enter');
  await expect(page.getByRole('region', { name: 'Queued messages' })).toContainText('And then this');
  await expect(page.getByText('Follow-up answer.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('First answer, streamed slowly to leave time.')).toBeVisible();
});

test('a server error that outlasts the retries is shown in the alert region', async ({ page, baton }) => {
  await baton.open(page);
  // The test app allows one retry: two failures exhaust it.
  baton.fake.enqueue({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
  await send(page, 'Hello?');
  // The backend words provider errors for people; the status code is in the message.
  await expect(alertRegion(page)).toContainText('(500)', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
});

test('an error mid-stream keeps the partial text, marks the message failed and alerts', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue({ kind: 'stream_error', text: 'Partial answer before', message: 'Overloaded mid-stream' });
  await send(page, 'Tell me everything');
  const reply = messages(page).filter({ hasText: 'Partial answer before' });
  await expect(reply).toContainText('Failed:');
  await expect(alertRegion(page)).toContainText('overloaded');
  // The notice's Retry asks for the reply again; the new reply is shown and the notice goes.
  baton.fake.enqueue({ kind: 'text', text: 'The whole answer' });
  await alertRegion(page).getByRole('button', { name: 'Retry' }).click();
  await expect(messages(page).filter({ hasText: 'The whole answer' })).toBeVisible();
  await expect(alertRegion(page)).not.toContainText('overloaded');
});

test('tool calls and todo updates are shown compactly, with the todos panel', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue(
    {
      kind: 'tool_use',
      name: 'todo_write',
      input: { todos: [{ content: 'Write the parser', status: 'in_progress' }, { content: 'Ship it', status: 'pending' }] },
    },
    { kind: 'text', text: 'Planned.' },
  );
  await send(page, 'Plan the work');
  await expect(page.getByText('Planned.')).toBeVisible();
  await expect(page.getByText('Updated todos: 0 of 2 done')).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Todos' });
  await expect(panel).toContainText('Write the parser');
  await expect(panel).toContainText('Ship it');
});

test('typing / lists the slash commands with their hints; /new starts a new session', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'First session message', 'First reply.');
  await messageBox(page).fill('/');
  const list = page.getByRole('listbox', { name: 'Slash commands' });
  await expect(list.getByRole('option', { name: /\/handoff \[focus instructions\]/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /\/new/ })).toBeVisible();

  await messageBox(page).pressSequentially('ne');
  await expect(list.getByRole('option')).toHaveCount(1);
  await messageBox(page).press('Enter');
  await expect(list).toBeHidden();
  await expect(messages(page)).toHaveCount(0);
  await expect(messageBox(page)).toHaveValue('');
  await expect(sessionsNav(page).getByRole('link', { name: 'First session message' })).not.toHaveAttribute('aria-current', 'page');
  expect(baton.fake.messageRequests()).toHaveLength(1); // "/new" was never sent to the model
});

test('a 10,000-message session opens at its end, few rows mounted, and scrolls back to its first message', async ({ page, baton }) => {
  writeSessionFile(baton.dataDir, { id: 'huge', title: 'Huge session', messages: 10_000, timestamp: '2020-01-01T00:00:00.000Z' });
  await baton.app.restart();
  await baton.open(page);
  await sessionsNav(page).getByRole('link', { name: 'Huge session' }).click();
  await expect(page.getByText('Message number 9999:')).toBeInViewport();
  expect(await messages(page).count()).toBeLessThanOrEqual(200);

  const scroller = page.getByRole('region', { name: 'Conversation' });
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(page.getByText('Message number 0:', { exact: false })).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  expect(await messages(page).count()).toBeLessThanOrEqual(200);
});
