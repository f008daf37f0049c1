// Card Desk's application menu, built from a template: Edit and Window everywhere, the app menu on macOS,
// and Reload and the developer tools only when allowed.
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => {
  const fake = await import('./fake-electron');
  return { ...fake.electronModule, default: fake.electronModule };
});
const { applicationMenuTemplate, installApplicationMenu } = await import('../../../src-main/shell/menu');
const { recorded } = await import('./fake-electron');

type Item = { label?: string; role?: string; submenu?: Item[] };
const roles = (menu: Item[]) => menu.flatMap((m) => (m.submenu ?? []).map((i) => i.role).filter(Boolean));

describe('the application menu', () => {
  it('on Windows and Linux: File (Exit), Edit with cut, copy and paste, Window; nothing to reload or inspect', () => {
    const menu = applicationMenuTemplate({ appName: 'Card Desk', isMac: false, allowDevTools: false }) as Item[];
    expect(menu.map((m) => m.label)).toEqual(['&File', '&Edit', '&Window']);
    expect(menu[1]!.submenu!.map((i) => i.role ?? '-')).toEqual([
      'undo',
      'redo',
      '-',
      'cut',
      'copy',
      'paste',
      'delete',
      '-',
      'selectAll',
    ]);
    expect(menu[2]!.submenu!.map((i) => i.role)).toEqual(['minimize', 'close']);
    for (const role of ['reload', 'forceReload', 'toggleDevTools']) expect(roles(menu)).not.toContain(role);
  });

  it('on macOS: the app menu named after the app, with About, Hide and Quit', () => {
    const menu = applicationMenuTemplate({ appName: 'Card Desk', isMac: true, allowDevTools: false }) as Item[];
    expect(menu.map((m) => m.label)).toEqual(['Card Desk', '&Edit', '&Window']);
    expect(menu[0]!.submenu!.map((i) => i.role).filter(Boolean)).toEqual([
      'about',
      'services',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
    ]);
    expect(roles(menu)).not.toContain('toggleDevTools');
  });

  it('has a View menu with Reload and the developer tools only when they are allowed', () => {
    const menu = applicationMenuTemplate({ appName: 'Card Desk', isMac: false, allowDevTools: true }) as Item[];
    expect(menu.map((m) => m.label)).toEqual(['&File', '&Edit', '&View', '&Window']);
    expect(menu[2]!.submenu!.map((i) => i.role)).toEqual(['reload', 'forceReload', 'toggleDevTools']);
  });

  it('is set as the application menu', () => {
    installApplicationMenu({ appName: 'Card Desk', isMac: false, allowDevTools: false });
    expect((recorded.applicationMenu as Item[]).map((m) => m.label)).toEqual(['&File', '&Edit', '&Window']);
  });
});
