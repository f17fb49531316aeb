// Builds the renderer's API object over each transport, wired to a real core in a temp data dir
// whose model server is the fake Anthropic server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket as NodeWebSocket } from 'ws';
import type { BatonApi } from '../../../shared/contract';
import type { Core } from '../../../electron/core/BatonCore';
import { forwardEvents, registerIpcHandlers } from '../../../electron/shell/ipcBridge';
import { BUNDLED_APP } from '../../../electron/shell/appUrl';
import { isTrustedSender, type FrameLike } from '../../../electron/shell/ipcSender';
import { createPreloadApi } from '../../../electron/shell/preloadApi';
import { startCore, startTestApp } from '../../support/testApp';
import { createInMemoryIpc } from './inMemoryIpc';

export interface Harness {
  api: BatonApi;
  core: Core;
  dataDir: string;
  close(): Promise<void>;
}

const APP = BUNDLED_APP;
export const APP_URL = APP.entry;

export async function electronHarness(modelUrl: string, senderUrl = APP_URL): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baton-contract-'));
  const core = startCore({ modelUrl, apiKey: 'test-key', dataDir });
  const mainFrame: FrameLike = { url: senderUrl, parent: null, processId: 1, frameToken: 'main' };
  const ipc = createInMemoryIpc(mainFrame);
  // One window: every call is its view's.
  const view = core.connect();
  const unregister = registerIpcHandlers(ipc.ipcMain, () => view.dispatch, (event) => isTrustedSender(event.senderFrame, mainFrame, APP));
  const stopEvents = forwardEvents(view.subscribe, ipc.webContents);
  return {
    api: createPreloadApi(ipc.ipcRenderer),
    core,
    dataDir,
    close: async () => {
      stopEvents();
      unregister();
      await core.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function webHarness(modelUrl: string): Promise<Harness> {
  const staticDir = mkdtempSync(join(tmpdir(), 'baton-static-'));
  const app = await startTestApp({ modelUrl, apiKey: 'test-key', staticDir });
  installBrowserGlobals(app.url);
  const { createWsApi } = await import('../../../renderer/src/api/wsTransport');
  return {
    api: createWsApi(),
    core: app.core,
    dataDir: app.dataDir,
    close: async () => {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** Just enough of a browser for the renderer's WebSocket client: a page URL, local storage, and a WebSocket that sends its Origin as browsers do. */
function installBrowserGlobals(pageUrl: string): void {
  const storage = new Map<string, string>();
  const location = { href: pageUrl };
  const origin = new URL(pageUrl).origin;
  Object.assign(globalThis, {
    window: { location, history: { replaceState: (_: unknown, __: string, url: string) => (location.href = url) } },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
    WebSocket: class extends NodeWebSocket {
      constructor(url: string | URL) {
        super(url, { origin });
      }
    },
  });
}
