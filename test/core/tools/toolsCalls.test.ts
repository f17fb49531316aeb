// Settings → Tools through the core's calls (SPEC §5, §6): what a view may change of mcp.json, what it
// sees of a server's secrets, and what lands in the file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { texts } from '../../../shared/texts';
import { MASK } from '../../../shared/mcpConfig';
import { useFakeAnthropic } from '../../fakeAnthropic';
import { startCoreDriver, type CoreDriver } from '../../support/coreDriver';
import { scripted } from './mcp/harness';

const fake = useFakeAnthropic();
let driver: CoreDriver | undefined;
afterEach(async () => {
  await driver?.dispose();
  driver = undefined;
});

const SECRET = 'sk-mcp-secret-0042';
const server = { command: 'baton-no-such-command-xyz', env: { TOKEN: SECRET } };

describe('when the servers start', () => {
  it('not before a window has asked for something: then, once its calls are answered, in the background', async () => {
    const d = (driver = startCoreDriver(fake));
    writeFileSync(join(d.dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { ok: scripted('ok') } }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No view has called: the file is not even read.
    expect(d.of('tools_changed')).toEqual([]);
    await d.call('sessions.new', {});
    await expect.poll(async () => (await d.call('tools.overview', {})).servers[0]?.state, { timeout: 20_000 }).toBe('ready');
  });
});

describe('the time limit of a call (Settings → Tools)', () => {
  it('is the setting in force: changed while the server runs, the next call that gets no answer fails after it, saying so', async () => {
    const d = (driver = startCoreDriver(fake));
    writeFileSync(join(d.dataDir, 'mcp.json'), JSON.stringify({ mcpServers: { mute: scripted('silent') } }));
    await d.call('sessions.new', {});
    await expect.poll(async () => (await d.call('tools.overview', {})).servers[0]?.state, { timeout: 20_000 }).toBe('ready');
    await d.call('settings.set', { mcpTimeoutSeconds: 5, alwaysAllowTools: ['mute__act'] });
    let result = '';
    fake.enqueue({ kind: 'tool_use', name: 'mute__act', input: {} }, (req) => {
      result = JSON.stringify((req.body as { messages: Array<{ content: unknown }> }).messages.at(-1)?.content);
      return { kind: 'text', text: 'It did not answer.' };
    });
    await d.chat('Use it');
    expect(result).toContain('The MCP server \\"mute\\" did not answer the call of act within 5 s.');
  });
});

describe('web mode without --allow-tool-config', () => {
  it('refuses every change of the servers, saying why, and writes nothing', async () => {
    const d = (driver = startCoreDriver(fake));
    expect((await d.call('tools.overview', {})).readOnlyReason).toBe(texts.toolConfigReadOnly);
    for (const [channel, input] of [
      ['tools.add', { name: 'x', config: server }],
      ['tools.remove', { name: 'x' }],
      ['tools.setEnabled', { name: 'x', enabled: false }],
      ['tools.importClaudeDesktop', {}],
    ] as const) {
      expect(await d.view.dispatch(channel, input, true)).toEqual({ ok: false, error: { code: 'forbidden', message: texts.toolConfigReadOnly } });
    }
    expect(() => readFileSync(join(d.dataDir, 'mcp.json'))).toThrow(/ENOENT/);
  });
});

describe('with --allow-tool-config', () => {
  it('Add server writes mcp.json; the overview and tools_changed show its env masked; Remove takes it out', async () => {
    const d = (driver = startCoreDriver(fake, { allowToolConfig: true }));
    await d.call('tools.add', { name: 'broken', config: server });
    expect(JSON.parse(readFileSync(join(d.dataDir, 'mcp.json'), 'utf8'))).toEqual({ mcpServers: { broken: server } });
    await expect.poll(async () => (await d.call('tools.overview', {})).servers[0]?.state).toBe('failed');
    const overview = await d.call('tools.overview', {});
    expect(overview.readOnlyReason).toBeUndefined();
    expect(overview.servers[0]).toMatchObject({ name: 'broken', config: { env: { TOKEN: MASK } }, reason: expect.stringContaining('baton-no-such-command-xyz') });
    expect(JSON.stringify(d.of('tools_changed'))).not.toContain(SECRET);
    expect(d.of('tools_changed').length).toBeGreaterThan(0);

    const again = await d.view.dispatch('tools.add', { name: 'broken', config: server }, true);
    expect(again).toEqual({ ok: false, error: { code: 'invalid_input', message: 'An MCP server is already named "broken".' } });
    await d.call('tools.remove', { name: 'broken' });
    expect(JSON.parse(readFileSync(join(d.dataDir, 'mcp.json'), 'utf8'))).toEqual({ mcpServers: {} });
    expect((await d.call('tools.overview', {})).servers).toEqual([]);
  });
});
