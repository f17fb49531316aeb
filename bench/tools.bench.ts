// MCP tools (SPEC §8):
// - tools.mcp.call_overhead.ms: Baton's time around a call to a local stdio server, over the server's own.
//   100 echo calls to the real server-everything (its bin from node_modules, run with this Node) through
//   McpServers and the tool-call path the agent loop uses, against the same calls made with the bare SDK
//   Client and its StdioClientTransport to a second server-everything; the two alternate, after a warm-up.
//   The figure is the difference of the medians.
// - tools.mcp.startup_delay.ms: how long McpServers.start takes with 20 servers configured, over the same
//   call with an empty mcp.json (median of 50 each, whole milliseconds): the servers start after it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { toolResultText } from '../shared/toolResult';
import { executeToolCall } from '../electron/core/agent/tools';
import { McpServers } from '../electron/core/tools/mcp/McpServers';
import { report } from './report';

const CALLS = 100;
const WARM_UP = 20;
const STARTS = 50;

const require = createRequire(import.meta.url);
const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
const bin = join(dirname(manifest), Object.values((JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> }).bin)[0] ?? '');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await call();
  return performance.now() - start;
}

async function callOverhead(root: string): Promise<void> {
  const dir = mkdtempSync(join(root, 'calls-'));
  writeFileSync(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [bin] } } }));
  const servers = new McpServers({ dataDir: dir, path: async () => process.env.PATH ?? '', log: () => {} });
  const bare = new Client({ name: 'bench', version: '1' });
  try {
    servers.start();
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        const state = servers.overview().servers[0]?.state;
        if (state === 'ready') resolve();
        else if (state === 'failed') reject(new Error(servers.overview().servers[0]?.reason));
      };
      servers.onChange(check);
    });
    await bare.connect(new StdioClientTransport({ command: process.execPath, args: [bin], stderr: 'ignore' }));
    const tool = servers.tools().find((t) => t.origin?.name === 'echo');
    if (!tool) throw new Error('server-everything has no echo tool');
    const source = { tools: () => [tool] };
    const context = { signal: new AbortController().signal, onProgress: () => {} };
    const baton: number[] = [];
    const sdk: number[] = [];
    for (let i = 0; i < WARM_UP + CALLS; i++) {
      const input = { message: `call ${i}` };
      const ours = await timed(async () => {
        const result = await executeToolCall(source, { type: 'tool_use', id: `toolu_${i}`, name: tool.definition.name, input }, context);
        if (result.is_error) throw new Error(toolResultText(result.content));
      });
      const theirs = await timed(() => bare.callTool({ name: 'echo', arguments: input }));
      if (i >= WARM_UP) {
        baton.push(ours);
        sdk.push(theirs);
      }
    }
    report({
      name: 'tools.mcp.call_overhead.ms',
      value: median(baton) - median(sdk),
      unit: 'ms',
      budget: 5,
      comparedWith: `median of ${CALLS} echo calls to server-everything over stdio through McpServers and executeToolCall (${median(baton).toFixed(3)} ms) minus the same calls with the bare SDK Client (${median(sdk).toFixed(3)} ms)`,
    });
  } finally {
    await bare.close();
    await servers.dispose();
  }
}

async function startupDelay(root: string): Promise<void> {
  const many = mkdtempSync(join(root, 'many-'));
  const none = mkdtempSync(join(root, 'none-'));
  const config = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`server-${i}`, { command: process.execPath, args: [bin] }]));
  writeFileSync(join(many, 'mcp.json'), JSON.stringify({ mcpServers: config }));
  writeFileSync(join(none, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
  const startTimes = async (dataDir: string) => {
    const times: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const servers = new McpServers({ dataDir, path: async () => process.env.PATH ?? '', log: () => {} });
      times.push(await timed(async () => servers.start()));
      // Ended before its background start runs: this measures the call, not 20 node processes.
      await servers.dispose();
    }
    return times;
  };
  const empty = median(await startTimes(none));
  const twenty = median(await startTimes(many));
  report({
    name: 'tools.mcp.startup_delay.ms',
    value: Math.max(0, Math.round(twenty - empty)),
    unit: 'ms',
    budget: 0,
    comparedWith: `median McpServers.start() with 20 stdio servers configured (${twenty.toFixed(3)} ms) minus with none (${empty.toFixed(3)} ms), in whole ms: the file is read and the servers started after start returns`,
  });
}

const root = mkdtempSync(join(tmpdir(), 'baton-tools-bench-'));
try {
  await callOverhead(root);
  await startupDelay(root);
} finally {
  rmSync(root, { recursive: true, force: true });
}
