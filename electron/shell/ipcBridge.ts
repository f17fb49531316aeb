// Carries the contract over Electron IPC. Typed structurally against ipcMain and webContents, so the
// same code runs under the real Electron objects and the in-memory pair the contract tests use.
import { channels, EVENT_CHANNEL, type BatonEvent } from '../../shared/contract';
import type { Dispatch } from '../core/ipc/dispatcher';
import type { FrameLike } from './ipcSender';

export interface IpcSenderEvent {
  senderFrame: FrameLike | null;
  /** The webContents that sent it (which window). */
  sender?: { readonly id: number };
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, input: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/**
 * Registers one handler per contract channel; each finds the window the call came from and checks its
 * sender before anything else. A sender that is no app window's top frame is refused.
 */
export function registerIpcHandlers(
  ipcMain: IpcMainLike,
  dispatchFor: (event: IpcSenderEvent) => Dispatch | undefined,
  isTrustedSender: (event: IpcSenderEvent) => boolean,
): () => void {
  for (const channel of channels) {
    ipcMain.handle(channel, (event, input) => {
      const dispatch = dispatchFor(event);
      return dispatch ? dispatch(channel, input, isTrustedSender(event)) : Promise.resolve(refused);
    });
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}

const refused = { ok: false, error: { code: 'forbidden', message: 'This sender may not call Baton' } } as const;

/** Forwards core events to one window while it lives. */
export function forwardEvents(
  subscribe: (listener: (event: BatonEvent) => void) => () => void,
  target: { send(channel: string, payload: unknown): void; isDestroyed(): boolean },
): () => void {
  return subscribe((event) => {
    if (!target.isDestroyed()) target.send(EVENT_CHANNEL, event);
  });
}
