// Web mode (SPEC §1, §7): the built renderer over HTTP and the contract over one WebSocket. Every
// WebSocket must carry the per-launch token and an Origin of the page this server served (handshake.ts).
// Nothing a client sends or does ends the process (SPEC §6): every socket has an error listener, a
// malformed or oversized frame closes that one connection with the status the protocol names, failed
// handshakes are rate-limited, and a client that stops reading is dropped (clientOutbox.ts).
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Result } from '../../shared/contract';
import { isLoopbackHost } from '../../shared/loopback';
import { texts } from '../../shared/texts';
import { ClientFrame, MAX_FRAME_BYTES, TOKEN_PARAM, type ServerFrame } from '../../shared/wire';
import type { CoreView } from '../core/BatonCore';
import type { Dispatch } from '../core/ipc/dispatcher';
import { ClientOutbox } from './clientOutbox';
import { isTokenCheck, refuseUpgrade, tokenIsValid, type HandshakePolicy } from './handshake';
import { HandshakeLimiter } from './handshakeLimiter';
import { serveStatic } from './staticFiles';

export interface WebServerOptions {
  /** A view of the core for each connection (SPEC §1: each tab chooses what it shows). */
  connect: () => Pick<CoreView, 'dispatch' | 'subscribe' | 'close'>;
  staticDir: string;
  token: string;
  host?: string;
  port?: number;
  /** Where refused clients and closed connections are logged (stderr by default). */
  log?: (line: string) => void;
}

export interface WebServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Failed handshakes (wrong token, foreign Origin) one address may make per window before it must wait. */
export const MAX_FAILED_HANDSHAKES = 20;
export const FAILED_HANDSHAKE_WINDOW_MS = 60_000;
/** Calls one connection may have in flight; more are answered `busy`, so one tab cannot make another wait. */
export const MAX_CALLS_IN_FLIGHT = 32;

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => console.error(`[baton] ${line}`));
  const policy: HandshakePolicy = { token: options.token, boundToLoopback: isLoopbackHost(host) };
  const limiter = new HandshakeLimiter({ maxFailures: MAX_FAILED_HANDSHAKES, windowMs: FAILED_HANDSHAKE_WINDOW_MS });
  const failed = (address: string) => {
    if (limiter.recordFailure(address)) {
      log(`Too many failed connection attempts from ${address}: refusing it for ${FAILED_HANDSHAKE_WINDOW_MS / 1000} s.`);
    }
  };

  const http = createServer((req, res) => {
    if (isTokenCheck(req)) answerTokenCheck(req, res);
    else serveStatic(options.staticDir, req, res);
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const clients = new Map<WebSocket, Client>();

  function answerTokenCheck(req: IncomingMessage, res: ServerResponse): void {
    const address = req.socket.remoteAddress ?? '';
    let status = 204;
    if (limiter.isBlocked(address)) status = 429;
    else if (!tokenIsValid(req, options.token)) {
      status = 401;
      failed(address);
    }
    res.writeHead(status, { 'cache-control': 'no-store' }).end();
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, resolve);
  });
  // Once listening, a server error (out of file descriptors, say) is logged; the server goes on.
  http.on('error', (err) => log(`HTTP server error: ${err.message}`));
  const port = (http.address() as AddressInfo).port;

  http.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The client may reset the connection at any moment, refused or not: that is never an uncaught error.
    socket.on('error', () => socket.destroy());
    const address = (socket as Socket).remoteAddress ?? '';
    if (limiter.isBlocked(address)) return refuse(socket, 429);
    const refusal = refuseUpgrade(req, policy);
    if (refusal) {
      if (refusal !== 404) failed(address);
      return refuse(socket, refusal);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const outbox = new ClientOutbox(ws, (waiting) => log(`Dropped a client that stopped reading (${mib(waiting)} MiB waiting).`));
      const view = options.connect();
      view.subscribe((event) => outbox.send(JSON.stringify({ event } satisfies ServerFrame)));
      const client: Client = { outbox, view, inFlight: 0 };
      clients.set(ws, client);
      // ws has already answered the error with a close frame (1002 protocol error, 1007 invalid UTF-8,
      // 1009 too big) and closes this connection; only this client is affected.
      ws.on('error', (err) => log(`Closed a WebSocket: ${err.message}`));
      ws.on('close', () => {
        clients.delete(ws);
        view.close();
      });
      // A Buffer, as the socket's binaryType is ws's default ('nodebuffer').
      ws.on('message', (data) => void answer(client, data as Buffer).catch((err: unknown) => log(`Could not answer a call: ${String(err)}`)));
    });
  });

  async function answer(client: Client, data: Buffer): Promise<void> {
    client.inFlight++;
    try {
      const reply = await replyTo(data.toString(), client.inFlight > MAX_CALLS_IN_FLIGHT ? refuseBusy : client.view.dispatch);
      if (reply) client.outbox.send(JSON.stringify(reply));
    } finally {
      client.inFlight--;
    }
  }

  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/?${TOKEN_PARAM}=${encodeURIComponent(options.token)}`,
    port,
    close: async () => {
      for (const [ws, client] of clients) {
        client.view.close();
        ws.terminate();
      }
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

interface Client {
  outbox: ClientOutbox;
  view: Pick<CoreView, 'dispatch' | 'close'>;
  /** Calls received and not yet answered. */
  inFlight: number;
}

const refuseBusy: Dispatch = async () => ({ ok: false, error: { code: 'busy', message: texts.tooManyCalls(MAX_CALLS_IN_FLIGHT) } });

/** The answer to one client frame; undefined when there is no id to answer to. */
async function replyTo(raw: string, dispatch: Dispatch): Promise<ServerFrame | undefined> {
  let frame: unknown;
  try {
    frame = JSON.parse(raw);
  } catch {
    return undefined; // not JSON: no id to answer to; the frame is dropped, the connection stays
  }
  const parsed = ClientFrame.safeParse(frame);
  const id = parsed.success ? parsed.data.id : (frame as { id?: unknown } | null)?.id;
  if (typeof id !== 'number') return undefined;
  // The connection was authenticated at upgrade (token + Origin), so its sender is trusted.
  const result: Result<unknown> = parsed.success
    ? await dispatch(parsed.data.channel, parsed.data.input, true)
    : { ok: false, error: { code: 'invalid_input', message: 'Malformed request frame' } };
  return { id, result };
}

function refuse(socket: Duplex, status: number): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}
