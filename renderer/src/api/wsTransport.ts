// The web-mode transport: the contract over one WebSocket, reconnecting when the server restarts.
import { BatonEvent, buildApi, type BatonApi, type Channel, type Result } from '../../../shared/contract';
import { TOKEN_PARAM, WS_PATH, type ServerFrame } from '../../../shared/wire';

const TOKEN_KEY = 'baton.token';

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

  const connect = (): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl);
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new Error('Cannot reach the Baton server'));
      ws.onclose = () => {
        socket = null;
        for (const [id, settle] of pending) {
          pending.delete(id);
          settle({ ok: false, error: { code: 'internal', message: 'Connection to the Baton server was lost' } });
        }
      };
      ws.onmessage = (msg) => {
        const frame = JSON.parse(String(msg.data)) as ServerFrame;
        if ('event' in frame) {
          const event = BatonEvent.safeParse(frame.event);
          if (event.success) for (const listener of listeners) listener(event.data);
        } else {
          pending.get(frame.id)?.(frame.result as Result<unknown>);
          pending.delete(frame.id);
        }
      };
    });

  const invoke = async (channel: Channel, input: unknown): Promise<Result<unknown>> => {
    try {
      socket ??= connect();
      const ws = await socket;
      const id = nextId++;
      return await new Promise((resolve) => {
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, channel, input }));
      });
    } catch (err) {
      socket = null;
      return { ok: false, error: { code: 'internal', message: (err as Error).message } };
    }
  };

  const subscribe = (listener: (event: BatonEvent) => void) => {
    listeners.add(listener);
    socket ??= connect();
    socket.catch(() => (socket = null));
    return () => listeners.delete(listener);
  };

  return buildApi(invoke, (l) => {
    const off = subscribe(l);
    return () => void off();
  });
}
