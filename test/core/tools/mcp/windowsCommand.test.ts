// How a Windows command line is built (the logic runs anywhere: the file system is a list here).
import { describe, expect, it } from 'vitest';
import { windowsCommand } from '../../../../electron/core/tools/mcp/windowsCommand';

const files = new Set([
  'C:\\Program Files\\nodejs\\npx.cmd',
  'C:\\Program Files\\nodejs\\node.exe',
  'C:\\Users\\ann\\.local\\bin\\uvx.exe',
  'C:\\work\\node_modules\\.bin\\mcp-server.cmd',
]);
const exists = (file: string) => files.has(file);
const env = { PATH: 'C:\\Users\\ann\\.local\\bin;C:\\Program Files\\nodejs', PATHEXT: '.COM;.EXE;.BAT;.CMD', ComSpec: 'C:\\Windows\\system32\\cmd.exe' };

describe('windowsCommand', () => {
  it('runs an .exe found on PATH directly', () => {
    expect(windowsCommand('uvx', ['mcp-server-git'], env, exists)).toEqual({ command: 'C:\\Users\\ann\\.local\\bin\\uvx.exe', args: ['mcp-server-git'], verbatim: false });
    expect(windowsCommand('C:\\Program Files\\nodejs\\node.exe', ['a.js'], env, exists)).toMatchObject({ command: 'C:\\Program Files\\nodejs\\node.exe', verbatim: false });
  });

  it('runs a .cmd through cmd.exe, its path and every argument escaped', () => {
    expect(windowsCommand('npx', ['-y', '@modelcontextprotocol/server-filesystem', 'C:\\My Notes', 'a&b', 'say "hi"'], env, exists)).toEqual({
      command: 'C:\\Windows\\system32\\cmd.exe',
      args: ['/d', '/s', '/c', '"C:\\Program^ Files\\nodejs\\npx.cmd ^"-y^" ^"@modelcontextprotocol/server-filesystem^" ^"C:\\My^ Notes^" ^"a^&b^" ^"say^ \\^"hi\\^"^""'],
      verbatim: true,
    });
  });

  it('escapes twice for a package shim in node_modules\\.bin, which cmd reads once more', () => {
    const { args } = windowsCommand('C:\\work\\node_modules\\.bin\\mcp-server', ['a&b'], env, exists);
    expect(args.at(-1)).toBe('"C:\\work\\node_modules\\.bin\\mcp-server.cmd ^^^"a^^^&b^^^""');
  });

  it('leaves a command it cannot find as it is, so the start fails with "command not found"', () => {
    expect(windowsCommand('nothere', ['x'], env, exists)).toEqual({ command: 'nothere', args: ['x'], verbatim: false });
  });
});
