// Card Desk's own application menu, in place of Electron's default one (which ships Reload, Force Reload
// and Toggle Developer Tools). Edit keeps the clipboard and undo shortcuts working in fields; Window
// minimises and closes; on macOS the app menu carries About, Hide and Quit. Reload and the developer
// tools are there only when allowed: in development, or in a packaged build whose IT policy sets
// `allowDevTools: true`. The template is built by a pure function, so it is tested without Electron.
import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  /** The product name, shown in macOS's app menu. */
  appName: string;
  /** process.platform === 'darwin'. */
  isMac: boolean;
  /** Reload and the developer tools in a View menu. */
  allowDevTools: boolean;
}

export function applicationMenuTemplate({ appName, isMac, allowDevTools }: MenuOptions): MenuItemConstructorOptions[] {
  const macApp: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const file: MenuItemConstructorOptions = { label: '&File', submenu: [{ role: 'quit', label: 'E&xit' }] };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }],
  };
  const window: MenuItemConstructorOptions = {
    label: '&Window',
    role: 'windowMenu',
    submenu: isMac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  };
  return [isMac ? macApp : file, edit, ...(allowDevTools ? [view] : []), window];
}

/** Sets the menu for every window. Call once the app is ready. */
export function installApplicationMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)));
}
