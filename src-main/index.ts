// Electron's composition root: hardens the session, serves the renderer from card-desk://app, wires the
// IPC transport to the dispatcher, and opens the window. Everything else is plain TypeScript in core/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, clipboard, nativeTheme, session, shell } from 'electron';
import { ANSWER_WORKER_SHA256, CACHE_WORKER_SHA256 } from 'card-desk:build/cache-worker-sha256';
import { builtAnswerWorkerLocation } from './api/answer-reader';
import { builtWorkerLocation } from './cache/threads/worker-location';
import { createAppCore, type AppCore } from './core/app-core';
import { createDispatcher } from './ipc/register';
import { originOf } from './ipc/sender';
import { createLogger, type AppLogger } from './logging/logger';
import { loadPolicy, policyFileLocation } from './policy/policy-file';
import { debuggingProblem } from './security/debug-switches';
import { APP_ORIGIN } from './security/renderer-baseline';
import { useDataFolder } from './shell/data-folder-location';
import { nativeSaveFilePort } from './shell/dialogs';
import { broadcast, registerIpcTransport } from './shell/ipc-transport';
import { installApplicationMenu } from './shell/menu';
import { registerAppScheme, serveRenderer } from './shell/protocol';
import { utilityKeychainHost } from './shell/keychain-host-process';
import { powerMonitorLockSignals } from './shell/lock-signals';
import { disposeThenQuit } from './shell/quit';
import { hardenSession } from './shell/session';
import { shellOptions } from './shell/shell-options';
import { TEAM_SETUP_FLAG, teamSetupAndExit } from './shell/team-setup-flag';
import { startUpdates } from './shell/updates';
import { logUnhandledErrors, startOrQuit } from './shell/startup';
import { createMainWindow, lockDownWebContents } from './shell/window';
import { verifyWorkerFile } from './shell/worker-integrity';
import type { UpdateService } from './updates/update-service';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(here, '../renderer');
const preloadPath = path.join(here, '../preload/index.cjs');
// electron-vite dev serves the renderer from a local dev server; a packaged app never does.
const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;

// IT's one command from the installed app (docs/team.md): sets up the team database and exits.
if (process.argv.includes(TEAM_SETUP_FLAG)) await teamSetupAndExit(process.argv);

const { dataDir, problem: dataFolderProblem } = useDataFolder();
let logger: AppLogger | null = null;
logUnhandledErrors(() => logger);
registerAppScheme();
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: AppCore | null = null;
  let mainWindow: BrowserWindow | null = null;
  let updates: UpdateService | null = null;

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
      stages.begin('Creating the data folder');
      if (dataFolderProblem) throw dataFolderProblem;
      await app.whenReady();
      stages.begin('Opening the log in the data folder');
      logger = createLogger({ file: path.join(dataDir, 'logs', 'main.log') });
      stages.begin("Reading the organisation's policy file");
      const location = policyFileLocation({ packaged: app.isPackaged, platform: process.platform, env: process.env });
      const policy = loadPolicy(location);
      if (policy.file) logger.info({ file: policy.file }, 'organisation policy applied');
      const options = shellOptions({ allowDevTools: policy.allowDevTools, updates: policy.updates });
      const allowDevTools = !app.isPackaged || options.allowDevTools;
      // Before any window, key or customer is loaded: a debugger switch the policy does not allow ends it here.
      stages.begin('Checking how Card Desk was started');
      const debugging = debuggingProblem({
        packaged: app.isPackaged,
        allowDevTools: options.allowDevTools,
        argv: process.argv,
        platform: process.platform,
      });
      if (debugging) throw new Error(debugging);
      stages.begin('Preparing the window');
      installApplicationMenu({ appName: app.name, isMac: process.platform === 'darwin', allowDevTools });
      hardenSession(session.defaultSession);
      serveRenderer(rendererDir);
      stages.begin('Checking the cache worker');
      const cacheWorker = builtWorkerLocation(here);
      // Null only when main runs from its sources (tests), where there is no built worker to check.
      if (CACHE_WORKER_SHA256 !== null) await verifyWorkerFile(cacheWorker.url, CACHE_WORKER_SHA256);
      // The answer reader main starts for a large answer (api/answer-reader.ts finds the same file).
      stages.begin('Checking the answer reader');
      if (ANSWER_WORKER_SHA256 !== null)
        await verifyWorkerFile(builtAnswerWorkerLocation(here).url, ANSWER_WORKER_SHA256);
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
        cacheWorkerUrl: cacheWorker.url,
        // The proxy for each request as Chromium sees it: system settings, PAC, WPAD.
        resolveProxy: (url) => session.defaultSession.resolveProxy(url),
        policy,
        keychainHost: utilityKeychainHost(here),
        lockSignals: powerMonitorLockSignals(),
        updates: () => updates,
        // Copy goes through main: the renderer's clipboard permission stays refused.
        writeClipboard: (text) => clipboard.writeText(text),
      });
      const allowedOrigins = [APP_ORIGIN, ...(devServerUrl ? [originOf(devServerUrl)!] : [])];
      registerIpcTransport(
        createDispatcher({
          handlers: core.handlers,
          guards: core.guards,
          allowedOrigins,
          cancels: core.cancels,
          logger: core.logger,
        }),
      );
      stages.begin('Opening the window');
      mainWindow = createMainWindow({ preloadPath, devTools: allowDevTools });
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
      // The window shows itself once painted; a page that fails to load would leave it hidden for good,
      // so a failed load ends start-up with the error box instead.
      await mainWindow.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
      // In the background: a check now and every 6 hours, the download, then "Update ready" in the status bar.
      const started = core;
      updates = startUpdates({
        policy: options.updates,
        unsettledWrites: () => started.unsettledWrites(),
        onChange: (status) => broadcast('updates.status', status),
        logger: started.logger,
      });
    },
  });

  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!core) return;
    const closing = core;
    core = null;
    updates?.stop();
    event.preventDefault();
    void disposeThenQuit({
      dispose: () => closing.dispose(),
      quit: () => app.quit(),
      exit: (code) => app.exit(code),
      logger: closing.logger,
    });
  });
}
