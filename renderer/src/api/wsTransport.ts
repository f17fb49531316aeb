// The web-mode transport: the contract over one WebSocket. When the server goes away (restarted,
// laptop asleep) it says so with a `connection` event and keeps trying until the server is back.
import { BatonEvent, buildApi, type BatonApi, type Channel, type Result } from '../../../shared/contract';
import { TOKEN_PARAM, WS_PATH, type ServerFrame } from '../../../shared/wire';

const TOKEN_KEY = 'baton.token';
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/** Takes the launch token from the URL once and keeps it out of the address bar and history. */
function takeToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete(TOKEN_PARAM);
    window.history.replaceState(null, '', url.toString());
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export function createWsApi(): BatonApi {
  const token = takeToken();
  const wsUrl = new URL(WS_PATH, window.location.href);
  wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  wsUrl.searchParams.set(TOKEN_PARAM, token);

  const listeners = new Set<(event: BatonEvent) => void>();
  const pending = new Map<number, (result: Result<unknown>) => void>();
  let nextId = 1;
  let socket: Promise<WebSocket> | null = null;
  let lost = false;
  let retryMs = RETRY_FIRST_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const dispatch = (event: BatonEvent) => listeners.forEach((listener) => listener(event));

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
      ws.onerror = () => reject(new Error('Cannot reach the Baton server'));
      ws.onclose = () => {
        socket = null;
        for (const [id, settle] of pending) {
          pending.delete(id);
          settle({ ok: false, error: { code: 'internal', message: 'Connection to the Baton server was lost' } });
        }
        if (opened && !lost) {
          lost = true;
          dispatch({ type: 'connection', state: 'lost' });
        }
        if (lost) scheduleRetry();
      };
      ws.onmessage = (msg) => {
        const frame = JSON.parse(String(msg.data)) as ServerFrame;
        if ('event' in frame) {
          const event = BatonEvent.safeParse(frame.event);
          if (event.success) dispatch(event.data);
        } else {
          pending.get(frame.id)?.(frame.result as Result<unknown>);
          pending.delete(frame.id);
        }
      };
    });

  const connect = (): Promise<WebSocket> => {
    socket ??= open();
    socket.catch(() => (socket = null));
    return socket;
  };

  function scheduleRetry(): void {
    if (retryTimer !== undefined || listeners.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      void connect().catch(() => {}); // a failed try closes, and the close schedules the next
    }, retryMs);
  }

  const invoke = async (channel: Channel, input: unknown): Promise<Result<unknown>> => {
    try {
      const ws = await connect();
      const id = nextId++;
      return await new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, channel, input }));
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
