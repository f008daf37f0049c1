// A stand-in for the `electron` module, which cannot run on this machine: it records what the shell
// asks of Electron so the tests can check every security setting is applied.
import { EventEmitter } from 'node:events';

type Listener = (...args: unknown[]) => unknown;

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  sent: { channel: string; payload: unknown }[] = [];
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = [];
  static getAllWindows = () => FakeBrowserWindow.created;
  static getFocusedWindow = () => FakeBrowserWindow.created[0] ?? null;
  webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  constructor(readonly options: { webPreferences: Record<string, unknown> }) {
    super();
    FakeBrowserWindow.created.push(this);
  }
  /** Set to make the next loadURL fail, as Electron's does when the page cannot be loaded. */
  static nextLoadFailure: Error | null = null;
  loadURL(url: string) {
    this.loadedUrl = url;
    const failure = FakeBrowserWindow.nextLoadFailure;
    FakeBrowserWindow.nextLoadFailure = null;
    return failure ? Promise.reject(failure) : Promise.resolve();
  }
  isMinimized() {
    return false;
  }
  isDestroyed() {
    return false;
  }
  show() {}
}

export const recorded = {
  ipcHandlers: new Map<string, Listener>(),
  protocolHandlers: new Map<string, (request: { url: string }) => Promise<Response> | Response>(),
  privilegedSchemes: [] as unknown[],
  openedExternally: [] as string[],
  exposed: new Map<string, unknown>(),
  rendererListeners: new Map<string, Listener[]>(),
  invoked: [] as unknown[][],
  /** The template of the last Menu.setApplicationMenu. */
  applicationMenu: null as unknown[] | null,
  clipboardText: null as string | null,
};

type PermissionRequestHandler = (wc: unknown, permission: string, cb: (allow: boolean) => void) => void;
type PermissionCheckHandler = (wc: unknown, permission: string) => boolean;

export interface FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null;
  permissionCheckHandler: PermissionCheckHandler | null;
  spellCheckerEnabled: boolean;
  setSpellCheckerEnabled(enable: boolean): void;
  setPermissionRequestHandler(h: PermissionRequestHandler): void;
  setPermissionCheckHandler(h: PermissionCheckHandler): void;
}

export function fakeSession(): FakeSession {
  const s: FakeSession = {
    permissionRequestHandler: null,
    permissionCheckHandler: null,
    spellCheckerEnabled: true,
    setSpellCheckerEnabled(enable) {
      s.spellCheckerEnabled = enable;
    },
    setPermissionRequestHandler(h) {
      s.permissionRequestHandler = h;
    },
    setPermissionCheckHandler(h) {
      s.permissionCheckHandler = h;
    },
  };
  return s;
}

export const electronModule = {
  BrowserWindow: FakeBrowserWindow,
  Menu: {
    buildFromTemplate: (template: unknown[]) => ({ template }),
    setApplicationMenu: (menu: { template: unknown[] } | null) =>
      void (recorded.applicationMenu = menu?.template ?? null),
  },
  clipboard: { writeText: (text: string) => void (recorded.clipboardText = text) },
  shell: { openExternal: async (url: string) => void recorded.openedExternally.push(url) },
  ipcMain: { handle: (channel: string, listener: Listener) => void recorded.ipcHandlers.set(channel, listener) },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => void recorded.privilegedSchemes.push(...schemes),
    handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) =>
      void recorded.protocolHandlers.set(scheme, handler),
  },
  dialog: { showSaveDialog: async () => ({ canceled: true, filePath: undefined }) },
  // Chromium's network (shell/updates.ts fetches a release signature with it): Node's fetch here.
  net: { fetch: (url: string, init?: RequestInit) => fetch(url, init) },
  // The lock's signals (shell/lock-signals.ts): no input for 0 s, the screen never locks.
  powerMonitor: Object.assign(new EventEmitter(), {
    getSystemIdleTime: () => 0,
    getSystemIdleState: () => 'active',
  }),
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void recorded.exposed.set(key, api) },
  ipcRenderer: {
    invoke: async (...args: unknown[]) => {
      recorded.invoked.push(args);
      return { ok: true, data: null };
    },
    on(channel: string, listener: Listener) {
      const list = recorded.rendererListeners.get(channel) ?? [];
      list.push(listener);
      recorded.rendererListeners.set(channel, list);
    },
    removeListener(channel: string, listener: Listener) {
      const list = recorded.rendererListeners.get(channel) ?? [];
      recorded.rendererListeners.set(
        channel,
        list.filter((l) => l !== listener),
      );
    },
  },
};
