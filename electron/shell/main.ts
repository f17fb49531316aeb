// Desktop entry: app lifecycle, one window, the core wired to Electron IPC. Everything that is not about
// Electron lives in electron/core and runs the same way in web mode.
import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session } from 'electron';
import { EVENT_CHANNEL, type BatonEvent } from '../../shared/contract';
import { createCore, type Core } from '../core/BatonCore';
import { installLastResort } from '../core/lastResort';
import { log } from '../core/log';
import { APP_SCHEME_PRIVILEGES, appResponse } from './appProtocol';
import { APP_SCHEME, BUNDLED_APP, devAppUrl, type AppUrl } from './appUrl';
import { isDevRun } from './devRun';
import { openElectronSettings } from './electronSettings';
import { guardWebContents, hardenSession } from './guards';
import { forwardEvents, registerIpcHandlers, type IpcSenderEvent } from './ipcBridge';
import { isTrustedSender } from './ipcSender';
import { buildAppMenu, type MenuCommand } from './menu';
import { openExternal } from './openExternal';
import { openFolder, startLogging } from './logging';
import { openSafeApiKeyStore } from './safeApiKey';
import { saveFileFrom } from './saveFile';
import { startUpdates } from './updates';
import { createMainWindow } from './window';

// BATON_DATA_DIR (SPEC §7) moves all data, and with it the single-instance lock, which Electron keys on
// userData: separate data dirs (tests, a second profile) run side by side.
if (process.env.BATON_DATA_DIR) app.setPath('userData', resolve(process.env.BATON_DATA_DIR));
startLogging(app.getPath('userData'));

const isDev = isDevRun(app.isPackaged, process.env);
const appUrl: AppUrl = (isDev && process.env.ELECTRON_RENDERER_URL && devAppUrl(process.env.ELECTRON_RENDERER_URL)) || BUNDLED_APP;
const rendererDir = join(import.meta.dirname, '../renderer');
/** Set once started: the last-resort handler tells the user through it. */
let liveCore: Core | undefined;

// Whatever slipped past its own handler is logged and shown to the user; the app keeps running.
installLastResort((err) => {
  if (liveCore) liveCore.reportError(err);
  else dialog.showErrorBox('Baton hit an unexpected error', (err as Error)?.message ?? String(err));
});

// The app's pages are served on app:// (appProtocol.ts); a privileged scheme must be declared before `ready`.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

let mainWindow: BrowserWindow | undefined;
const liveWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : undefined);

function showWindow(): void {
  const win = liveWindow();
  if (!win) {
    // A new window shows itself once painted (window.ts); focusing it now would show it blank.
    mainWindow = createMainWindow({ app: appUrl, preloadPath: join(import.meta.dirname, '../preload/index.cjs'), devTools: isDev });
    return;
  }
  if (win.isMinimized()) win.restore();
  win.focus();
}

/** Whatever window is current (macOS re-creates it on 'activate'), as one event target. */
const currentWindow = {
  send: (channel: string, payload: unknown) => liveWindow()?.webContents.send(channel, payload),
  isDestroyed: () => !liveWindow(),
};

function isTrusted(event: IpcSenderEvent): boolean {
  const win = liveWindow();
  return !!win && isTrustedSender(event.senderFrame, win.webContents.mainFrame, appUrl);
}

function start(): void {
  const dataDir = app.getPath('userData');
  hardenSession(session.defaultSession, appUrl);
  protocol.handle(APP_SCHEME, (request) => appResponse(request.url, rendererDir));

  const core = createCore({
    dataDir,
    settings: openElectronSettings(dataDir),
    apiKey: openSafeApiKeyStore(dataDir),
    transport: 'electron',
    version: app.getVersion(),
    openExternal,
    openFolder,
    saveFile: saveFileFrom(liveWindow),
  });
  liveCore = core;
  registerIpcHandlers(ipcMain, core.dispatch, isTrusted);
  forwardEvents(core.subscribe, currentWindow);
  const menuEvent = (command: MenuCommand): BatonEvent => ({ type: 'menu', command });
  Menu.setApplicationMenu(
    buildAppMenu({
      send: (command) => currentWindow.send(EVENT_CHANNEL, menuEvent(command)),
      devTools: isDev,
      platform: process.platform,
      openLogs: () => void core.dispatch('app.openLogs', {}, true),
      checkForUpdates: startUpdates().check,
    }),
  );

  // Flush the session store before exiting; quit again once that is done.
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    disposed = true;
    core
      .dispose()
      .catch((err: unknown) => log.error(`Shutdown failed: ${(err as Error).message}`))
      .finally(() => app.quit());
  });
  app.on('activate', showWindow);
  showWindow();
}

if (!app.requestSingleInstanceLock()) {
  // Another Baton owns this data dir; it is told through 'second-instance' and comes to the front.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (app.isReady()) showWindow();
  });
  // Every webContents, not only the main window's, gets the navigation and window-open guards.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, appUrl, openExternal));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => {
      // No blank window and no silent exit: say what went wrong.
      log.error('Could not start:', err);
      dialog.showErrorBox('Baton could not start', (err as Error)?.message ?? String(err));
      app.exit(1);
    });
}
