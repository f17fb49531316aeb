// SPEC §6: a client that stops reading is dropped, not buffered for without bound; a client that reads,
// however big what it is sent, keeps its connection.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BatonEvent } from '../../shared/contract';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { startWebServer, type WebServer } from '../../electron/web/WebServer';
import { openRaw } from '../support/rawWebSocket';

const token = 'a-long-enough-token-for-tests';
let server: WebServer;
let staticDir: string;
let logs: string[];
const listeners = new Set<(event: BatonEvent) => void>();
const emit = (event: BatonEvent) => listeners.forEach((listener) => listener(event));
/** An event of about `bytes` bytes on the wire. */
const bigEvent = (bytes: number): BatonEvent => ({ type: 'message_update', sessionId: 's', delta: 'x'.repeat(bytes) });

beforeEach(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'baton-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Baton</title>');
  logs = [];
  const handlers = { 'app.info': () => ({ name: 'Baton' }) } as unknown as Handlers;
  const dispatch = createDispatcher(handlers);
  server = await startWebServer({
    // Each connection's view gets every event emitted here, until it closes.
    connect: () => {
      let listener: ((event: BatonEvent) => void) | undefined;
      return {
        dispatch,
        subscribe: (next) => {
          listener = next;
          listeners.add(next);
          return () => listeners.delete(next);
        },
        close: () => void (listener && listeners.delete(listener)),
      };
    },
    staticDir,
    token,
    log: (line) => logs.push(line),
  });
});
afterEach(async () => {
  await server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

function readingClient(): Promise<{ ws: WebSocket; received: () => number; closed: () => boolean }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${token}`, { origin: `http://127.0.0.1:${server.port}` });
    let received = 0;
    let closed = false;
    ws.on('message', (data: Buffer) => (received += data.length));
    ws.on('close', () => (closed = true));
    ws.on('open', () => resolve({ ws, received: () => received, closed: () => closed }));
  });
}

it('drops a client that stopped reading, while a reading client gets everything', async () => {
  const stalled = await openRaw({ port: server.port, path: `/ws?token=${token}`, origin: `http://127.0.0.1:${server.port}` });
  stalled.socket.pause();
  const reader = await readingClient();
  const EVENT = 512 * 1024;
  let sent = 0;
  const deadline = Date.now() + 20_000;
  while (!logs.some((l) => l.includes('Dropped a client that stopped reading')) && Date.now() < deadline) {
    emit(bigEvent(EVENT));
    sent += EVENT;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(logs.filter((l) => l.includes('Dropped a client that stopped reading'))).toHaveLength(1);
  // What the stalled client can still read is what the OS had buffered, far less than was sent.
  let read = 0;
  stalled.socket.on('data', (chunk: Buffer) => (read += chunk.length));
  stalled.socket.resume();
  await stalled.closed;
  expect(read).toBeLessThan(sent / 2);
  expect(read).toBeLessThan(16 * 1024 * 1024);

  await expect.poll(reader.received).toBeGreaterThanOrEqual(sent);
  expect(reader.closed()).toBe(false);
  reader.ws.close();
}, 30_000);

it('keeps a reading client that is sent a 24 MB event followed by more', async () => {
  const reader = await readingClient();
  emit(bigEvent(24 * 1024 * 1024));
  for (let i = 0; i < 50; i++) {
    emit(bigEvent(1024));
    await new Promise((r) => setTimeout(r, 5));
  }
  await expect.poll(reader.received).toBeGreaterThan(24 * 1024 * 1024 + 50 * 1024);
  expect(reader.closed()).toBe(false);
  expect(logs).toEqual([]);
  reader.ws.close();
});

it('delivers a big event as one text message, its characters whole wherever it is cut on the way', async () => {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${token}`, { origin: `http://127.0.0.1:${server.port}` });
  await new Promise((r) => ws.on('open', r));
  const received: { text: string; isBinary: boolean }[] = [];
  ws.on('message', (data: Buffer, isBinary) => received.push({ text: data.toString(), isBinary }));
  // 2-, 3- and 4-byte characters: some fall across the places a long message is cut.
  const big: BatonEvent = { type: 'message_update', sessionId: 's', delta: 'é€😀'.repeat(40_000) };
  const small: BatonEvent = { type: 'message_update', sessionId: 's', delta: 'after' };
  emit(big);
  emit(small);
  await expect.poll(() => received.length).toBe(2);
  expect(received.map(({ text }) => JSON.parse(text))).toEqual([{ event: big }, { event: small }]);
  expect(received.every(({ isBinary }) => !isBinary)).toBe(true);
  ws.close();
});

it('keeps a client that reads a big event slowly, however long the event takes to go out', async () => {
  const slow = await openRaw({ port: server.port, path: `/ws?token=${token}`, origin: `http://127.0.0.1:${server.port}` });
  // About 3 MB/s: a 20 MB event (a message carrying large attachments) takes several seconds to go out.
  slow.socket.pause();
  let read = 0;
  const reading = setInterval(() => {
    for (let n = 0; n < 30 * 1024; ) {
      const chunk = slow.socket.read() as Buffer | null;
      if (!chunk) break;
      n += chunk.length;
      read += chunk.length;
    }
  }, 10);
  try {
    emit(bigEvent(20 * 1024 * 1024));
    // Streamed text keeps coming meanwhile, and each event looks at how the client is doing.
    for (let i = 0; i < 100 && read < 20 * 1024 * 1024; i++) {
      emit(bigEvent(100));
      await new Promise((r) => setTimeout(r, 60));
    }
    await expect.poll(() => read, { timeout: 20_000 }).toBeGreaterThan(20 * 1024 * 1024);
    expect(logs).toEqual([]);
  } finally {
    clearInterval(reading);
    slow.socket.destroy();
  }
}, 40_000);
