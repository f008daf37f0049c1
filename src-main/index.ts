// Electron's composition root: hardens the session, serves the renderer from card-desk://app, wires the
// IPC transport to the dispatcher, and opens the window. Everything else is plain TypeScript in core/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, nativeTheme, session, shell } from 'electron';
import { builtWorkerLocation } from './cache/worker-location';
import { createAppCore, type AppCore } from './core/app-core';
import { createDispatcher } from './ipc/register';
import { originOf } from './ipc/sender';
import { createLogger, type AppLogger } from './logging/logger';
import { loadPolicy, policyFileLocation } from './policy/policy-file';
import { APP_ORIGIN } from './security/policy';
import { useDataFolder } from './shell/data-folder';
import { nativeSaveFilePort } from './shell/dialogs';
import { broadcast, registerIpcTransport } from './shell/ipc-transport';
import { registerAppScheme, serveRenderer } from './shell/protocol';
import { utilityKeychainHost } from './shell/keychain-host-process';
import { powerMonitorLockSignals } from './shell/lock-signals';
import { hardenSession } from './shell/session';
import { logUnhandledErrors, startOrQuit } from './shell/startup';
import { createMainWindow, lockDownWebContents } from './shell/window';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '../renderer');
const preloadPath = path.join(here, '../preload/index.cjs');
// electron-vite dev serves the renderer from a local dev server; a packaged app never does.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

const dataDir = useDataFolder();
let logger: AppLogger | null = null;
logUnhandledErrors(() => logger);
registerAppScheme();
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: AppCore | null = null;
  let mainWindow: BrowserWindow | null = null;

  // Every web contents, not only the main window's, refuses navigation, new windows and webviews.
  app.on('web-contents-created', (_event, contents) => lockDownWebContents(contents));
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });

  void startOrQuit({
    dataDir,
    logger: () => logger,
    start: async (stages) => {
      await app.whenReady();
      stages.begin('Opening the log in the data folder');
      logger = createLogger({ file: path.join(dataDir, 'logs', 'main.log') });
      stages.begin("Reading the organisation's policy file");
      const location = policyFileLocation({ packaged: app.isPackaged, platform: process.platform, env: process.env });
      const policy = loadPolicy(location);
      if (policy.file) logger.info({ file: policy.file }, 'organisation policy applied');
      stages.begin('Preparing the window');
      hardenSession(session.defaultSession);
      serveRenderer(rendererDir);
      stages.begin('Opening settings, the journal and the caches');
      core = await createAppCore({
        dataDir,
        logger,
        saveFile: nativeSaveFilePort(),
        openExternal: (url) => shell.openExternal(url),
        // The operator's theme: menus and frames follow it, and so does the page's prefers-color-scheme.
        setThemeSource: (source) => {
          nativeTheme.themeSource = source;
        },
        emit: broadcast,
        cacheWorkerUrl: builtWorkerLocation(here).url,
        // The proxy for each request as Chromium sees it: system settings, PAC, WPAD.
        resolveProxy: (url) => session.defaultSession.resolveProxy(url),
        policy,
        keychainHost: utilityKeychainHost(here),
        lockSignals: powerMonitorLockSignals(),
      });
      const allowedOrigins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])];
      registerIpcTransport(
        createDispatcher({ handlers: core.handlers, allowedOrigins, cancels: core.cancels, logger: core.logger }),
      );
      stages.begin('Opening the window');
      mainWindow = createMainWindow({ preloadPath, url: devServerUrl ?? `${APP_ORIGIN}/index.html` });
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
    },
  });

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!core) return;
    const closing = core;
    core = null;
    event.preventDefault();
    void closing.dispose().finally(() => app.quit());
  });
}
