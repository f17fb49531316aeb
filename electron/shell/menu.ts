// The application menu's template. Baton's own commands are forwarded to the renderer as `menu` events;
// the rest are Electron's standard roles (Electron names those in the OS's language). Built in the UI
// language: main.ts builds the menu from it again when the language changes. A plain function of its
// options (no Electron at run time), so a test reads what the menu holds.
import type { MenuItemConstructorOptions } from 'electron';
import type { BatonEvent } from '../../shared/contract';
import { t } from '../../shared/i18n';

export type MenuCommand = Extract<BatonEvent, { type: 'menu' }>['command'];

export function appMenuTemplate(options: {
  send: (command: MenuCommand) => void;
  newWindow: () => void;
  devTools: boolean;
  platform: NodeJS.Platform;
  /** Help → Open logs folder. */
  openLogs: () => void;
  /** Help → Check for updates. */
  checkForUpdates: () => void;
}): MenuItemConstructorOptions[] {
  const { send, newWindow, devTools, platform, openLogs, checkForUpdates } = options;
  // The renderer already handles these shortcuts as keydowns (web mode has no menu). On Windows and
  // Linux the menu only shows them (registerAccelerator: false) so one key press is one command; on
  // macOS the menu takes the key first and the page never sees it, so it is one command there too.
  const command = (label: string, accelerator: string, name: MenuCommand): MenuItemConstructorOptions => ({
    label,
    accelerator,
    registerAccelerator: platform === 'darwin',
    click: () => send(name),
  });

  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: t('menu.session'),
      submenu: [
        command(t('menu.newSession'), 'CmdOrCtrl+N', 'new-session'),
        // The main process opens windows: no page needs to ask for it.
        { label: t('menu.newWindow'), accelerator: 'CmdOrCtrl+Shift+N', click: () => newWindow() },
        command(t('menu.handOff'), 'CmdOrCtrl+Shift+H', 'hand-off'),
        { type: 'separator' },
        command(t('menu.searchSessions'), 'CmdOrCtrl+K', 'search-sessions'),
        command(t('menu.findInSession'), 'CmdOrCtrl+F', 'find-in-session'),
        ...(platform === 'darwin' ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    { role: 'editMenu' },
    {
      label: t('menu.view'),
      submenu: [
        ...(devTools
          ? [{ role: 'reload' as const }, { role: 'toggleDevTools' as const }, { type: 'separator' as const }]
          : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: t('menu.checkForUpdates'), click: checkForUpdates },
        { label: t('menu.openLogs'), click: openLogs },
      ],
    },
  ];
}
