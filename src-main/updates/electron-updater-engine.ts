// electron-updater (electron-builder's own updater) as the update engine: a generic feed (latest*.yml
// beside the installers), no download or install of its own accord, never to an older version. The
// updater object is given: the shell passes electron-updater's `autoUpdater` (Electron's app and network),
// the tests an updater of the same classes with an app adapter and Node's HTTP.
import type { AppUpdater } from 'electron-updater';
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import type { UpdateEngine } from './update-engine';

/** electron-updater's logger interface, writing to the app's log. */
function updaterLogger(logger: Logger) {
  const text = (message: unknown) => errorMessage(message);
  return {
    debug: (message: unknown) => logger.debug({}, `updater: ${text(message)}`),
    info: (message: unknown) => logger.info({}, `updater: ${text(message)}`),
    warn: (message: unknown) => logger.warn({}, `updater: ${text(message)}`),
    error: (message: unknown) => logger.error({}, `updater: ${text(message)}`),
  };
}

export interface ElectronUpdaterOptions {
  /** The generic feed's address; the one built into app-update.yml when absent. */
  feedUrl?: string | null;
  logger?: Logger;
}

export function electronUpdaterEngine(updater: AppUpdater, options: ElectronUpdaterOptions = {}): UpdateEngine {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.allowPrerelease = false;
  updater.logger = options.logger ? updaterLogger(options.logger) : null;
  if (options.feedUrl) updater.setFeedURL({ provider: 'generic', url: options.feedUrl });
  return {
    async check() {
      const result = await updater.checkForUpdates();
      return result?.isUpdateAvailable ? result.updateInfo.version : null;
    },
    async download() {
      await updater.downloadUpdate();
    },
    install() {
      updater.quitAndInstall(false, true);
    },
  };
}
