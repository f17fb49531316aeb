// The manager over mcp.json: it starts without waiting, follows the file as it is edited (added servers
// start, removed ones stop, changed ones restart, a bad one is reported alone), has an Enabled switch
// kept in the file, imports Claude Desktop's servers, and offers the tools to a session as a source.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeDesktopConfigPath } from '../../../../electron/core/tools/mcp/claudeDesktop';
import { setLanguage } from '../../../../shared/i18n';
import { useFakeAnthropic } from '../../../fakeAnthropic';
import { bodyOf, createHarness, type Harness } from '../../agent/harness';
import { alive, mcpHarness, node, scripted, serverBin, textOf, waitFor, type McpHarness } from './harness';

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const pidOf = async (m: McpHarness, server: string) => Number(textOf(await m.call(server, 'act')));
const names = (m: McpHarness) => m.servers.tools().map((t) => t.definition.name);

describe('McpServers', () => {
  it('start returns before any server has been read or started; they come up in the background', async () => {
    const m = (h = mcpHarness({ a: scripted('ok'), b: scripted('ok') }));
    m.servers.start();
    expect(m.servers.overview().servers).toEqual([]);
    expect(m.servers.tools()).toEqual([]);
    await m.until('a', 'ready');
    await m.until('b', 'ready');
    expect(names(m)).toEqual(['a__act', 'b__act']);
  });

  it.skipIf(process.platform !== 'linux')('spawns one server per turn of the event loop and boots no more at once than it may, so many servers never make one long task', async () => {
    const many = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`s${i}`, scripted('ok')]));
    const m = (h = mcpHarness(many, { startAtOnce: 2 }));
    const children = () => readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').split(' ').filter(Boolean).length;
    const ready = () => m.servers.overview().servers.filter((s) => s.state === 'ready').length;
    const before = children();
    const turns: Array<{ spawned: number; booting: number }> = [];
    m.servers.start();
    await new Promise<void>((resolve) => {
      const turn = () => {
        const spawned = children() - before;
        turns.push({ spawned, booting: spawned - ready() });
        if (ready() === 5) resolve();
        else setImmediate(turn);
      };
      setImmediate(turn);
    });
    expect(turns.at(-1)?.spawned).toBe(5);
    // Between two turns at most one more process, and never more than two booting.
    expect(turns.every((now, i) => now.spawned - (turns[i - 1]?.spawned ?? 0) <= 1)).toBe(true);
    expect(Math.max(...turns.map((now) => now.booting))).toBe(2);
  });

  it('a server that never answers its start does not hold the others back', async () => {
    const m = (h = mcpHarness({ stuck: scripted('garbage'), fine: scripted('ok') }, { startAtOnce: 1, timeoutMs: () => 60_000 }));
    m.servers.start();
    await m.until('fine', 'ready');
    expect(m.status('stuck')?.state).toBe('starting');
  });

  it('follows mcp.json: an added server starts, a changed one restarts, a removed one stops', async () => {
    const m = (h = mcpHarness({ a: scripted('ok') }));
    m.servers.start();
    await m.until('a', 'ready');
    const first = await pidOf(m, 'a');

    m.writeConfig({ a: scripted('ok'), b: scripted('ok') });
    await m.until('b', 'ready');
    expect(await pidOf(m, 'a')).toBe(first); // unchanged: not restarted
    const b = await pidOf(m, 'b');

    m.writeConfig({ a: { ...scripted('ok'), env: { MODE: 'changed' } }, b: scripted('ok') });
    await waitFor(() => m.status('a')?.state === 'starting' || !alive(first));
    await m.until('a', 'ready');
    expect(await pidOf(m, 'a')).not.toBe(first);
    await waitFor(() => !alive(first));

    m.writeConfig({ a: { ...scripted('ok'), env: { MODE: 'changed' } } });
    await waitFor(() => m.status('b') === undefined);
    expect(names(m)).toEqual(['a__act']);
    await waitFor(() => !alive(b));
  });

  it('a server of the wrong shape is reported with its line and left out; the others run', async () => {
    const m = (h = mcpHarness({}));
    writeFileSync(join(m.dir, 'mcp.json'), `{\n  "mcpServers": {\n    "good": ${JSON.stringify(scripted('ok'))},\n    "bad": { "command": 7 }\n  }\n}\n`);
    m.servers.start();
    await m.until('good', 'ready');
    expect(m.servers.overview().problems).toEqual(['mcp.json line 4: server "bad": "command": expected string, received number']);
    expect(m.servers.overview().servers.map((s) => s.name)).toEqual(['good']);
    expect(m.logs).toContain('mcp.json line 4: server "bad": "command": expected string, received number');
  });

  it('a file that is not JSON (mid-edit) keeps the servers running and says where it is wrong', async () => {
    const m = (h = mcpHarness({ a: scripted('ok') }));
    m.servers.start();
    await m.until('a', 'ready');
    writeFileSync(join(m.dir, 'mcp.json'), '{\n  "mcpServers": {\n    "a": {\n');
    await waitFor(() => m.servers.overview().error !== undefined);
    expect(m.servers.overview()).toMatchObject({ error: 'mcp.json line 4, column 1: not valid JSON', servers: [expect.objectContaining({ name: 'a', state: 'ready' })] });
    expect(names(m)).toEqual(['a__act']);
  });

  it('the Enabled switch stops a server and starts it again, kept in mcp.json beside what else is there', async () => {
    const m = (h = mcpHarness({}));
    const file = join(m.dir, 'mcp.json');
    writeFileSync(file, JSON.stringify({ globalShortcut: 'Ctrl+Space', mcpServers: { a: { ...scripted('ok'), note: 'mine' }, b: scripted('ok') } }));
    m.servers.start();
    await m.until('a', 'ready');
    await m.until('b', 'ready');
    const pid = await pidOf(m, 'a');
    m.servers.setEnabled('a', false);
    expect(m.status('a')?.state).toBe('disabled');
    expect(names(m)).toEqual(['b__act']);
    await waitFor(() => !alive(pid));
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { globalShortcut: string; mcpServers: Record<string, Record<string, unknown>> };
    expect(saved.globalShortcut).toBe('Ctrl+Space');
    expect(saved.mcpServers.a).toEqual({ ...scripted('ok'), note: 'mine', disabled: true });

    m.servers.setEnabled('a', true);
    await m.until('a', 'ready');
    expect(names(m)).toEqual(['a__act', 'b__act']);
    expect((JSON.parse(readFileSync(file, 'utf8')) as typeof saved).mcpServers.a).toEqual({ ...scripted('ok'), note: 'mine' });
    expect(() => m.servers.setEnabled('nobody', true)).toThrow('No MCP server is named "nobody".');
    // In the UI language.
    setLanguage('th');
    try {
      expect(() => m.servers.setEnabled('nobody', true)).toThrow('ไม่มีเซิร์ฟเวอร์ MCP ชื่อ "nobody"');
    } finally {
      setLanguage('en');
    }
  });

  it('imports Claude Desktop\'s servers into mcp.json, keeping those it has, and starts them', async () => {
    const m = (h = mcpHarness({ a: scripted('ok') }));
    m.servers.start();
    await m.until('a', 'ready');
    const desktop = join(m.dir, 'claude_desktop_config.json');
    writeFileSync(desktop, JSON.stringify({ mcpServers: { a: { command: 'other' }, c: scripted('ok'), broken: { url: 3 } }, preferences: {} }, null, 2));
    const result = m.servers.importClaudeDesktop(desktop);
    expect(result).toEqual({ added: ['c'], kept: ['a'], problems: ['claude_desktop_config.json line 13: server "broken": "type": expected "http"'] });
    await m.until('c', 'ready');
    const saved = JSON.parse(readFileSync(join(m.dir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(saved.mcpServers).toEqual({ a: scripted('ok'), c: scripted('ok') });
    expect(() => m.servers.importClaudeDesktop(join(m.dir, 'none.json'))).toThrow(/^No Claude Desktop configuration at .*none\.json\.$/);
  });

  it('imports from a file the user picked, as the page read it, naming it in what it reports', async () => {
    const m = (h = mcpHarness({ a: scripted('ok') }));
    m.servers.start();
    await m.until('a', 'ready');
    const picked = { name: 'work-laptop.json', text: JSON.stringify({ mcpServers: { a: { command: 'other' }, d: scripted('ok'), bad: { command: 7 } } }, null, 2) };
    expect(m.servers.importClaudeDesktop(picked)).toEqual({ added: ['d'], kept: ['a'], problems: [expect.stringMatching(/^work-laptop\.json line \d+: server "bad"/)] });
    await m.until('d', 'ready');
    const saved = JSON.parse(readFileSync(join(m.dir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(saved.mcpServers).toEqual({ a: scripted('ok'), d: scripted('ok') });
    expect(() => m.servers.importClaudeDesktop({ name: 'empty.json', text: ' ' })).toThrow('No Claude Desktop configuration at empty.json.');
    expect(() => m.servers.importClaudeDesktop({ name: 'notes.txt', text: 'hello' })).toThrow(/^notes\.txt/);
  });

  it('dispose ends the servers started and those being stopped', async () => {
    const m = (h = mcpHarness({ a: scripted('ok'), b: scripted('ok') }));
    m.servers.start();
    await m.until('a', 'ready');
    await m.until('b', 'ready');
    const pids = [await pidOf(m, 'a'), await pidOf(m, 'b')];
    m.servers.restart('a');
    await m.servers.dispose();
    expect(pids.filter(alive)).toEqual([]);
    expect(m.servers.tools()).toEqual([]);
  });
});

describe('claudeDesktopConfigPath', () => {
  it('is where Claude Desktop keeps it on each system', () => {
    expect(claudeDesktopConfigPath('darwin', {}, '/Users/ann')).toBe('/Users/ann/Library/Application Support/Claude/claude_desktop_config.json');
    expect(claudeDesktopConfigPath('linux', {}, '/home/ann')).toBe('/home/ann/.config/Claude/claude_desktop_config.json');
    expect(claudeDesktopConfigPath('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toMatch(/^C:\\Users\\ann\\AppData\\Roaming.Claude.claude_desktop_config\.json$/);
  });
});

describe('the tools in a session', () => {
  const fake = useFakeAnthropic();
  let agent: Harness | undefined;
  afterEach(() => agent?.cleanup());

  it('a session given the servers as a tool source offers them, and the model gets the call\'s result', async () => {
    const m = (h = mcpHarness({ everything: node(serverBin('server-everything')) }));
    m.servers.start();
    await m.until('everything', 'ready');
    // Marked Always allow: approval is tested in approval.test.ts.
    agent = createHarness(fake, { tools: m.servers, alwaysAllow: { has: () => true, add: () => {} } });
    fake.enqueue({ kind: 'tool_use', name: 'everything__echo', input: { message: 'relay' }, id: 'toolu_e' }, { kind: 'text', text: 'It said relay.' });
    await agent.agent.prompt('Use echo');
    expect(bodyOf(fake.messageRequests()[0]).tools?.map((t) => t.name)).toEqual(expect.arrayContaining(['todo_write', 'everything__echo']));
    expect(bodyOf(fake.messageRequests()[1]).messages.at(-1)?.content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_e', content: 'Echo: relay' }]);
  });
});
