// The built desktop app, run under the recording `electron` stand-in in a child process (host.mjs), and
// driven through the API its preload exposed. Only the built bundles and the contract are involved: no
// import of the core or the shell sources.
import { spawnSync, fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BatonEvent, CallOutput, Channel, Result } from '../../../shared/contract';

const root = join(import.meta.dirname, '..', '..', '..');

/** Builds main, preload and renderer from the current sources into `outDir` (which must lie inside the repo, so the bundles find node_modules). */
export function buildDesktopBundles(outDir: string): { main: string; preload: string } {
  const cli = join(dirname(createRequire(import.meta.url).resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  const build = spawnSync(process.execPath, [cli, 'build', '--outDir', outDir, '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stdout}${build.stderr}`);
  return { main: join(outDir, 'main', 'index.js'), preload: join(outDir, 'preload', 'index.cjs') };
}

/** Which frame a call comes from: the app's main frame, an iframe in it, or another page's top frame. */
export type SenderFrame = 'main' | 'subframe' | 'otherPage';

/** What the host saw while the bundles started (see host.mjs). */
export interface HostFacts {
  handled: string[];
  listened: string[];
  windows: number;
  /** Each window's address at start, oldest first (a restored one names its session). */
  windowUrls: string[];
  webPreferences: Record<string, unknown>;
  appUrl: string;
  preloadRequested: string[];
  /** How the preload failed in the main frame, if it did. */
  preloadError?: string;
  exposedKeys: string[];
  apiKeys: string[];
  apiFrozen: boolean;
  errorBoxes: { title: string; content: string }[];
  /** Schemes the bundle declared privileged before `ready`, and those it handles. */
  privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[];
  handledSchemes: string[];
  /** The application menu's template as the bundle built it (labels and roles; clicks left out). */
  menu: MenuItem[];
}

export interface MenuItem {
  label?: string;
  role?: string;
  type?: string;
  submenu?: MenuItem[];
}

export interface Loaded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A window the app opened, oldest first. */
export interface HostWindow {
  url: string;
  open: boolean;
}

export interface DesktopHost {
  facts: HostFacts;
  /** Every event the first window's main frame API delivered, in order. */
  events: BatonEvent[];
  /** Every event window `index`'s main frame API delivered, in order. */
  eventsOf(index: number): BatonEvent[];
  /** A call through the preload API of `frame` in window `window` (the first one by default). */
  call<C extends Channel>(channel: C, input: unknown, frame?: SenderFrame, window?: number): Promise<Result<CallOutput<C>>>;
  /** The windows the app opened so far (each once its page has loaded). */
  windows(): Promise<HostWindow[]>;
  /** Once the app has quit: the questions it asked in a message box (each answered with its first button). */
  questions(): Array<{ message: string; buttons: string[] }>;
  /** Makes the main frame show another URL, as if the page had navigated away. */
  navigate(url: string): Promise<void>;
  /** What the page gets when it requests `url` (from the protocol handler the bundle registered). */
  load(url: string): Promise<Loaded>;
  /** Clicks the application menu's item at this path of labels or roles, e.g. ['help', 'Open logs folder']. */
  clickMenu(path: string[]): Promise<void>;
  /** The folders and files the bundle asked the OS to open (shell.openPath). */
  openedPaths(): Promise<string[]>;
  /** The message boxes the bundle showed (dialog.showMessageBox's options). */
  messageBoxes(): Promise<{ message: string; detail?: string; buttons?: string[] }[]>;
  /** Throws an error nothing catches in the main process. */
  crash(): Promise<void>;
  /** The first window's page process crashes. */
  rendererGone(): Promise<void>;
  /** Closes window `index` as the user would (the last one quits the app, but on macOS). */
  close(index: number): Promise<void>;
  /** Quits the app as the OS would; resolves with the exit code it chose. */
  quit(): Promise<number>;
  /** Resolves with the exit code once the app has quit, asked to or by itself. */
  readonly exited: Promise<number>;
  /** What the child printed (the bundle's logs). */
  logs(): string;
  /** Kills the host; resolves once its process is gone (so nothing writes into its folders after). */
  kill(): Promise<void>;
}

type FromHost =
  | { type: 'ready'; facts: HostFacts }
  | { type: 'failed'; message: string }
  | { type: 'event'; window: number; event: BatonEvent }
  | { type: 'quit'; code: number; questions: Array<{ message: string; buttons: string[] }> }
  | { type: 'reply'; id: number; result?: unknown; error?: string };

export async function startDesktopHost(options: { mainBundle: string; env: NodeJS.ProcessEnv }): Promise<DesktopHost> {
  // Set by `npm run dev` only (scripts/launchEnv.mjs): the app loads its built page unless a test says otherwise.
  const env: NodeJS.ProcessEnv = { ...process.env, ELECTRON_RENDERER_URL: undefined, BATON_DEV: undefined, ...options.env };
  const child: ChildProcess = fork(join(import.meta.dirname, 'host.mjs'), [options.mainBundle], {
    cwd: root,
    env,
    execArgv: [],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let logs = '';
  child.stdout!.on('data', (chunk) => (logs += chunk));
  child.stderr!.on('data', (chunk) => (logs += chunk));

  const events: BatonEvent[][] = [[]];
  const eventsOf = (index: number) => (events[index] ??= []);
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  let nextId = 0;
  const request = (message: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ ...message, id });
    });

  let quit: (code: number) => void = () => {};
  let questions: Array<{ message: string; buttons: string[] }> = [];
  const exited = new Promise<number>((resolve) => (quit = resolve));
  const facts = await new Promise<HostFacts>((resolve, reject) => {
    child.on('message', (message: FromHost) => {
      if (message.type === 'ready') resolve(message.facts);
      else if (message.type === 'quit') {
        questions = message.questions;
        quit(message.code);
      }
      else if (message.type === 'failed') reject(new Error(`${message.message}\n${logs}`));
      else if (message.type === 'event') eventsOf(message.window).push(message.event);
      else {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.error !== undefined) waiter?.reject(new Error(message.error));
        else waiter?.resolve(message.result);
      }
    });
    child.on('exit', (code, signal) => {
      const gone = new Error(`The desktop host exited (${code ?? signal}).\n${logs}`);
      reject(gone);
      pending.forEach((waiter) => waiter.reject(gone));
    });
  });

  return {
    facts,
    events: eventsOf(0),
    eventsOf,
    call: (channel, input, frame = 'main', window = 0) => request({ op: 'call', channel, input, frame, window }) as never,
    windows: () => request({ op: 'windows' }) as Promise<HostWindow[]>,
    questions: () => questions,
    navigate: async (url) => void (await request({ op: 'navigate', url })),
    load: (url) => request({ op: 'load', url }) as Promise<Loaded>,
    clickMenu: async (path) => void (await request({ op: 'menuClick', path })),
    openedPaths: () => request({ op: 'openedPaths' }) as Promise<string[]>,
    messageBoxes: () => request({ op: 'messageBoxes' }) as never,
    crash: async () => void (await request({ op: 'crash' })),
    rendererGone: async () => void (await request({ op: 'rendererGone' })),
    close: async (index) => void (await request({ op: 'close', window: index })),
    quit: () => {
      child.send({ op: 'quit' });
      return exited;
    },
    exited,
    logs: () => logs,
    kill: () => {
      const gone = new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      child.kill();
      return gone;
    },
  };
}
