// A stand-in for the `electron` module under which the packaged main process runs in plain Node. Once
// start-up has opened the window it drives the app as the renderer would (the page from card-desk://,
// a customer sync and search over IPC through the local sandbox and the cache worker), loads keytar the
// way main does, then quits; it prints one JSON line with what it saw. The data folder is
// CARD_DESK_FAKE_APPDATA; the run ends with exit code 0 only when quitting closed everything. It also
// records the application menu and the window's options, and CARD_DESK_FAKE_LOAD_FAILURE makes loading
// the window's page fail as Electron's loadURL does. CARD_DESK_FAKE_HUNG_CACHE_WORKER makes the cache
// worker stop answering before quitting: its "close" never reaches it, as when its thread is stuck, so
// closing the app hangs and only the quit's time limit ends it.
import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { EventEmitter } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

const appData = process.env.CARD_DESK_FAKE_APPDATA;
const paths = new Map([['appData', appData]]);
const listeners = new Map();
const protocolHandlers = new Map();
const ipcHandlers = new Map();
const seen = { errorBoxes: [], windows: [], windowOptions: [], menu: null, spellCheckerEnabled: true };
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
  const copy = await invoke('app.copyText', { text: 'crd_copied_1234' });
  const mainUrl = new URL(process.argv[1], 'file://').href;
  const keytar = createRequire(mainUrl)('keytar');
  return {
    page: { status: page.status, csp: page.headers.get('content-security-policy') !== null },
    sync,
    status,
    keytarLoaded: typeof keytar.getPassword === 'function',
    copy,
    clipboard: seen.clipboard ?? null,
    userData: paths.get('userData'),
  };
}

/** From now on no worker thread receives "close": the cache worker never answers it. */
function hangCacheWorkers() {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, transfer) {
    if (message?.op === 'close') return;
    return post.call(this, message, transfer);
  };
}

function emit(event, ...args) {
  for (const listener of listeners.get(event) ?? []) listener(...args);
}

export const app = {
  isPackaged: true,
  getPath: (name) => paths.get(name) ?? appData,
  // As Electron's: a folder that does not exist is refused with an Error.
  setPath: (name, value) => {
    if (!existsSync(value) || !statSync(value).isDirectory()) throw new Error(`Failed to set path: ${value}`);
    paths.set(name, value);
  },
  name: 'Card Desk',
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
    // How long closing ran before the app gave up on it (null when it exited before quitting).
    const closingMs = app.willQuitAt === null ? null : Date.now() - app.willQuitAt;
    report({ exitCode: code, closingMs, ...app.driven });
    process.exit(code);
  },
  driven: null,
  willQuitAt: null,
};

export class BrowserWindow {
  static getAllWindows = () => [];
  static getFocusedWindow = () => null;
  webContents = { on() {}, setWindowOpenHandler() {}, send() {} };
  constructor(options) {
    this.options = options;
    seen.windowOptions.push(options);
  }
  loadURL(url) {
    seen.windows.push(url);
    if (process.env.CARD_DESK_FAKE_LOAD_FAILURE) {
      return Promise.reject(new Error(`${process.env.CARD_DESK_FAKE_LOAD_FAILURE} loading '${url}'`));
    }
    driveTheApp().then(
      (driven) => {
        app.driven = driven;
        if (process.env.CARD_DESK_FAKE_HUNG_CACHE_WORKER) hangCacheWorkers();
        const event = { preventDefault() {} };
        app.willQuitAt = Date.now();
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
  isMinimized() {
    return false;
  }
  show() {}
}

export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => void (seen.menu = menu?.template ?? null),
};
export const clipboard = { writeText: (text) => void (seen.clipboard = text) };

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
  setSpellCheckerEnabled: (enabled) => void (seen.spellCheckerEnabled = enabled),
  webRequest: { onHeadersReceived() {}, onBeforeRequest() {} },
  on() {},
};
export const session = { defaultSession };
export const shell = { openExternal: async () => {} };
// Chromium's network (src-main/shell/updates.ts fetches a release signature with it): Node's fetch here.
export const net = { fetch: (url, init) => fetch(url, init) };
// The app lock's signals (src-main/shell/lock-signals.ts): no input for 0 s, the screen never locks.
export const powerMonitor = Object.assign(new EventEmitter(), {
  getSystemIdleTime: () => 0,
  getSystemIdleState: () => 'active',
});
// Electron's utilityProcess (src-main/shell/keychain-host-process.ts starts the keychain host with it): here
// a Node child process, which the host answers through process.send as it does outside Electron.
export const utilityProcess = {
  fork(modulePath, args = []) {
    const child = fork(modulePath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const proc = new EventEmitter();
    child.on('message', (m) => proc.emit('message', m));
    child.on('exit', (code) => proc.emit('exit', code ?? 0));
    return Object.assign(proc, { postMessage: (m) => child.send(m), kill: () => child.kill() });
  },
};
// The operator's theme: main sets themeSource when the page reports the choice.
export const nativeTheme = { themeSource: 'system', shouldUseDarkColors: false };
export default {
  app,
  BrowserWindow,
  Menu,
  clipboard,
  dialog,
  ipcMain,
  nativeTheme,
  net,
  powerMonitor,
  protocol,
  session,
  shell,
};
