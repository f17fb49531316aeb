// mcp.json in Claude Desktop's format: what is read, what each mistake is called (with its line), that
// a bad server never takes the others with it, and that no message quotes the file's values.
import { describe, expect, it } from 'vitest';
import { MASK, maskedServerConfig, mcpStatusText, parseMcpConfig } from '../../shared/mcpConfig';

const file = (servers: string) => `{\n  "mcpServers": {\n${servers}\n  }\n}\n`;

describe('parseMcpConfig', () => {
  it('reads stdio and http servers as Claude Desktop writes them', () => {
    const text = file(
      [
        '    "fs": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "env": { "DEBUG": "1" } },',
        '    "remote": { "type": "http", "url": "https://mcp.example.com/mcp", "headers": { "Authorization": "Bearer t" } },',
        '    "plain": { "type": "stdio", "command": "uvx", "args": ["mcp-server-git"], "disabled": true }',
      ].join('\n'),
    );
    expect(parseMcpConfig(text)).toEqual({
      ok: true,
      problems: [],
      servers: [
        { name: 'fs', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'], env: { DEBUG: '1' } } },
        { name: 'remote', config: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer t' } } },
        { name: 'plain', config: { type: 'stdio', command: 'uvx', args: ['mcp-server-git'], disabled: true } },
      ],
    });
  });

  it('leaves out each server of the wrong shape with a problem naming its line, and keeps the rest', () => {
    const text = file(
      [
        '    "good": { "command": "node" },',
        '    "no-command": { "args": [] },',
        '    "bad-args": {',
        '      "command": "node", "args": [1]',
        '    },',
        '    "ftp": { "type": "http", "url": "ftp://example.com" },',
        '    "list": [],',
        '    "bad-env": { "command": "x", "env": { "TOKEN": 42 } },',
        '    "also-good": { "type": "http", "url": "http://127.0.0.1:3000/mcp" }',
      ].join('\n'),
    );
    const parsed = parseMcpConfig(text);
    expect(parsed.ok && parsed.servers.map((s) => s.name)).toEqual(['good', 'also-good']);
    expect(parsed.ok && parsed.problems).toEqual([
      'mcp.json line 4: server "no-command": "command": expected string, received undefined',
      'mcp.json line 5: server "bad-args": "args.0": expected string, received number',
      'mcp.json line 8: server "ftp": "url": must be an http or https URL',
      'mcp.json line 9: server "list": must be an object with "command" (or "type": "http" and "url")',
      'mcp.json line 10: server "bad-env": "env.TOKEN": expected string, received number',
    ]);
  });

  it('names the line and column of a JSON mistake, without quoting the text around it', () => {
    const text = '{\n  "mcpServers": {\n    "x": { "command": "node", "env": { "KEY": sk-live-123 } }\n  }\n}';
    const parsed = parseMcpConfig(text);
    expect(parsed).toEqual({ ok: false, error: 'mcp.json line 3, column 47: not valid JSON' });
    expect(JSON.stringify(parsed)).not.toContain('sk-live');
    expect(parseMcpConfig('{\n  "mcpServers": {},\n}')).toEqual({ ok: false, error: 'mcp.json line 3, column 1: not valid JSON' });
  });

  it('takes an empty file or one without mcpServers as no servers, and refuses other shapes', () => {
    expect(parseMcpConfig('')).toEqual({ ok: true, servers: [], problems: [] });
    expect(parseMcpConfig('{"globalShortcut": ""}')).toEqual({ ok: true, servers: [], problems: [] });
    expect(parseMcpConfig('[]')).toEqual({ ok: false, error: 'mcp.json: must be a JSON object with "mcpServers" in it' });
    expect(parseMcpConfig('{\n"mcpServers": ["a"]}')).toEqual({ ok: false, error: 'mcp.json line 2: "mcpServers" must be an object of servers by name' });
  });
});

describe('the renderer view', () => {
  it('masks env values and header values, and nothing else', () => {
    expect(maskedServerConfig({ command: 'npx', args: ['-y', 'x'], env: { TOKEN: 'secret', OTHER: '' } })).toEqual({
      command: 'npx',
      args: ['-y', 'x'],
      env: { TOKEN: MASK, OTHER: MASK },
    });
    expect(maskedServerConfig({ type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer t' } })).toEqual({
      type: 'http',
      url: 'https://x.example/mcp',
      headers: { Authorization: MASK },
    });
  });

  it('words a status as the spec names them', () => {
    expect(mcpStatusText({ state: 'starting' })).toBe('Starting');
    expect(mcpStatusText({ state: 'ready' })).toBe('Ready');
    expect(mcpStatusText({ state: 'failed', reason: 'command not found: uvx' })).toBe('Failed: command not found: uvx');
  });
});
