// The one app window. Every web-preference that matters for security is set explicitly (SPEC §6), even
// where it matches Electron's default, so a future default change or a careless edit shows up in review
// and in test/shell/shellSecurity.test.ts.
import { BrowserWindow } from 'electron';
import type { AppUrl } from './appUrl';

export function createMainWindow(options: { app: AppUrl; preloadPath: string; devTools: boolean }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 640,
    minHeight: 480,
    title: 'Baton',
    // Shown once painted, so the user never sees a blank white window.
    show: false,
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      webSecurity: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      // Middle-click would otherwise try to open links in a new window; there are none to open.
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      navigateOnDragDrop: false,
      spellcheck: true,
      devTools: options.devTools,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(options.app.entry);
  return win;
}
