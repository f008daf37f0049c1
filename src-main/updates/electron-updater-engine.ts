// electron-updater (electron-builder's own updater) as the update engine: a generic feed (latest*.yml
// beside the installers), no download or install of its own accord, never to an older version. What it
// downloads (and checks against the feed's SHA-512) is then checked against the release signature beside
// it on the feed (`<file>.sig`, release-signature.ts) with the keys built into the app; a file without a
// valid signature is deleted and the check fails with UpdateSignatureError. Installing hands the checked
// file to `installer` where one is given (the .deb's root step, deb-root-step.ts, which checks the
// signature again where the user can no longer change the file), else to electron-updater's own
// installer (NSIS, which also checks Authenticode against the build's publisherName; Squirrel.Mac, which
// checks the code signature; the AppImage, replaced as the user). The updater object is given: the shell
// passes electron-updater's `autoUpdater` (Electron's app and network), the tests an updater of the same
// classes with an app adapter and Node's HTTP.
import { rmSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { KeyObject } from 'node:crypto';
import type { AppUpdater } from 'electron-updater';
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import { keyFingerprint, releaseProblem, UpdateSignatureError } from './release-signature';
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
  /** The generic feed's address in force (the policy's, else the one built into app-update.yml). */
  feedUrl: string;
  /** The public keys built into the app (build/update-keys): a release must be signed by one. */
  keys: readonly KeyObject[];
  /** Reads a small text file from the feed (a signature); null when the feed has none (404). */
  fetchText: (url: string) => Promise<string | null>;
  /** Installs the checked file (the .deb's root step); absent: electron-updater's own installer. */
  installer?: (file: string, signatureFile: string) => Promise<void>;
  /** After `installer` has installed: starts the app again (the shell's app.relaunch and quit). */
  restartApp?: () => void;
  logger?: Logger;
}

interface Checked {
  file: string;
  signatureFile: string;
  version: string;
}

export function electronUpdaterEngine(updater: AppUpdater, options: ElectronUpdaterOptions): UpdateEngine {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.allowPrerelease = false;
  updater.logger = options.logger ? updaterLogger(options.logger) : null;
  updater.setFeedURL({ provider: 'generic', url: options.feedUrl });
  const folder = options.feedUrl.endsWith('/') ? options.feedUrl : `${options.feedUrl}/`;
  const expectedKeys = options.keys.map(keyFingerprint);
  let offered: string | null = null;
  let checked: Checked | null = null;

  /** Null when `file` is still the file the signature in `signatureText` covers, for `version`. */
  const problemOf = (file: string, version: string, signatureText: string | null) =>
    releaseProblem({ path: file, name: basename(file), version, signatureText, keys: options.keys });

  return {
    async check() {
      const result = await updater.checkForUpdates();
      offered = result?.isUpdateAvailable ? result.updateInfo.version : null;
      return offered;
    },
    async download() {
      const version = offered;
      if (version === null) throw new Error('No update was offered to download.');
      checked = null;
      const [file] = await updater.downloadUpdate();
      if (!file) throw new Error('The updater downloaded no file.');
      const name = basename(file);
      const signatureText = await options.fetchText(new URL(`${encodeURIComponent(name)}.sig`, folder).href);
      const problem = await problemOf(file, version, signatureText);
      if (problem) {
        // Discarded: electron-updater keeps nothing of it to install, now or at a later start.
        rmSync(dirname(file), { recursive: true, force: true });
        const error = new UpdateSignatureError(name, version, problem, expectedKeys);
        options.logger?.error(
          { file: name, version, problem: problem.kind, detail: problem.detail, expectedKeys },
          'update discarded: not signed by a key built into Card Desk',
        );
        throw error;
      }
      const signatureFile = `${file}.sig`;
      writeFileSync(signatureFile, signatureText!);
      checked = { file, signatureFile, version };
      options.logger?.info({ file: name, version }, 'update signature checked');
    },
    async install() {
      if (!checked) throw new Error('No checked update to install.');
      const { file, signatureFile, version } = checked;
      // Checked again here; where it is installed as root, the root step checks it once more itself.
      const problem = await problemOf(file, version, readFileSync(signatureFile, 'utf8'));
      if (problem) {
        checked = null;
        rmSync(dirname(file), { recursive: true, force: true });
        options.logger?.error(
          { file: basename(file), version, detail: problem.detail },
          'update changed after its check',
        );
        throw new UpdateSignatureError(basename(file), version, problem, expectedKeys);
      }
      if (options.installer) {
        await options.installer(file, signatureFile);
        options.restartApp?.();
      } else updater.quitAndInstall(false, true);
    },
  };
}
