// The app's windows (SPEC §1, §5): each window is a view of the core and shows its own session; New
// window and Open in new window add one. Closing a window does not stop its runs. The sessions the
// windows show are remembered, so the windows come back after a restart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { EVENT_CHANNEL } from '../../shared/contract';
import { sessionAddress } from '../../shared/sessionAddress';
import type { Core, CoreView } from '../core/BatonCore';
import { log } from '../core/log';
import { writeFileAtomic } from '../core/storage/atomicWrite';
import { realFs } from '../core/storage/fsSeam';
import type { AppUrl } from './appUrl';
import type { IpcSenderEvent } from './ipcBridge';
import { isTrustedSender } from './ipcSender';
import { createMainWindow } from './window';

/** Where the windows' sessions are kept between runs, in the data folder. */
const STATE_FILE = 'windows.json';

interface OpenWindow {
  win: BrowserWindow;
  view: CoreView;
}

export interface AppWindowsOptions {
  core: Core;
  app: AppUrl;
  preloadPath: string;
  devTools: boolean;
  dataDir: string;
}

export class AppWindows {
  /** By webContents id: an IPC call names its sender's. */
  private readonly open = new Map<number, OpenWindow>();
  private quitting = false;

  constructor(private readonly options: AppWindowsOptions) {}

  /** Opens a window on the session, or (without one) where the user left off. */
  openWindow(sessionId?: string): BrowserWindow {
    const { app, preloadPath, devTools, core } = this.options;
    const entry = sessionId === undefined ? app.entry : `${app.entry}${sessionAddress(sessionId)}`;
    const win = createMainWindow({ app: { ...app, entry }, preloadPath, devTools });
    const id = win.webContents.id;
    const view = core.connect();
    view.subscribe((event) => {
      if (!win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
    });
    this.open.set(id, { win, view });
    win.on('closed', () => {
      if (!this.quitting) {
        // The last window's session comes back at the next start, even when closing it quits the app.
        if (this.open.size > 1) this.open.delete(id);
        this.save();
      }
      this.open.delete(id);
      view.close();
    });
    return win;
  }

  /** At start: the windows of the last run, each on its session, or one where the user left off. */
  restore(): void {
    const sessions = this.saved();
    if (sessions.length === 0) this.openWindow();
    for (const id of sessions) this.openWindow(id);
  }

  /** The window to bring forward, or a new one when there is none (macOS 'activate', a second instance). */
  showSome(): void {
    const some = this.focused() ?? [...this.open.values()][0]?.win;
    if (!some) return void this.openWindow();
    if (some.isMinimized()) some.restore();
    some.focus();
  }

  focused(): BrowserWindow | undefined {
    for (const { win } of this.open.values()) if (!win.isDestroyed() && win.isFocused()) return win;
    return undefined;
  }

  /** The view of the window whose top frame, showing the app's page, sent the call; undefined for anyone else. */
  viewFor(event: IpcSenderEvent): CoreView | undefined {
    const open = event.sender ? this.open.get(event.sender.id) : undefined;
    return open && !open.win.isDestroyed() ? open.view : undefined;
  }

  isTrusted(event: IpcSenderEvent): boolean {
    const open = event.sender ? this.open.get(event.sender.id) : undefined;
    return !!open && !open.win.isDestroyed() && isTrustedSender(event.senderFrame, open.win.webContents.mainFrame, this.options.app);
  }

  /**
   * Quitting: the sessions the windows show now are what comes back. With no window open there is nothing
   * to write: closing the last one saved it (the app quits then, but on macOS), and the quit that follows
   * flushing the core comes after every window has closed.
   */
  quit(): void {
    if (this.open.size > 0) this.save();
    this.quitting = true;
  }

  /** Quitting was called off (replies still streaming): closing windows counts again. */
  resume(): void {
    this.quitting = false;
    if (this.open.size === 0) this.restore();
  }

  private save(): void {
    const sessions = [...this.open.values()].flatMap(({ view }) => (view.sessionId === undefined ? [] : [view.sessionId]));
    try {
      writeFileAtomic(realFs, join(this.options.dataDir, STATE_FILE), JSON.stringify({ sessions }));
    } catch (err) {
      // Only which windows come back is lost; every session is still in the sidebar.
      log.error(`Could not remember the open windows: ${(err as Error).message}`);
    }
  }

  private saved(): string[] {
    try {
      const { sessions } = JSON.parse(readFileSync(join(this.options.dataDir, STATE_FILE), 'utf8')) as { sessions?: unknown };
      return Array.isArray(sessions) ? sessions.filter((id): id is string => typeof id === 'string' && id.length > 0).slice(0, 20) : [];
    } catch {
      return []; // none yet, or unreadable: one window, where the user left off
    }
  }
}
