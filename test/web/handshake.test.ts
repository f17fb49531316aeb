// Who may open the WebSocket (SPEC §6): the token, an Origin naming the address the page was opened at,
// and a limit on failed attempts per client address.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { originMatchesHost } from '../../electron/web/handshake';
import { HandshakeLimiter } from '../../electron/web/handshakeLimiter';
import { MAX_FAILED_HANDSHAKES, startWebServer, type WebServer } from '../../electron/web/WebServer';
import { upgradeStatus } from '../support/rawWebSocket';

describe('originMatchesHost', () => {
  it('on a server bound to every address, takes any address the page was opened at, and only that one', () => {
    expect(originMatchesHost('http://192.168.1.20:8080', '192.168.1.20:8080', false)).toBe(true);
    expect(originMatchesHost('http://localhost:8080', 'localhost:8080', false)).toBe(true);
    expect(originMatchesHost('http://127.0.0.1:8080', '127.0.0.1:8080', false)).toBe(true);
    expect(originMatchesHost('http://BATON.lan:8080', 'baton.lan:8080', false)).toBe(true);
    expect(originMatchesHost('http://[fe80::1]:8080', '[fe80::1]:8080', false)).toBe(true);
    // Another page, another port, another scheme, or none at all.
    expect(originMatchesHost('http://evil.example:8080', '192.168.1.20:8080', false)).toBe(false);
    expect(originMatchesHost('http://192.168.1.20:9090', '192.168.1.20:8080', false)).toBe(false);
    expect(originMatchesHost('file://192.168.1.20:8080', '192.168.1.20:8080', false)).toBe(false);
    expect(originMatchesHost('null', '192.168.1.20:8080', false)).toBe(false);
    expect(originMatchesHost(undefined, '192.168.1.20:8080', false)).toBe(false);
    expect(originMatchesHost('http://192.168.1.20:8080', undefined, false)).toBe(false);
  });

  it('on a loopback server, takes only loopback addresses, so a DNS-rebound name is refused', () => {
    expect(originMatchesHost('http://127.0.0.1:8080', '127.0.0.1:8080', true)).toBe(true);
    expect(originMatchesHost('http://localhost:8080', 'localhost:8080', true)).toBe(true);
    expect(originMatchesHost('http://[::1]:8080', '[::1]:8080', true)).toBe(true);
    expect(originMatchesHost('http://rebound.example:8080', 'rebound.example:8080', true)).toBe(false);
    expect(originMatchesHost('http://localhost:8080', '127.0.0.1:8080', true)).toBe(false);
  });
});

describe('HandshakeLimiter', () => {
  it('blocks an address after the allowed failures until its window ends, and no other address', () => {
    let now = 0;
    const limiter = new HandshakeLimiter({ maxFailures: 3, windowMs: 1_000, now: () => now });
    expect([limiter.recordFailure('a'), limiter.recordFailure('a'), limiter.recordFailure('a')]).toEqual([false, false, true]);
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.isBlocked('b')).toBe(false);
    now = 999;
    expect(limiter.isBlocked('a')).toBe(true);
    now = 1_000;
    expect(limiter.isBlocked('a')).toBe(false);
  });
});

describe('the web server’s door', () => {
  let server: WebServer;
  let staticDir: string;
  const logs: string[] = [];
  const token = 'a-long-enough-token-for-tests';
  let port: number;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'baton-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Baton</title>');
    const handlers = { 'app.info': () => ({ name: 'Baton' }) } as unknown as Handlers;
    server = await startWebServer({
      connect: () => ({ dispatch: createDispatcher(handlers), subscribe: () => () => {}, close: () => {} }),
      staticDir,
      token,
      log: (line) => logs.push(line),
    });
    port = server.port;
  });
  afterAll(async () => {
    await server.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const target = (overrides: { token?: string; origin?: string; host?: string; localAddress?: string } = {}) => ({
    port,
    path: `/ws?token=${overrides.token ?? token}`,
    origin: overrides.origin ?? `http://127.0.0.1:${port}`,
    host: overrides.host,
    localAddress: overrides.localAddress,
  });

  it('opens for the page at 127.0.0.1 or at localhost, each with its own Origin', async () => {
    expect(await upgradeStatus(target())).toBe(101);
    expect(await upgradeStatus(target({ host: `localhost:${port}`, origin: `http://localhost:${port}` }))).toBe(101);
  });

  it('refuses an Origin that is not the address the request went to, and a rebound name', async () => {
    const from = { localAddress: '127.0.0.6' };
    expect(await upgradeStatus(target({ ...from, host: `localhost:${port}`, origin: `http://127.0.0.1:${port}` }))).toBe(403);
    expect(await upgradeStatus(target({ ...from, host: `rebound.example:${port}`, origin: `http://rebound.example:${port}` }))).toBe(403);
  });

  it('tells a page whether its token is valid, so it can say so instead of waiting for a server', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/ws?token=${token}`)).status).toBe(204);
    expect((await fetch(`http://127.0.0.1:${port}/ws?token=wrong`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/ws`)).status).toBe(401);
  });

  it('after too many failed handshakes from one address, refuses it (right token too) with 429, and serves others', async () => {
    const from = { localAddress: '127.0.0.7' };
    for (let i = 0; i < MAX_FAILED_HANDSHAKES; i++) expect(await upgradeStatus(target({ ...from, token: `guess-${i}` }))).toBe(401);
    expect(await upgradeStatus(target(from))).toBe(429);
    expect(logs.filter((line) => line.includes('Too many failed connection attempts from 127.0.0.7'))).toHaveLength(1);
    expect(await upgradeStatus(target())).toBe(101);
  });
});
