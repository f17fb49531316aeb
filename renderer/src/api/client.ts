// The renderer's one API object. It uses the desktop preload's API when present, else the web-mode
// WebSocket; nothing else in the renderer knows which transport carries it.
import type { BatonApi } from '../../../shared/contract';
import { createWsApi } from './wsTransport';

declare global {
  interface Window {
    baton?: BatonApi;
  }
}

export const api: BatonApi = window.baton ?? createWsApi();
