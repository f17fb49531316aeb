// Shared set-up for the MCP tests: a data folder with an mcp.json, a manager over it, the real servers
// from node_modules started with this Node, and ways to wait for a status or find a process.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerStatus } from '../../../../shared/mcpConfig';
import type { Tool, ToolContext, ToolOutput } from '../../../../electron/core/agent/tools';
import { McpServers, type McpServersOptions } from '../../../../electron/core/tools/mcp/McpServers';

const require = createRequire(import.meta.url);

/** A server package's bin, run with this Node: no npx, no network. */
export function serverBin(pkg: 'server-everything' | 'server-filesystem' | 'server-memory'): string {
  const manifest = require.resolve(`@modelcontextprotocol/${pkg}/package.json`);
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0] ?? 'dist/index.js');
}

export const SCRIPTED = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/mcp/scriptedServer.mjs');

export const node = (script: string, ...args: string[]) => ({ command: process.execPath, args: [script, ...args] });
export const scripted = (mode: string) => node(SCRIPTED, mode);

export interface McpHarness {
  dir: string;
  servers: McpServers;
  logs: string[];
  writeConfig(servers: Record<string, unknown>): void;
  status(name: string): McpServerStatus | undefined;
  /** Waits until the server's state is one of these. */
  until(name: string, ...states: Array<McpServerStatus['state']>): Promise<McpServerStatus>;
  tool(server: string, name: string): Tool;
  call(server: string, name: string, input?: unknown, context?: Partial<ToolContext>): Promise<ToolOutput>;
  cleanup(): Promise<void>;
}

export function mcpHarness(servers: Record<string, unknown>, options: Partial<McpServersOptions> = {}): McpHarness {
  const dir = mkdtempSync(join(tmpdir(), 'baton-mcp-'));
  const file = join(dir, 'mcp.json');
  const writeConfig = (config: Record<string, unknown>) => writeFileSync(file, JSON.stringify({ mcpServers: config }, null, 2));
  writeConfig(servers);
  const logs: string[] = [];
  const manager = new McpServers({ dataDir: dir, path: async () => process.env.PATH ?? '', log: (m) => logs.push(m), watchDebounceMs: 50, ...options });
  const status = (name: string) => manager.overview().servers.find((s) => s.name === name);
  const tool = (server: string, name: string) => {
    const found = manager.tools().find((t) => t.origin?.server === server && t.origin.name === name);
    if (!found) throw new Error(`no tool ${name} on ${server}`);
    return found;
  };
  return {
    dir,
    servers: manager,
    logs,
    writeConfig,
    status,
    async until(name, ...states) {
      await waitFor(() => {
        const now = status(name);
        return now !== undefined && states.includes(now.state);
      }, 20_000);
      return status(name) as McpServerStatus;
    },
    tool,
    call: (server, name, input = {}, context = {}) =>
      tool(server, name).execute(input, { signal: new AbortController().signal, onProgress: () => {}, ...context }),
    async cleanup() {
      await manager.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A result that is plain text, as that text. */
export function textOf(out: ToolOutput): string {
  if (typeof out.content !== 'string') throw new Error(`not plain text: ${JSON.stringify(out.content).slice(0, 200)}`);
  return out.content;
}

export async function waitFor(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Whether a process of this id is running (Linux: a zombie counts as gone). */
export function alive(pid: number): boolean {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return false;
  return !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
}

/** The ids of this process's children (Linux). */
export function childPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
