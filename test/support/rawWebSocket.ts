// A WebSocket client written on a plain TCP socket, so a test can send exactly the bytes it means to,
// malformed ones included (the `ws` client refuses to send those). It does the handshake properly
// (checking Sec-WebSocket-Accept) and reads the server's close frame.
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface RawTarget {
  port: number;
  path: string;
  origin: string;
  /** Source address on the loopback network (127.0.0.0/8), to appear as another client. */
  localAddress?: string;
  /** The Host header (the address the page was opened at); 127.0.0.1:port unless given. */
  host?: string;
}

export interface RawWebSocket {
  socket: Socket;
  /**
   * The code of the server's close frame (the socket is then ended, as a client answers a close), or
   * undefined if the connection ended without one.
   */
  closed: Promise<number | undefined>;
}

/** Opens a raw TCP connection to 127.0.0.1 and sends an upgrade request; resolves with the socket once connected. */
export function connectRaw(target: RawTarget): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: target.port, localAddress: target.localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

export function upgradeRequest(target: RawTarget, key = randomBytes(16).toString('base64')): string {
  return (
    `GET ${target.path} HTTP/1.1\r\nHost: ${target.host ?? `127.0.0.1:${target.port}`}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
    `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nOrigin: ${target.origin}\r\n\r\n`
  );
}

/** The status code the server answers an upgrade request with (101 when it accepts). */
export async function upgradeStatus(target: RawTarget): Promise<number> {
  const socket = await connectRaw(target);
  socket.write(upgradeRequest(target));
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => resolve(chunk.toString('latin1')));
    socket.once('error', reject);
  });
  socket.destroy();
  return Number(head.split(' ')[1]);
}

/** A completed handshake: the server answered 101 with the right accept key. */
export async function openRaw(target: RawTarget): Promise<RawWebSocket> {
  const socket = await connectRaw(target);
  socket.on('error', () => {}); // the server may reset after closing; the test reads `closed`
  const key = randomBytes(16).toString('base64');
  socket.write(upgradeRequest(target, key));
  let buffered = Buffer.alloc(0);
  const rest = await new Promise<Buffer>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      const head = buffered.subarray(0, end).toString('latin1');
      const accept = createHash('sha1').update(key + GUID).digest('base64');
      if (!head.startsWith('HTTP/1.1 101') || !head.includes(`Sec-WebSocket-Accept: ${accept}`)) {
        reject(new Error(`handshake refused: ${head.split('\r\n')[0]}`));
      } else resolve(buffered.subarray(end + 4));
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed during the handshake')));
  });
  return { socket, closed: readCloseCode(socket, rest) };
}

/** Reads server frames until a close frame or the end of the connection. */
function readCloseCode(socket: Socket, initial: Buffer): Promise<number | undefined> {
  let buffered = initial;
  let code: number | undefined;
  /** True once a close frame was read. */
  const scan = (): boolean => {
    while (buffered.length >= 2) {
      const opcode = buffered[0]! & 0x0f;
      let length = buffered[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buffered.length < 4) return false;
        length = buffered.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buffered.length < 10) return false;
        length = Number(buffered.readBigUInt64BE(2));
        offset = 10;
      }
      if (buffered.length < offset + length) return false;
      if (opcode === 0x8) {
        if (length >= 2) code = buffered.readUInt16BE(offset);
        return true;
      }
      buffered = buffered.subarray(offset + length);
    }
    return false;
  };
  return new Promise((resolve) => {
    const done = () => {
      socket.removeAllListeners('data');
      socket.destroy();
      resolve(code);
    };
    if (scan()) return done();
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (scan()) done();
    });
    socket.once('close', () => resolve(code));
  });
}

export interface FrameParts {
  fin?: boolean;
  rsv?: number;
  opcode: number;
  payload?: Buffer;
  masked?: boolean;
  /** Announce this length instead of the payload's own (for length fields no payload could fill). */
  announcedLength?: bigint;
}

/** One frame as a client writes it: masked unless told otherwise. */
export function frame({ fin = true, rsv = 0, opcode, payload = Buffer.alloc(0), masked = true, announcedLength }: FrameParts): Buffer {
  const length = announcedLength ?? BigInt(payload.length);
  const head: number[] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode];
  const maskBit = masked ? 0x80 : 0;
  let lengthBytes = Buffer.alloc(0);
  if (length < 126n) head.push(maskBit | Number(length));
  else if (length < 65536n) {
    head.push(maskBit | 126);
    lengthBytes = Buffer.alloc(2);
    lengthBytes.writeUInt16BE(Number(length));
  } else {
    head.push(maskBit | 127);
    lengthBytes = Buffer.alloc(8);
    lengthBytes.writeBigUInt64BE(length);
  }
  if (!masked) return Buffer.concat([Buffer.from(head), lengthBytes, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i] = body[i]! ^ mask[i % 4]!;
  return Buffer.concat([Buffer.from(head), lengthBytes, mask, body]);
}
