// A real Baton core behind a real web-mode server, in a temp data dir, talking to a fake model server.
// Used by the contract tests, the browser end-to-end tests and the benchmarks.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/core/BatonCore';
import { EnvApiKeyStore } from '../../electron/core/settings/apiKey';
import { openConfSettings } from '../../electron/core/settings/SettingsStore';
import type { FsSeam } from '../../electron/core/storage/fsSeam';
import { startWebServer, type WebServer } from '../../electron/web/WebServer';

export const RENDERER_DIR = join(import.meta.dirname, '..', '..', 'out', 'renderer');

export interface TestAppOptions {
  modelUrl: string;
  /** undefined: no key configured (the first-run screen). */
  apiKey?: string;
  dataDir?: string;
  staticDir?: string;
  inactivityTimeoutMs?: number;
  /** The session store's fs calls (a full disk, a read-only folder on cue). */
  fs?: FsSeam;
  /**
   * Name sessions automatically (off unless asked for): the fake answers requests in order, and a title
   * request in the background would take the reply a test queued for its next request.
   */
  autoTitle?: boolean;
  /** Web mode's --allow-tool-config: the page may change the MCP servers. */
  allowToolConfig?: boolean;
}

export function startCore(options: TestAppOptions & { dataDir: string }): Core {
  const settings = openConfSettings(options.dataDir);
  const autoTitle = options.autoTitle ?? false;
  if (settings.get().autoTitle !== autoTitle) settings.set({ autoTitle });
  return createCore({
    dataDir: options.dataDir,
    settings,
    apiKey: new EnvApiKeyStore({ ANTHROPIC_API_KEY: options.apiKey }),
    transport: 'web',
    fs: options.fs,
    allowToolConfig: options.allowToolConfig,
    provider: { baseURL: options.modelUrl, maxRetries: 1, inactivityTimeoutMs: options.inactivityTimeoutMs ?? 5_000 },
  });
}

export interface TestApp {
  url: string;
  dataDir: string;
  core: Core;
  /** Stops the core and the server (the page loses its connection). */
  stop(): Promise<void>;
  /** Starts them again on the same data dir, port and token (files written meanwhile are picked up). */
  start(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'baton-app-'));
  const token = randomBytes(12).toString('hex');
  let core!: Core;
  let server!: WebServer;
  let port = 0;
  const start = async () => {
    core = startCore({ ...options, dataDir });
    server = await startWebServer({
      connect: () => core.connect(),
      staticDir: options.staticDir ?? RENDERER_DIR,
      token,
      port,
    });
    port = server.port;
  };
  const stop = async () => {
    await server.close();
    await core.dispose();
  };
  await start();
  const app: TestApp = {
    get url() {
      return server.url;
    },
    dataDir,
    get core() {
      return core;
    },
    stop,
    start,
    restart: async () => {
      await stop();
      await start();
    },
    close: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}
