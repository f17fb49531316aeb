// The API object the preload exposes: built from the contract over ipcRenderer, with no raw
// ipcRenderer and no generic invoke reaching the page. Structurally typed so tests can run it.
import { buildApi, EVENT_CHANNEL, type BatonApi, type BatonEvent, type Channel } from '../../shared/contract';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

export function createPreloadApi(ipcRenderer: IpcRendererLike): BatonApi {
  return buildApi(
    (channel: Channel, input: unknown) => ipcRenderer.invoke(channel, input),
    (listener) => {
      const forward = (_event: unknown, payload: unknown) => listener(payload as BatonEvent);
      ipcRenderer.on(EVENT_CHANNEL, forward);
      return () => void ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    },
  );
}
