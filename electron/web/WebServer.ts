// Web mode (SPEC §1, §7): the built renderer over HTTP and the contract over one WebSocket.
// Every WebSocket must carry the per-launch token and an Origin of this server.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BatonEvent } from '../../shared/contract';
import { isLoopbackHost, LOOPBACK_HOSTNAMES } from '../../shared/loopback';
import { ClientFrame, TOKEN_PARAM, WS_PATH, type ServerFrame } from '../../shared/wire';
import type { Dispatch } from '../core/ipc/dispatcher';
import { serveStatic } from './staticFiles';

export interface WebServerOptions {
  dispatch: Dispatch;
  subscribe: (listener: (event: BatonEvent) => void) => () => void;
  staticDir: string;
  token: string;
  host?: string;
  port?: number;
}

export interface WebServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Room for the largest call the contract allows (1,000,000 characters of text, UTF-8 and JSON-escaped). */
const MAX_FRAME_BYTES = 8 * 1024 * 1024;

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const http = createServer((req, res) => serveStatic(options.staticDir, req, res));
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Set<WebSocket>();

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, resolve);
  });
  const port = (http.address() as AddressInfo).port;
  const allowedOrigins = originsFor(host, port);

  http.on('upgrade', (req, socket, head) => {
    const refusal = refuse(req, options.token, allowedOrigins);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // A Buffer, as the socket's binaryType is ws's default ('nodebuffer').
      ws.on('message', (data) => void answer(ws, (data as Buffer).toString(), options.dispatch));
    });
  });

  const unsubscribe = options.subscribe((event) => {
    const frame = JSON.stringify({ event } satisfies ServerFrame);
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(frame);
  });

  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/?${TOKEN_PARAM}=${encodeURIComponent(options.token)}`,
    port,
    close: async () => {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

async function answer(ws: WebSocket, raw: string, dispatch: Dispatch): Promise<void> {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return; // not JSON: no id to answer to; the frame is dropped, the connection stays
  }
  const parsed = ClientFrame.safeParse(frame);
  const id = parsed.success ? parsed.data.id : (frame as { id?: unknown } | null)?.id;
  if (typeof id !== 'number') return;
  // The connection was authenticated at upgrade (token + Origin), so its sender is trusted.
  const result = parsed.success
    ? await dispatch(parsed.data.channel, parsed.data.input, true)
    : { ok: false, error: { code: 'invalid_input', message: 'Malformed request frame' } };
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id, result } satisfies ServerFrame));
}

/** Returns the HTTP status line to refuse with, or null when the upgrade may proceed. */
function refuse(req: IncomingMessage, token: string, allowedOrigins: Set<string>): string | null {
  const url = new URL(req.url ?? '/', 'http://x');
  if (url.pathname !== WS_PATH) return '404 Not Found';
  if (!sameSecret(url.searchParams.get(TOKEN_PARAM) ?? '', token)) return '401 Unauthorized';
  if (!allowedOrigins.has(req.headers.origin ?? '')) return '403 Forbidden';
  return null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function originsFor(host: string, port: number): Set<string> {
  const hosts = new Set([host.includes(':') ? `[${host}]` : host]);
  if (isLoopbackHost(host)) LOOPBACK_HOSTNAMES.forEach((h) => hosts.add(h));
  return new Set([...hosts].map((h) => `http://${h}:${port}`));
}
