// Tools in a real browser (SPEC §5 "Tools"): MCP servers from mcp.json (server-everything from npm over
// stdio, and one whose command does not exist), the approval card's three buttons, the tool row, and
// Settings → Tools.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { replay } from '../test/fixtures/recordedStreams';
import { serverBin } from '../test/core/tools/mcp/harness';
import { test, expect, type Baton } from './fixtures';
import { exchange, handoffDocument, messageBox, messages, send, statusRegion } from './ui-helpers';

const EVERYTHING = { command: process.execPath, args: [serverBin('server-everything')] };

/** mcp.json as the user wrote it, read at start: the app is restarted on it. */
async function withServers(baton: Baton, servers: Record<string, unknown>): Promise<void> {
  writeFileSync(join(baton.dataDir, 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  await baton.app.restart();
}

async function everythingReady(page: Page, baton: Baton): Promise<void> {
  await withServers(baton, { everything: EVERYTHING });
  await baton.open(page);
  await openToolsSettings(page);
  await expect(serverItem(page, 'everything').getByTestId('server-status')).toHaveText('Ready', { timeout: 20_000 });
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
}

async function openToolsSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Tools' })).toBeVisible();
}

const serverItem = (page: Page, name: string) => page.getByRole('list', { name: 'MCP servers' }).getByRole('listitem', { name });
const card = (page: Page) => page.getByRole('group', { name: 'Claude wants to use echo from everything' });

function askEcho(baton: Baton, message: string, reply: string): void {
  baton.fake.enqueue({ kind: 'tool_use', name: 'everything__echo', input: { message } }, { kind: 'text', text: reply });
}

test('Allow once runs the call: the row shows the tool, its server, its input and result', async ({ page, baton }) => {
  await everythingReady(page, baton);
  askEcho(baton, 'hello there', 'The echo came back.');
  await send(page, 'Echo something');
  await expect(card(page)).toBeVisible();
  await expect(card(page)).toContainText('hello there');
  expect(baton.fake.messageRequests()).toHaveLength(1);
  await card(page).getByRole('button', { name: 'Allow once' }).click();
  await expect(page.getByText('The echo came back.')).toBeVisible();
  await expect(card(page)).toBeHidden();
  const row = page.getByTestId('tool-call');
  await expect(row).toContainText('echo from everything');
  await expect(row).toContainText('done');
  await row.locator('summary').click();
  await expect(row).toContainText('Echo: hello there');
  await expect(messageBox(page)).toBeEnabled();
});

test('Deny sends the denied result and the run goes on', async ({ page, baton }) => {
  await everythingReady(page, baton);
  askEcho(baton, 'no', 'Understood, I will not.');
  await send(page, 'Echo no');
  await card(page).getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('Understood, I will not.')).toBeVisible();
  const row = page.getByTestId('tool-call');
  await expect(row).toContainText('failed');
  await row.locator('summary').click();
  await expect(row).toContainText('The user denied this tool call.');
});

test('Always allow runs later calls without asking; Settings → Tools sets it back to ask', async ({ page, baton }) => {
  await everythingReady(page, baton);
  askEcho(baton, 'first', 'First done.');
  await send(page, 'Echo first');
  await card(page).getByRole('button', { name: 'Always allow' }).click();
  await expect(page.getByText('First done.')).toBeVisible();
  askEcho(baton, 'second', 'Second done.');
  await send(page, 'Echo second');
  await expect(page.getByText('Second done.')).toBeVisible();
  await expect(card(page)).toHaveCount(0);

  await openToolsSettings(page);
  const tools = serverItem(page, 'everything').getByRole('list', { name: 'Tools of everything' });
  await expect(tools).toContainText('Always allowed');
  await tools.getByRole('button', { name: 'Ask before echo' }).click();
  await expect(tools).not.toContainText('Always allowed');
  await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Close' }).click();
  askEcho(baton, 'third', 'Third done.');
  await send(page, 'Echo third');
  await expect(card(page)).toBeVisible();
});

test('Settings → Tools shows a ready server with its tools and a failing one with its reason', async ({ page, baton }) => {
  await withServers(baton, { everything: EVERYTHING, broken: { command: 'baton-no-such-command-xyz' } });
  await baton.open(page);
  await openToolsSettings(page);
  await expect(serverItem(page, 'everything').getByTestId('server-status')).toHaveText('Ready', { timeout: 20_000 });
  await expect(serverItem(page, 'everything').getByRole('list', { name: 'Tools of everything' })).toContainText('echo');
  await expect(serverItem(page, 'broken').getByTestId('server-status')).toHaveText(/^Failed: /);
  await expect(page.getByRole('switch', { name: 'Web search' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Web fetch' })).not.toBeChecked();
  // Web mode without --allow-tool-config: the list is read-only.
  await expect(page.getByText('In web mode the MCP servers can only be changed in mcp.json')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add server' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove everything' })).toHaveCount(0);
});

test.describe('with --allow-tool-config', () => {
  test.use({ allowToolConfig: true });

  test('Add server, switch it off and on, and Remove', async ({ page, baton }) => {
    await baton.open(page);
    await openToolsSettings(page);
    await page.getByRole('button', { name: 'Add server' }).click();
    const form = page.getByRole('form', { name: 'Add server' });
    await form.getByRole('textbox', { name: 'Name' }).fill('echoer');
    await form.getByRole('textbox', { name: 'Command' }).fill(process.execPath);
    await form.getByLabel('Arguments (one a line)').fill(serverBin('server-everything'));
    await form.getByLabel('Environment (KEY=value, one a line)').fill('SECRET_TOKEN=do-not-show-me-123');
    await form.getByRole('button', { name: 'Add' }).click();
    const item = serverItem(page, 'echoer');
    await expect(item.getByTestId('server-status')).toHaveText('Ready', { timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: 'Settings' })).not.toContainText('do-not-show-me-123');
    await item.getByRole('switch', { name: 'Enabled' }).uncheck();
    await expect(item.getByTestId('server-status')).toHaveText('Disabled');
    await item.getByRole('switch', { name: 'Enabled' }).check();
    await expect(item.getByTestId('server-status')).toHaveText('Ready', { timeout: 20_000 });
    await item.getByRole('button', { name: 'Remove echoer' }).click();
    await expect(item).toHaveCount(0);
  });

  // Claude Desktop's place on Linux is under XDG_CONFIG_HOME, which the app (in this process) reads at the click.
  test('Import from Claude Desktop reads its own configuration, and Import from a file… one picked', async ({ page, baton }) => {
    test.skip(process.platform !== 'linux', 'Claude Desktop keeps its file under XDG_CONFIG_HOME on Linux only');
    const config = mkdtempSync(join(tmpdir(), 'baton-xdg-'));
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = config;
    try {
      mkdirSync(join(config, 'Claude'));
      writeFileSync(join(config, 'Claude', 'claude_desktop_config.json'), JSON.stringify({ mcpServers: { desk: EVERYTHING } }));
      await baton.open(page);
      await openToolsSettings(page);
      await page.getByRole('button', { name: 'Import from Claude Desktop' }).click();
      await expect(statusRegion(page)).toContainText('Imported desk');
      await expect(serverItem(page, 'desk').getByTestId('server-status')).toHaveText('Ready', { timeout: 20_000 });

      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Import from a file…' }).click();
      const picked = { mcpServers: { desk: { command: 'other' }, picked: { command: 'baton-no-such-command-xyz' } } };
      await (await chooser).setFiles({ name: 'work-laptop.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(picked)) });
      await expect(statusRegion(page)).toContainText('Imported picked; kept your own desk');
      await expect(serverItem(page, 'picked').getByTestId('server-status')).toHaveText(/^Failed: command not found/);
      expect(JSON.parse(readFileSync(join(baton.dataDir, 'mcp.json'), 'utf8'))).toEqual({ mcpServers: { desk: EVERYTHING, picked: picked.mcpServers.picked } });
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = before;
      rmSync(config, { recursive: true, force: true });
    }
  });
});

test('a web search reply: its search as a row, one paragraph with numbered sources, the sources listed as links', async ({ page, baton }) => {
  await baton.open(page);
  baton.fake.enqueue(replay('baton/web-search-citations.sse', { chunkBytes: 64 }));
  await send(page, 'How many people live in Tokyo?');
  const reply = messages(page).last();
  await expect(reply.getByTestId('tool-call')).toContainText('Searched the web for “Tokyo population 2025”');
  await expect(reply.getByTestId('tool-call')).toContainText('2 results');
  // Four text blocks of the API, one paragraph here.
  await expect(reply.locator('.markdown p').filter({ hasText: 'Here is what I found' })).toHaveText(
    'Here is what I found: Tokyo itself has about 14 million people [1], while the greater area has about 37 million [2].',
  );
  await expect(reply.locator('.markdown p').filter({ hasText: 'Here is what I found' }).getByRole('link', { name: '[1]' })).toHaveAttribute('href', 'https://example.org/tokyo/population');
  const sources = reply.getByRole('list', { name: 'Sources' });
  await expect(sources.getByRole('listitem')).toHaveText(['Tokyo - Population statistics example.org', 'Greater Tokyo Area example.com']);
  await expect(sources.getByRole('link', { name: 'Greater Tokyo Area' })).toHaveAttribute('href', 'https://example.com/wiki/Greater_Tokyo_Area');
});

test('a turn that keeps pausing on web searches ends with the paused notice; Continue goes on with the turn', async ({ page, baton }) => {
  await baton.open(page);
  // The run follows eight pauses by itself; the ninth reply, only a search, is where it stops.
  for (let i = 0; i < 9; i++) baton.fake.enqueue(replay('baton/web-search-paused.sse'));
  await send(page, 'Weather in Osaka this week?');
  const paused = messages(page).last();
  await expect(paused.getByText('Claude paused this long turn.')).toBeVisible();
  await expect(paused.getByTestId('tool-call')).toContainText('Searched the web for “Osaka weather this week”');
  expect(baton.fake.messageRequests()).toHaveLength(9);
  baton.fake.enqueue({ kind: 'text', text: 'Sunny all week in Osaka.' });
  await paused.getByRole('button', { name: 'Continue' }).click();
  await expect(messages(page).last()).toContainText('Sunny all week in Osaka.');
  await expect(page.getByText('Claude paused this long turn.')).toHaveCount(0);
  expect(baton.fake.messageRequests()).toHaveLength(10);
});

test('read_parent_session in a handed-off session: a row whose result quotes the parent, with no approval', async ({ page, baton }) => {
  await baton.open(page);
  await exchange(page, baton, 'The deploy key lives in vault path ops/deploy-7', 'Noted.');
  baton.fake.enqueue({ kind: 'text', text: handoffDocument('PARENT') });
  await send(page, '/handoff');
  await expect(statusRegion(page)).toContainText('New session started with handoff context');
  baton.fake.enqueue({ kind: 'tool_use', name: 'read_parent_session', input: { query: 'deploy key' } }, { kind: 'text', text: 'It is at ops/deploy-7.' });
  await send(page, 'Where was the deploy key?');
  await expect(page.getByText('It is at ops/deploy-7.')).toBeVisible();
  await expect(card(page)).toHaveCount(0);
  const row = page.getByTestId('tool-call');
  await expect(row).toContainText('read_parent_session');
  await row.locator('summary').click();
  await expect(row).toContainText('message 1 (user): The deploy key lives in vault path ops/deploy-7');
});

test('two tabs on the session both show the card; the first answer wins and the other tab\'s card goes', async ({ page, context, baton }) => {
  await everythingReady(page, baton);
  askEcho(baton, 'twice', 'Denied, going on.');
  await send(page, 'Echo twice');
  await expect(card(page)).toBeVisible();
  const other = await context.newPage();
  await other.goto(page.url());
  // Opened while the call waits: the card comes with the session.
  await expect(card(other)).toBeVisible();
  await card(other).getByRole('button', { name: 'Deny' }).click();
  await expect(card(page)).toBeHidden();
  await expect(page.getByText('Denied, going on.')).toBeVisible();
  await expect(other.getByText('Denied, going on.')).toBeVisible();
});
