// The updater in the app: electron-updater's `autoUpdater` (the .deb's DebUpdater, NSIS on Windows,
// Squirrel.Mac on macOS, using Electron's app and network) behind the update service. The feed is the
// one electron-builder wrote into resources/app-update.yml from electron-builder.yml's `publish`, unless
// the options (IT policy) name another or switch updates off. A build without app-update.yml (run from a
// checkout, an unpacked folder) has no feed, so updates are off and electron-updater is never loaded.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import electronUpdater from 'electron-updater';
import type { Logger } from '../ports/ports';
import { electronUpdaterEngine } from '../updates/electron-updater-engine';
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

const NO_ENGINE: UpdateEngine = {
  check: () => Promise.resolve(null),
  download: () => Promise.resolve(),
  install: () => {},
};

export interface ShellUpdatesOptions {
  policy: UpdatePolicy;
  unsettledWrites: () => UnsettledWrites;
  onChange: (status: UpdateStatus) => void;
  logger: Logger;
}

export function startUpdates({ policy, unsettledWrites, onChange, logger }: ShellUpdatesOptions): UpdateService {
  const feed = updateFeed(builtInFeedUrl(process.resourcesPath), policy);
  const engine = feed.enabled
    ? electronUpdaterEngine(electronUpdater.autoUpdater, { feedUrl: policy.feedUrl ?? null, logger })
    : NO_ENGINE;
  const service = createUpdateService({ engine, feed, unsettledWrites, onChange, logger });
  service.start();
  return service;
}
