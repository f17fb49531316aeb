// Desktop entry: app lifecycle, the windows (each a view of the core), the core wired to Electron IPC.
// Everything that is not about Electron lives in electron/core and runs the same way in web mode.
import { join, resolve } from 'node:path';
import { app, dialog, ipcMain, Menu, protocol, session } from 'electron';
import { EVENT_CHANNEL, type BatonEvent } from '../../shared/contract';
import { texts } from '../../shared/texts';
import { onLanguageChange, resolveLanguage, setLanguage, t } from '../../shared/i18n';
import { createCore, type Core } from '../core/BatonCore';
import { installLastResort } from '../core/lastResort';
import { log, logsDir } from '../core/log';
import { APP_SCHEME_PRIVILEGES, appResponse } from './appProtocol';
import { APP_SCHEME, BUNDLED_APP, devAppUrl, type AppUrl } from './appUrl';
import { isDevRun } from './devRun';
import { openElectronSettings } from './electronSettings';
import { guardWebContents, hardenSession } from './guards';
import { AppWindows } from './appWindows';
import { registerIpcHandlers } from './ipcBridge';
import { appMenuTemplate, type MenuCommand } from './menu';
import { openExternal } from './openExternal';
import { openFolder, startLogging } from './logging';
import { openSafeApiKeyStore } from './safeApiKey';
import { saveFileFrom } from './saveFile';
import { startUpdates } from './updates';

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
  else showErrorBeforeStart(() => t('desktop.unexpectedError'), err);
});

/** Before the core has read the settings, the system's language is the best guess of the user's. */
function showErrorBeforeStart(title: () => string, err: unknown): void {
  setLanguage(resolveLanguage('system', app.getPreferredSystemLanguages()));
  dialog.showErrorBox(title(), (err as Error)?.message ?? String(err));
}

// The app's pages are served on app:// (appProtocol.ts); a privileged scheme must be declared before `ready`.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

let windows: AppWindows | undefined;

function start(): void {
  const dataDir = app.getPath('userData');
  hardenSession(session.defaultSession, appUrl);
  protocol.handle(APP_SCHEME, (request) => appResponse(request.url, rendererDir));

  const core = createCore({
    dataDir,
    settings: openElectronSettings(dataDir),
    apiKey: openSafeApiKeyStore(dataDir),
    transport: 'electron',
    systemLocales: app.getPreferredSystemLanguages(),
    version: app.getVersion(),
    openExternal,
    openFolder,
    saveFile: saveFileFrom(() => windows?.focused()),
    openWindow: (sessionId) => windows?.openWindow(sessionId),
  });
  liveCore = core;
  const appWindows = new AppWindows({ core, app: appUrl, preloadPath: join(import.meta.dirname, '../preload/index.cjs'), devTools: isDev, dataDir });
  windows = appWindows;
  registerIpcHandlers(ipcMain, (event) => appWindows.viewFor(event)?.dispatch, (event) => appWindows.isTrusted(event));
  const menuEvent = (command: MenuCommand): BatonEvent => ({ type: 'menu', command });
  const menuOptions = {
    send: (command: MenuCommand) => appWindows.focused()?.webContents.send(EVENT_CHANNEL, menuEvent(command)),
    newWindow: () => appWindows.openWindow(),
    devTools: isDev,
    platform: process.platform,
    openLogs: () => void openFolder(logsDir(dataDir)).catch((err: unknown) => log.warn('Could not open the logs folder:', err)),
    checkForUpdates: startUpdates().check,
  };
  const setMenu = () => Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(menuOptions)));
  setMenu();
  onLanguageChange(setMenu);

  // Replies still being written are not thrown away unasked; then the session store is flushed before exiting.
  let disposed = false;
  app.on('before-quit', (event) => {
    const running = core.running().length;
    if (running > 0 && !disposed) {
      const choice = dialog.showMessageBoxSync({
        type: 'question',
        buttons: [t('menu.quitAnyway'), t('menu.cancel')],
        defaultId: 1,
        cancelId: 1,
        message: texts.quitWhileRunning(running),
      });
      if (choice !== 0) {
        event.preventDefault();
        appWindows.resume();
        return;
      }
    }
    appWindows.quit();
  });
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    disposed = true;
    core
      .dispose()
      .catch((err: unknown) => log.error(`Shutdown failed: ${(err as Error).message}`))
      .finally(() => app.quit());
  });
  app.on('activate', () => appWindows.showSome());
  appWindows.restore();
}

if (!app.requestSingleInstanceLock()) {
  // Another Baton owns this data dir; it is told through 'second-instance' and comes to the front.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (app.isReady()) windows?.showSome();
  });
  // A page that crashed, ran out of memory or was killed leaves its window blank; only the log can say why.
  app.on('render-process-gone', (_event, contents, { reason, exitCode }) =>
    log.error(`A window's page stopped (${reason}, exit code ${exitCode}): ${contents.getURL()}`),
  );
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
      showErrorBeforeStart(() => t('desktop.couldNotStart'), err);
      app.exit(1);
    });
}
