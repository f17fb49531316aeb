// The web-mode transport: the contract over one WebSocket. When the server goes away (restarted,
// laptop asleep) it says so with a `connection` event and keeps trying until the server is back. When
// the server refuses the page (a wrong token, too many failed attempts), it says that instead, and
// stops: no retry can succeed. A frame larger than the server reads is refused here, before sending.
import { BatonEvent, buildApi, type BatonApi, type Channel, type Result } from '../../../shared/contract';
import { CLOSE_TOO_BIG, MAX_FRAME_BYTES, TOKEN_PARAM, WS_PATH, type ServerFrame } from '../../../shared/wire';
import { uiTexts } from '../texts';
import { frameInbox } from './frameInbox';

const TOKEN_KEY = 'baton.token';
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;
const LIMIT_MB = (MAX_FRAME_BYTES / 1024 / 1024).toFixed(0);

type Refusal = 'token_invalid' | 'too_many_attempts';

/**
 * Takes the launch token from the URL once and keeps it out of the address bar and history. It is kept
 * for the page's origin (the server's address), so another tab at a session's address works too.
 */
function takeToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  if (fromUrl) {
    localStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete(TOKEN_PARAM);
    window.history.replaceState(null, '', url.toString());
    return fromUrl;
  }
  return localStorage.getItem(TOKEN_KEY) ?? '';
}

/**
 * Why the server refused a WebSocket, which the browser does not tell: a plain GET of the same address
 * answers 401 for a wrong token and 429 while this address is blocked. Undefined: not refused (down).
 */
async function refusalOf(url: URL): Promise<Refusal | undefined> {
  try {
    const check = new URL(url);
    check.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
    const { status } = await fetch(check, { cache: 'no-store' });
    return status === 401 ? 'token_invalid' : status === 429 ? 'too_many_attempts' : undefined;
  } catch {
    return undefined;
  }
}

/** UTF-8 size of a frame, counted only when it might be over the limit (a character is at most 3 bytes). */
function frameBytes(frame: string): number {
  return frame.length * 3 <= MAX_FRAME_BYTES ? frame.length : new Blob([frame]).size;
}

export function createWsApi(): BatonApi {
  const token = takeToken();
  const wsUrl = new URL(WS_PATH, window.location.href);
  wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  wsUrl.searchParams.set(TOKEN_PARAM, token);

  const listeners = new Set<(event: BatonEvent) => void>();
  const receive = frameInbox<ServerFrame>((frame) => {
    if ('event' in frame) {
      const event = BatonEvent.safeParse(frame.event);
      if (event.success) dispatch(event.data);
    } else {
      pending.get(frame.id)?.(frame.result as Result<unknown>);
      pending.delete(frame.id);
    }
  });
  const pending = new Map<number, (result: Result<unknown>) => void>();
  let nextId = 1;
  let socket: Promise<WebSocket> | null = null;
  let lost = false;
  let refused: Refusal | undefined;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const dispatch = (event: BatonEvent) => listeners.forEach((listener) => listener(event));
  const failAll = (message: string) => {
    for (const [id, settle] of pending) {
      pending.delete(id);
      settle({ ok: false, error: { code: 'internal', message } });
    }
  };

  const open = (): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl);
      let opened = false;
      ws.onopen = () => {
        opened = true;
        retryMs = RETRY_FIRST_MS;
        if (lost) {
          lost = false;
          dispatch({ type: 'connection', state: 'restored' });
        }
        resolve(ws);
      };
      ws.onclose = (event) => {
        socket = null;
        if (!opened) return void failedToOpen().then(reject);
        // The server refused a frame too big for it (only a request this page did not check could be):
        // that request failed, the connection did not. Reconnect at once, without a "lost" warning.
        const tooBig = event.code === CLOSE_TOO_BIG;
        failAll(tooBig ? uiTexts.serverRefusedTooLarge(LIMIT_MB) : uiTexts.connectionLostDuringCall);
        if (!lost) {
          lost = true;
          if (!tooBig) dispatch({ type: 'connection', state: 'lost' });
        }
        scheduleRetry(tooBig ? 0 : retryMs);
      };
      ws.onmessage = (msg) => {
        const text = String(msg.data);
        receive(JSON.parse(text) as ServerFrame, text.length);
      };
    });

  /** A connection that never opened: refused (say so, stop) or a server that is not there (try again later). */
  async function failedToOpen(): Promise<Error> {
    const refusal = await refusalOf(wsUrl);
    if (refusal) {
      refused = refusal;
      dispatch({ type: 'connection', state: refusal });
      return new Error(refusal === 'token_invalid' ? uiTexts.tokenInvalid : uiTexts.tooManyAttempts);
    }
    if (lost) scheduleRetry(retryMs);
    return new Error(uiTexts.cannotReachServer);
  }

  const connect = (): Promise<WebSocket> => {
    if (refused) return Promise.reject(new Error(refused === 'token_invalid' ? uiTexts.tokenInvalid : uiTexts.tooManyAttempts));
    socket ??= open();
    socket.catch(() => (socket = null));
    return socket;
  };

  function scheduleRetry(delayMs: number): void {
    if (retryTimer !== undefined || listeners.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      void connect().catch(() => {}); // a failed try closes, and the close schedules the next
    }, delayMs);
  }

  const invoke = async (channel: Channel, input: unknown): Promise<Result<unknown>> => {
    try {
      const id = nextId++;
      const frame = JSON.stringify({ id, channel, input });
      const bytes = frameBytes(frame);
      if (bytes > MAX_FRAME_BYTES) {
        const mb = (bytes / 1024 / 1024).toFixed(1);
        return { ok: false, error: { code: 'invalid_input', message: uiTexts.requestTooLarge(mb, LIMIT_MB) } };
      }
      const ws = await connect();
      return await new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(frame);
      });
    } catch (err) {
      return { ok: false, error: { code: 'internal', message: (err as Error).message } };
    }
  };

  const subscribe = (listener: (event: BatonEvent) => void) => {
    listeners.add(listener);
    void connect().catch(() => {});
    return () => void listeners.delete(listener);
  };

  return buildApi(invoke, subscribe);
}
