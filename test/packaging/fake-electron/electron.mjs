// A stand-in for the `electron` module under which the packaged main process runs in plain Node. Once
// start-up has opened the window it drives the app as the renderer would (the page from card-desk://,
// a customer sync and search over IPC through the local sandbox and the cache worker), loads keytar the
// way main does, then quits; it prints one JSON line with what it saw. The data folder is
// CARD_DESK_FAKE_APPDATA; the run ends with exit code 0 only when quitting closed everything.
import { createRequire } from 'node:module';

const appData = process.env.CARD_DESK_FAKE_APPDATA;
const paths = new Map([['appData', appData]]);
const listeners = new Map();
const protocolHandlers = new Map();
const ipcHandlers = new Map();
const seen = { errorBoxes: [], windows: [] };
const trustedEvent = { senderFrame: { url: 'card-desk://app/index.html', parent: null } };

function report(extra) {
  process.stdout.write(`${JSON.stringify({ ...seen, ...extra })}\n`);
}

async function invoke(channel, input) {
  const handler = ipcHandlers.get(channel);
  if (!handler) throw new Error(`no IPC handler for ${channel}`);
  return handler(trustedEvent, input, undefined);
}

async function driveTheApp() {
  const page = await protocolHandlers.get('card-desk')({ url: 'card-desk://app/index.html' });
  const sync = await invoke('customers.sync', { full: true });
  const status = await invoke('customers.cacheStatus', undefined);
  const mainUrl = new URL(process.argv[1], 'file://').href;
  const keytar = createRequire(mainUrl)('keytar');
  return {
    page: { status: page.status, csp: page.headers.get('content-security-policy') !== null },
    sync,
    status,
    keytarLoaded: typeof keytar.getPassword === 'function',
    userData: paths.get('userData'),
  };
}

function emit(event, ...args) {
  for (const listener of listeners.get(event) ?? []) listener(...args);
}

export const app = {
  isPackaged: true,
  getPath: (name) => paths.get(name) ?? appData,
  setPath: (name, value) => void paths.set(name, value),
  enableSandbox() {},
  requestSingleInstanceLock: () => true,
  whenReady: () => Promise.resolve(),
  on(event, listener) {
    listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    return app;
  },
  quit() {
    report({ quit: true, ...app.driven });
    process.exit(0);
  },
  exit(code) {
    report({ exitCode: code });
    process.exit(code);
  },
  driven: null,
};

export class BrowserWindow {
  static getAllWindows = () => [];
  static getFocusedWindow = () => null;
  webContents = { on() {}, setWindowOpenHandler() {}, send() {} };
  constructor(options) {
    this.options = options;
  }
  loadURL(url) {
    seen.windows.push(url);
    driveTheApp().then(
      (driven) => {
        app.driven = driven;
        const event = { preventDefault() {} };
        emit('will-quit', event);
      },
      (error) => {
        report({ driveFailed: String(error?.stack ?? error) });
        process.exit(3);
      },
    );
    return Promise.resolve();
  }
  on() {
    return this;
  }
  once() {
    return this;
  }
  isDestroyed() {
    return false;
  }
  show() {}
}

export const dialog = {
  showErrorBox: (title, body) => void seen.errorBoxes.push({ title, body }),
  showSaveDialog: async () => ({ canceled: true }),
};
export const ipcMain = { handle: (channel, handler) => void ipcHandlers.set(channel, handler) };
export const protocol = {
  registerSchemesAsPrivileged() {},
  handle: (scheme, handler) => void protocolHandlers.set(scheme, handler),
};
const defaultSession = {
  setPermissionRequestHandler() {},
  setPermissionCheckHandler() {},
  webRequest: { onHeadersReceived() {}, onBeforeRequest() {} },
  on() {},
};
export const session = { defaultSession };
export const shell = { openExternal: async () => {} };
// The operator's theme: main sets themeSource when the page reports the choice.
export const nativeTheme = { themeSource: 'system', shouldUseDarkColors: false };
export default { app, BrowserWindow, dialog, ipcMain, nativeTheme, protocol, session, shell };
