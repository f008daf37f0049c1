// The updater in the app: electron-updater's `autoUpdater` (the .deb's DebUpdater, NSIS on Windows,
// Squirrel.Mac on macOS, using Electron's app and network) behind the update service. The feed is the
// one electron-builder wrote into resources/app-update.yml from electron-builder.yml's `publish`, unless
// the options (IT policy) name another or switch updates off; it must be https: (update-policy.ts). What
// it downloads is installed only with a release signature by one of the public keys built into main
// (build/update-keys, via the `card-desk:build/update-keys` module), fetched beside the file on the feed
// with Chromium's network (the system's proxy and certificates). The .deb is installed by the installed
// package's root step (deb-root-step.ts) through pkexec, never by electron-updater's dpkg/apt commands.
// A build without app-update.yml (run from a checkout, an unpacked folder) has no feed, so updates are off
// and electron-updater is never loaded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { UPDATE_PUBLIC_KEYS } from 'card-desk:build/update-keys';
import { app, net } from 'electron';
import electronUpdater from 'electron-updater';
import type { Logger } from '../ports/ports';
import { rootStepIn, runRootStep } from '../updates/deb-root-step';
import { electronUpdaterEngine, type ElectronUpdaterOptions } from '../updates/electron-updater-engine';
import { updateKeyFromPem } from '../updates/release-signature';
import type { UpdateEngine } from '../updates/update-engine';
import { updateFeed, type UpdatePolicy } from '../updates/update-policy';
import { createUpdateService, type UpdateService, type UpdateStatus } from '../updates/update-service';
import type { UnsettledWrites } from '../updates/unsettled-writes';

/** The feed address in app-update.yml beside app.asar, or null when the build has none. */
export function builtInFeedUrl(resourcesPath: string | undefined): string | null {
  if (!resourcesPath) return null;
  const file = path.join(resourcesPath, 'app-update.yml');
  if (!existsSync(file)) return null;
  const url = /^url:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(readFileSync(file, 'utf8'))?.[1];
  return url ?? null;
}

/** Whether this is the installed .deb (electron-builder writes `deb` into resources/package-type). */
function installedDeb(resourcesPath: string): boolean {
  try {
    return readFileSync(path.join(resourcesPath, 'package-type'), 'utf8').trim() === 'deb';
  } catch {
    return false;
  }
}

/** A signature beside the file on the feed: its text, null when the feed has none. */
async function fetchFeedText(url: string): Promise<string | null> {
  const response = await net.fetch(url, { cache: 'no-store' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the update feed answered ${response.status} for ${url}`);
  const text = await response.text();
  if (text.length > 4096) throw new Error(`${url} is not a release signature (too long)`);
  return text;
}

const NO_ENGINE: UpdateEngine = {
  check: () => Promise.resolve(null),
  download: () => Promise.resolve(),
  install: () => Promise.resolve(),
};

export interface ShellUpdatesOptions {
  policy: UpdatePolicy;
  unsettledWrites: () => UnsettledWrites;
  onChange: (status: UpdateStatus) => void;
  logger: Logger;
}

export function startUpdates({ policy, unsettledWrites, onChange, logger }: ShellUpdatesOptions): UpdateService {
  const resources = process.resourcesPath;
  const feed = updateFeed(builtInFeedUrl(resources), policy, { packaged: app.isPackaged });
  let engine = NO_ENGINE;
  if (feed.enabled && feed.feedUrl) {
    const options: ElectronUpdaterOptions = {
      feedUrl: feed.feedUrl,
      keys: UPDATE_PUBLIC_KEYS.map(updateKeyFromPem),
      fetchText: fetchFeedText,
      logger,
    };
    if (installedDeb(resources)) {
      const step = { helper: rootStepIn(resources), asRoot: process.getuid?.() === 0 };
      options.installer = (file, signatureFile) => runRootStep(step, file, signatureFile);
      options.restartApp = () => {
        app.relaunch();
        app.quit();
      };
    }
    engine = electronUpdaterEngine(electronUpdater.autoUpdater, options);
  }
  const service = createUpdateService({ engine, feed, unsettledWrites, onChange, logger });
  service.start();
  return service;
}
