// An in-memory ipcMain/ipcRenderer/webContents trio that behaves like Electron's: payloads are
// structured-cloned both ways, handlers get an event with the sender frame, a missing handler rejects.
import type { IpcMainLike, IpcSenderEvent } from '../../../electron/shell/ipcBridge';
import type { FrameLike } from '../../../electron/shell/ipcSender';
import type { IpcRendererLike } from '../../../electron/shell/preloadApi';

type Handler = (event: IpcSenderEvent, input: unknown) => Promise<unknown>;
type Listener = (event: unknown, payload: unknown) => void;

/** `frame` is the renderer's top frame: the sender of every call made through this pair. */
export function createInMemoryIpc(frame: FrameLike) {
  const handlers = new Map<string, Handler>();
  const listeners = new Map<string, Set<Listener>>();

  const ipcMain: IpcMainLike = {
    handle(channel, handler) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, handler);
    },
    removeHandler: (channel) => void handlers.delete(channel),
  };

  const ipcRenderer: IpcRendererLike = {
    async invoke(channel, ...args) {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`Error invoking remote method '${channel}': No handler registered`);
      return structuredClone(await handler({ senderFrame: frame }, structuredClone(args[0])));
    },
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    },
    removeListener: (channel, listener) => void listeners.get(channel)?.delete(listener),
  };

  const webContents = {
    destroyed: false,
    send(channel: string, payload: unknown) {
      const copy = structuredClone(payload);
      // Electron delivers asynchronously; so does this.
      queueMicrotask(() => listeners.get(channel)?.forEach((listener) => listener({}, copy)));
    },
    isDestroyed() {
      return this.destroyed;
    },
  };

  return { ipcMain, ipcRenderer, webContents };
}
