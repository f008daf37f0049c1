// The data folder at start: made (private to the user), its files made private, and the customer caches
// not opened for the retention period deleted (their keys go next, with the keychain: retired-keys.ts).
import { mkdirSync } from 'node:fs';
import { deleteStaleCaches } from '../cache/store/retention';
import type { Logger } from '../ports/ports';
import { PRIVATE_FOLDER_MODE, makeFolderPrivate } from '../storage/private-files';

/** Prepares the folder; answers the cache files retention deleted. */
export function prepareDataFolder(dataDir: string, retentionDays: number, logger: Logger): string[] {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const unchanged = makeFolderPrivate(dataDir);
  if (unchanged > 0) logger.warn({ unchanged }, 'some data files could not be made private');
  return deleteStaleCaches({ dataDir, days: retentionDays, logger });
}
