// MCP servers from npm, for real: server-everything, server-filesystem and server-memory over stdio
// (their bins run with this Node: no network), and a Streamable HTTP server on 127.0.0.1 built with the
// SDK. What a model would get from their tools, what lands on disk, and what the user sees.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../../../../shared/mcpConfig';
import { CANCELLED_RESULT, executeToolCall } from '../../../../electron/core/agent/tools';
import { startHttpMcpServer, type TestHttpServer } from './httpServer';
import { mcpHarness, node, serverBin, textOf, waitFor, type McpHarness } from './harness';

let h: McpHarness | undefined;
afterEach(async () => {
  await h?.cleanup();
  h = undefined;
});

const SECRET = 'sk-secret-do-not-show-4711';

describe('server-everything over stdio', () => {
  let e: McpHarness;
  beforeAll(() => {
    e = mcpHarness({ everything: { ...node(serverBin('server-everything')), env: { API_TOKEN: SECRET } } });
    e.servers.start();
    return e.until('everything', 'ready');
  });
  afterAll(() => e.cleanup());

  it('is Ready with its tools, named for the model by server and tool', () => {
    const status = e.status('everything');
    expect(status?.tools.map((t) => t.apiName)).toEqual(expect.arrayContaining(['everything__echo', 'everything__get-tiny-image', 'everything__get-env']));
    expect(e.servers.tools().every((t) => /^[a-zA-Z0-9_-]{1,64}$/.test(t.definition.name) && t.definition.input_schema.type === 'object')).toBe(true);
  });

  it('echoes', async () => {
    expect(await e.call('everything', 'echo', { message: 'hello' })).toEqual({ content: 'Echo: hello' });
  });

  it('serves many calls of one run with the run\'s signal, leaving no listener behind on it', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const run = new AbortController();
    for (let i = 0; i < 15; i++) await e.call('everything', 'echo', { message: `${i}` }, { signal: run.signal });
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('returns its picture as an image block the API takes', async () => {
    const out = await e.call('everything', 'get-tiny-image');
    expect(out.content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'image', name: 'everything-get-tiny-image-1.png', source: expect.objectContaining({ media_type: 'image/png' }) }),
      ]),
    );
  });

  it('reports progress while a long call runs', async () => {
    const seen: Array<[number | undefined, number | undefined]> = [];
    const out = await e.call('everything', 'trigger-long-running-operation', { duration: 1, steps: 3 }, { onProgress: (_m, p, t) => seen.push([p, t]) });
    expect(out.content).toMatch(/Long running operation completed/);
    // The last report may come after the answer, when it no longer counts.
    expect(seen.slice(0, 2)).toEqual([[1, 3], [2, 3]]);
  });

  it('a call cancelled by the run ends at once, and the server goes on answering', async () => {
    const controller = new AbortController();
    const tool = e.tool('everything', 'trigger-long-running-operation');
    const call = { type: 'tool_use' as const, id: 'toolu_1', name: tool.definition.name, input: { duration: 30, steps: 30 } };
    const result = executeToolCall({ tools: () => [tool] }, call, { signal: controller.signal, onProgress: () => controller.abort() });
    expect(await result).toEqual({ type: 'tool_result', tool_use_id: 'toolu_1', content: CANCELLED_RESULT, is_error: true });
    expect(await e.call('everything', 'echo', { message: 'still here' })).toEqual({ content: 'Echo: still here' });
  });

  it('gets only the env its config names, plus PATH', async () => {
    const env = JSON.parse(textOf(await e.call('everything', 'get-env'))) as Record<string, string>;
    expect(Object.keys(env).sort()).toEqual(['API_TOKEN', 'PATH']);
    expect(env.API_TOKEN).toBe(SECRET);
  });

  it('shows its env masked, and never logs it', () => {
    expect(e.status('everything')?.config).toMatchObject({ env: { API_TOKEN: MASK } });
    expect(JSON.stringify(e.servers.overview())).not.toContain(SECRET);
    expect(e.logs.join('\n')).toContain('MCP server "everything": ready');
    expect(e.logs.join('\n')).not.toContain(SECRET);
  });
});

describe('server-filesystem and server-memory over stdio', () => {
  it('writes and reads files in the folder it was given, and refuses others as an error the model reads', async () => {
    h = mcpHarness({});
    h.writeConfig({ files: node(serverBin('server-filesystem'), h.dir) });
    h.servers.start();
    await h.until('files', 'ready');
    const file = join(h.dir, 'notes.txt');
    await h.call('files', 'write_file', { path: file, content: 'Written by a tool.' });
    expect(readFileSync(file, 'utf8')).toBe('Written by a tool.');
    expect(await h.call('files', 'read_text_file', { path: file })).toEqual({ content: 'Written by a tool.' });
    const refused = await h.call('files', 'read_text_file', { path: '/etc/hostname' });
    expect(refused).toMatchObject({ isError: true, content: expect.stringMatching(/Access denied/) });
  });

  it('keeps a knowledge graph in the file its env names', async () => {
    h = mcpHarness({});
    const memory = join(h.dir, 'memory.jsonl');
    h.writeConfig({ memory: { ...node(serverBin('server-memory')), env: { MEMORY_FILE_PATH: memory } } });
    h.servers.start();
    await h.until('memory', 'ready');
    await h.call('memory', 'create_entities', { entities: [{ name: 'Baton', entityType: 'app', observations: ['hands off sessions'] }] });
    expect(readFileSync(memory, 'utf8')).toContain('"name":"Baton"');
    expect(textOf(await h.call('memory', 'read_graph'))).toContain('hands off sessions');
  });
});

describe('a Streamable HTTP server', () => {
  let web: TestHttpServer;
  beforeAll(async () => {
    web = await startHttpMcpServer();
  });
  afterAll(() => web.close());

  it('is called with the headers its config names, which the status masks', async () => {
    h = mcpHarness({ web: { type: 'http', url: web.url, headers: { Authorization: `Bearer ${SECRET}` } } });
    h.servers.start();
    await h.until('web', 'ready');
    expect(await h.call('web', 'echo', { message: 'over http' })).toEqual({ content: 'Echo: over http' });
    expect(web.authorizations.every((a) => a === `Bearer ${SECRET}`)).toBe(true);
    expect(h.status('web')?.config).toEqual({ type: 'http', url: web.url, headers: { Authorization: MASK } });
    expect(h.logs.join('\n')).not.toContain(SECRET);
  });

  it('sends notifications/cancelled when the run stops a call', async () => {
    h = mcpHarness({ web: { type: 'http', url: web.url } });
    h.servers.start();
    await h.until('web', 'ready');
    const controller = new AbortController();
    const tool = h.tool('web', 'wait');
    const [waiting, cancelled] = [web.waiting, web.cancelled];
    const result = executeToolCall({ tools: () => [tool] }, { type: 'tool_use', id: 't', name: tool.definition.name, input: {} }, { signal: controller.signal, onProgress: () => {} });
    await waitFor(() => web.waiting === waiting + 1);
    controller.abort();
    expect((await result).content).toBe(CANCELLED_RESULT);
    await waitFor(() => web.cancelled === cancelled + 1);
  });

  it('follows tools/list_changed: a tool the server adds is offered, and onChange says so', async () => {
    const m = (h = mcpHarness({ web: { type: 'http', url: web.url } }));
    let changes = 0;
    h.servers.onChange(() => changes++);
    h.servers.start();
    await h.until('web', 'ready');
    expect(h.servers.tools().map((t) => t.definition.name)).not.toContain('web__grown');
    const before = changes;
    await h.call('web', 'grow');
    await waitFor(() => m.servers.tools().some((t) => t.definition.name === 'web__grown'));
    expect(changes).toBeGreaterThan(before);
    expect(await h.call('web', 'grown')).toEqual({ content: 'new' });
  });

  it.each([
    ['a JSON answer', 'application/json', '{"jsonrpc":"2.0","id":0,"result":{"pad":"'],
    ['an event stream line', 'text/event-stream', 'event: message\ndata: {"jsonrpc":"2.0","id":0,"result":{"pad":"'],
  ])('a server that answers with %s of 100 MB is failed at once, and memory stays bounded', async (_, type, start) => {
    const huge = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': type });
      res.write(start);
      const piece = 'x'.repeat(1024 * 1024);
      let left = 100;
      const more = () => {
        while (left-- > 0) if (!res.write(piece)) return void res.once('drain', more);
        res.end('"}}\n\n');
      };
      res.on('error', () => {});
      more();
    });
    await new Promise<void>((resolve) => huge.listen(0, '127.0.0.1', resolve));
    try {
      const before = process.memoryUsage().rss;
      h = mcpHarness({ big: { type: 'http', url: `http://127.0.0.1:${(huge.address() as AddressInfo).port}/mcp` } });
      h.servers.start();
      expect((await h.until('big', 'failed')).reason).toBe('sent a message over 16 MB (the connection closed)');
      expect(process.memoryUsage().rss - before).toBeLessThan(80 * 1024 * 1024);
    } finally {
      huge.closeAllConnections();
      await new Promise((resolve) => huge.close(resolve));
    }
  });

  it('a URL where nothing listens is failed with the reason', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    h = mcpHarness({ gone: { type: 'http', url: `http://127.0.0.1:${port}/mcp` } });
    h.servers.start();
    expect((await h.until('gone', 'failed')).reason).toBe('cannot connect (ECONNREFUSED)');
  });
});
