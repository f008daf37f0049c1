// The data folder at start: made (private to the user), its files made private, and the customer caches
// not opened for the retention period deleted.
import { mkdirSync } from 'node:fs';
import { DEFAULT_CACHE_RETENTION_DAYS, deleteStaleCaches } from '../cache/store/retention';
import type { Logger } from '../ports/ports';
import { PRIVATE_FOLDER_MODE, makeFolderPrivate } from '../storage/private-files';

export function prepareDataFolder(dataDir: string, retentionDays: number | undefined, logger: Logger): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const unchanged = makeFolderPrivate(dataDir);
  if (unchanged > 0) logger.warn({ unchanged }, 'some data files could not be made private');
  deleteStaleCaches({ dataDir, days: retentionDays ?? DEFAULT_CACHE_RETENTION_DAYS, logger });
}
