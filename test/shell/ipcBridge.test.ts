// The Electron IPC transport's two halves, over a minimal fake ipcMain/ipcRenderer: the page's object is
// frozen and contract-shaped, calls reach the dispatcher with the sender check's verdict, events arrive.
import { describe, expect, it } from 'vitest';
import { channels, EVENT_CHANNEL, type BatonEvent } from '../../shared/contract';
import type { Dispatch } from '../../electron/core/ipc/dispatcher';
import { forwardEvents, registerIpcHandlers, type IpcMainLike, type IpcSenderEvent } from '../../electron/shell/ipcBridge';
import { createPreloadApi, type IpcRendererLike } from '../../electron/shell/preloadApi';

type Listener = (event: unknown, payload: unknown) => void;

function fakeRenderer() {
  const calls: Array<[string, unknown[]]> = [];
  const listeners = new Set<Listener>();
  const ipcRenderer: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      calls.push([channel, args]);
      return { ok: true, data: channel };
    },
    on: (channel, listener) => channel === EVENT_CHANNEL && listeners.add(listener),
    removeListener: (_channel, listener) => listeners.delete(listener),
  };
  const emit = (payload: unknown) => listeners.forEach((listener) => listener({}, payload));
  return { ipcRenderer, calls, listeners, emit };
}

describe('createPreloadApi (what the page sees)', () => {
  it('is one frozen object: a function per contract channel plus subscribe, nothing else', () => {
    const api = createPreloadApi(fakeRenderer().ipcRenderer);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.keys(api).sort()).toEqual([...channels, 'subscribe'].sort());
    for (const name of ['invoke', 'ipcRenderer', 'send', 'on']) expect(name in api).toBe(false);
    expect(() => Object.assign(api, { invoke: () => {} })).toThrow();
  });

  it('sends each call on its own channel with its input', async () => {
    const { ipcRenderer, calls } = fakeRenderer();
    const api = createPreloadApi(ipcRenderer);
    await expect(api['sessions.open']({ id: 'abc' })).resolves.toEqual({ ok: true, data: 'sessions.open' });
    expect(calls).toEqual([['sessions.open', [{ id: 'abc' }]]]);
  });

  it('delivers events to each subscriber until it unsubscribes', () => {
    const { ipcRenderer, listeners, emit } = fakeRenderer();
    const api = createPreloadApi(ipcRenderer);
    const a: BatonEvent[] = [];
    const b: BatonEvent[] = [];
    const stopA = api.subscribe((e) => a.push(e));
    api.subscribe((e) => b.push(e));
    emit({ type: 'sessions_changed' });
    stopA();
    emit({ type: 'menu', command: 'hand-off' });
    expect(a).toEqual([{ type: 'sessions_changed' }]);
    expect(b).toHaveLength(2);
    expect(listeners.size).toBe(1);
  });
});

describe('registerIpcHandlers and forwardEvents (main side)', () => {
  function fakeMain() {
    const handlers = new Map<string, (event: IpcSenderEvent, input: unknown) => Promise<unknown>>();
    const ipcMain: IpcMainLike = {
      handle: (channel, handler) => void handlers.set(channel, handler),
      removeHandler: (channel) => void handlers.delete(channel),
    };
    return { ipcMain, handlers };
  }
  const top = { url: 'file:///app/index.html', parent: null, processId: 1, frameToken: 'top' };

  it('registers exactly the contract channels and removes them all on undo', () => {
    const { ipcMain, handlers } = fakeMain();
    const undo = registerIpcHandlers(ipcMain, () => async () => ({ ok: true, data: null }), () => true);
    expect([...handlers.keys()].sort()).toEqual([...channels].sort());
    undo();
    expect(handlers.size).toBe(0);
  });

  it("passes the channel, the input and the sender check's verdict to the dispatcher of the sender's window", async () => {
    const { ipcMain, handlers } = fakeMain();
    const seen: unknown[][] = [];
    const dispatchOf = (window: number): Dispatch => async (channel, input, trusted) => {
      seen.push([window, channel, input, trusted]);
      return { ok: true, data: null };
    };
    const windows = new Map([
      [1, dispatchOf(1)],
      [2, dispatchOf(2)],
    ]);
    registerIpcHandlers(ipcMain, (event) => (event.sender ? windows.get(event.sender.id) : undefined), (event) => event.senderFrame === top);
    await handlers.get('chat.send')!({ senderFrame: top, sender: { id: 2 } }, { text: 'hi' });
    await handlers.get('chat.send')!({ senderFrame: null, sender: { id: 1 } }, { text: 'hi' });
    expect(seen).toEqual([
      [2, 'chat.send', { text: 'hi' }, true],
      [1, 'chat.send', { text: 'hi' }, false],
    ]);
    // A sender that is no window of the app is refused before any dispatcher sees the call.
    expect(await handlers.get('chat.send')!({ senderFrame: top, sender: { id: 3 } }, { text: 'hi' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(seen).toHaveLength(2);
  });

  it('forwards core events on the event channel, and stops when the window is gone or on unsubscribe', () => {
    const listeners = new Set<(event: BatonEvent) => void>();
    const subscribe = (listener: (event: BatonEvent) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
    const sent: unknown[][] = [];
    let destroyed = false;
    const stop = forwardEvents(subscribe, { send: (...args) => void sent.push(args), isDestroyed: () => destroyed });
    listeners.forEach((l) => l({ type: 'sessions_changed' }));
    destroyed = true;
    listeners.forEach((l) => l({ type: 'sessions_changed' }));
    stop();
    expect(sent).toEqual([[EVENT_CHANNEL, { type: 'sessions_changed' }]]);
    expect(listeners.size).toBe(0);
  });
});
