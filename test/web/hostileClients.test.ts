// SPEC §6, §8: no input from any client ends the web-mode process. Each case runs against `npm run web`
// in its own process, then checks that the process is still running and still answers a proper client,
// and that the error was handled where it happened (nothing reached the last-resort handler).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRaw, frame, openRaw, upgradeRequest, type FrameParts } from '../support/rawWebSocket';
import { startWebProcess, type WebProcess } from '../support/webProcess';

let web: WebProcess;

beforeAll(async () => {
  web = await startWebProcess();
}, 120_000);
afterAll(async () => {
  await web?.stop();
});

async function expectStillServing(): Promise<void> {
  expect(web.exit()).toBeNull();
  expect(await web.answers()).toBe(true);
  expect(web.output()).not.toContain('Unexpected error');
}

describe('connections reset around a refused upgrade', () => {
  it('survives 1,000 wrong-token upgrades each reset at a different moment, within 60 s', async () => {
    const target = { port: web.port, path: '/ws?token=wrong', origin: web.origin };
    const deadline = Date.now() + 60_000;
    const ROUNDS = 1_000;
    const PARALLEL = 20;
    let done = 0;
    // Other loopback addresses than the checking client's, so the handshake rate limit (which these
    // trip, turning later refusals into 429s) never applies to the check below.
    const round = async (i: number) => {
      const socket = await connectRaw({ ...target, localAddress: `127.0.0.${2 + (i % 4)}` });
      socket.on('error', () => {});
      const request = upgradeRequest(target);
      const moment = i % 4;
      if (moment === 0) {
        socket.write(request);
        socket.resetAndDestroy(); // with the request still in flight
      } else if (moment === 1) {
        socket.write(request.slice(0, 40)); // mid-request
        setImmediate(() => socket.resetAndDestroy());
      } else {
        socket.write(request);
        // As the refusal arrives (or, every other round, a moment later while the server closes).
        socket.once('data', () => (moment === 2 ? socket.resetAndDestroy() : setTimeout(() => socket.resetAndDestroy(), 1)));
      }
      await new Promise((resolve) => socket.once('close', resolve));
      done++;
    };
    for (let start = 0; start < ROUNDS && Date.now() < deadline; start += PARALLEL) {
      await Promise.all(Array.from({ length: PARALLEL }, (_, k) => round(start + k)));
    }
    expect(done).toBe(ROUNDS);
    await expectStillServing();
  }, 90_000);
});

describe('malformed WebSocket frames', () => {
  const text = (payload: string | Buffer) => (typeof payload === 'string' ? Buffer.from(payload) : payload);
  const cases: [string, number, FrameParts][] = [
    ['invalid UTF-8 in a text frame', 1007, { opcode: 0x1, payload: Buffer.from([0xc3, 0x28, 0xff]) }],
    ['an unmasked frame', 1002, { opcode: 0x1, payload: text('{"id":1}'), masked: false }],
    ['a reserved data opcode', 1002, { opcode: 0x3, payload: text('x') }],
    ['a reserved control opcode', 1002, { opcode: 0xb, payload: text('x') }],
    ['RSV1 set without an extension', 1002, { opcode: 0x1, rsv: 0b100, payload: text('x') }],
    ['RSV2 set', 1002, { opcode: 0x1, rsv: 0b010, payload: text('x') }],
    ['RSV3 set', 1002, { opcode: 0x1, rsv: 0b001, payload: text('x') }],
    ['a 200-byte ping', 1002, { opcode: 0x9, payload: Buffer.alloc(200, 0x61) }],
    ['a fragmented ping', 1002, { opcode: 0x9, fin: false, payload: text('ping') }],
    ['a continuation frame with nothing to continue', 1002, { opcode: 0x0, payload: text('x') }],
    ['a close frame with a one-byte body', 1002, { opcode: 0x8, payload: Buffer.from([0x03]) }],
    ['a 2^62 length header', 1009, { opcode: 0x2, announcedLength: 2n ** 62n }],
  ];

  it.each(cases)('closes the connection on %s with %i, and keeps serving', async (_name, code, parts) => {
    const ws = await openRaw({ port: web.port, path: `/ws?token=${web.token}`, origin: web.origin });
    ws.socket.write(frame(parts));
    expect(await ws.closed).toBe(code);
    await expectStillServing();
  });

  it('closes the connection on a 9 MB frame (over the 8 MiB limit) with 1009, and keeps serving', async () => {
    const ws = await openRaw({ port: web.port, path: `/ws?token=${web.token}`, origin: web.origin });
    const call = JSON.stringify({ id: 1, channel: 'chat.send', input: { text: 'x'.repeat(9_000_000) } });
    ws.socket.write(frame({ opcode: 0x1, payload: Buffer.from(call) }));
    expect(await ws.closed).toBe(1009);
    await expect.poll(() => web.output()).toMatch(/Closed a WebSocket: Max payload size exceeded/);
    await expectStillServing();
  });
});
