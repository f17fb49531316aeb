// The application menu (SPEC §1 "Many sessions at once", desktop): its Session menu's commands and their
// shortcuts, read from the template the shell builds the menu from.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate, type MenuCommand } from '../../electron/shell/menu';

function menu(platform: NodeJS.Platform) {
  const sent: MenuCommand[] = [];
  let windowsOpened = 0;
  const template = appMenuTemplate({
    send: (command) => sent.push(command),
    newWindow: () => windowsOpened++,
    devTools: false,
    platform,
    openLogs: () => {},
    checkForUpdates: () => {},
  });
  const session = template.find((item) => item.label === 'Session');
  expect(session, 'the Session menu').toBeDefined();
  const items = (session!.submenu as MenuItemConstructorOptions[]).filter((item) => item.label !== undefined);
  const click = (label: string) => {
    const item = items.find((i) => i.label === label);
    expect(item, label).toBeDefined();
    (item!.click as () => void)();
  };
  return { items, click, sent, windowsOpened: () => windowsOpened };
}

describe('the Session menu', () => {
  it('lists its commands with their shortcuts', () => {
    expect(menu('linux').items.map((item) => [item.label, item.accelerator])).toEqual([
      ['New session', 'CmdOrCtrl+N'],
      ['New window', 'CmdOrCtrl+Shift+N'],
      ['Hand off', 'CmdOrCtrl+Shift+H'],
      ['Search sessions', 'CmdOrCtrl+K'],
      ['Find in session', 'CmdOrCtrl+F'],
    ]);
  });

  it.each(['linux', 'win32', 'darwin'] as const)('New window opens a window from the main process, its shortcut held by the menu (%s)', (platform) => {
    const { items, click, sent, windowsOpened } = menu(platform);
    const newWindow = items.find((item) => item.label === 'New window')!;
    // No page handles Ctrl+Shift+N: the menu takes the key everywhere.
    expect(newWindow.registerAccelerator).not.toBe(false);
    click('New window');
    expect(windowsOpened()).toBe(1);
    expect(sent).toEqual([]);
  });

  it('forwards its other commands to the page, whose keydowns have the shortcuts off macOS', () => {
    const { items, click, sent } = menu('linux');
    for (const label of ['New session', 'Hand off', 'Search sessions', 'Find in session']) {
      expect(items.find((item) => item.label === label)?.registerAccelerator).toBe(false);
      click(label);
    }
    expect(sent).toEqual(['new-session', 'hand-off', 'search-sessions', 'find-in-session']);
  });
});
