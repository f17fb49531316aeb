// The application menu. Baton's own commands are forwarded to the renderer as `menu` events; the rest
// are Electron's standard roles.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { BatonEvent } from '../../shared/contract';

export type MenuCommand = Extract<BatonEvent, { type: 'menu' }>['command'];

export function buildAppMenu(options: {
  send: (command: MenuCommand) => void;
  newWindow: () => void;
  devTools: boolean;
  platform: NodeJS.Platform;
  /** Help → Open logs folder. */
  openLogs: () => void;
  /** Help → Check for updates. */
  checkForUpdates: () => void;
}): Menu {
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

  const template: MenuItemConstructorOptions[] = [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'Session',
      submenu: [
        command('New session', 'CmdOrCtrl+N', 'new-session'),
        // The main process opens windows: no page needs to ask for it.
        { label: 'New window', accelerator: 'CmdOrCtrl+Shift+N', click: () => newWindow() },
        command('Hand off', 'CmdOrCtrl+Shift+H', 'hand-off'),
        { type: 'separator' },
        command('Search sessions', 'CmdOrCtrl+K', 'search-sessions'),
        command('Find in session', 'CmdOrCtrl+F', 'find-in-session'),
        ...(platform === 'darwin' ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
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
        { label: 'Check for updates', click: checkForUpdates },
        { label: 'Open logs folder', click: openLogs },
      ],
    },
  ];
  return Menu.buildFromTemplate(template);
}
