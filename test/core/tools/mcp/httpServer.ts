// A Streamable HTTP MCP server on 127.0.0.1, built with the SDK's own server classes: one session per
// client, so notifications (tools/list_changed) reach it. Its tools let a test see what arrived.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface TestHttpServer {
  url: string;
  /** The Authorization header of every request, in order. */
  authorizations: Array<string | undefined>;
  /** Calls of `wait` that arrived, and those the client cancelled. */
  waiting: number;
  cancelled: number;
  close(): Promise<void>;
}

export async function startHttpMcpServer(): Promise<TestHttpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const state: TestHttpServer = { url: '', authorizations: [], waiting: 0, cancelled: 0, close: async () => {} };

  const newServer = () => {
    const server = new McpServer({ name: 'test-http', version: '1' }, { capabilities: { tools: { listChanged: true } } });
    server.registerTool('echo', { description: 'Says it back.', inputSchema: { message: z.string() } }, async ({ message }) => ({
      content: [{ type: 'text', text: `Echo: ${message}` }],
    }));
    server.registerTool('wait', { description: 'Waits until cancelled.' }, (extra) =>
      new Promise((resolve) => {
        state.waiting++;
        extra.signal.addEventListener('abort', () => {
          state.cancelled++;
          resolve({ content: [{ type: 'text', text: 'cancelled' }] });
        });
      }),
    );
    server.registerTool('grow', { description: 'Adds a tool.' }, async () => {
      server.registerTool('grown', { description: 'Added later.' }, async () => ({ content: [{ type: 'text', text: 'new' }] }));
      return { content: [{ type: 'text', text: 'grown' }] };
    });
    return server;
  };

  const http: Server = createServer((req, res) => {
    state.authorizations.push(req.headers.authorization);
    void handle(req).then(
      async (body) => {
        const id = req.headers['mcp-session-id'];
        let transport = typeof id === 'string' ? transports.get(id) : undefined;
        if (!transport) {
          const fresh = new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (sessionId) => void transports.set(sessionId, fresh),
          });
          transport = fresh;
          await newServer().connect(fresh);
        }
        await transport.handleRequest(req, res, body);
      },
      () => res.writeHead(400).end(),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  state.close = async () => {
    await Promise.all([...transports.values()].map((t) => t.close()));
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  };
  return state;
}

async function handle(req: IncomingMessage): Promise<unknown> {
  if (req.method !== 'POST') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}
