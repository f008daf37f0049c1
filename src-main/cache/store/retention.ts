// Caches not opened for a while are deleted at start: a laptop keeps no customer list of an environment
// nobody has used for `cacheRetentionDays` (policy; default 30). When a cache was last opened is its
// file's modification time, which the cache service sets each time it opens the cache (markOpened);
// writes move it too. Deleted: the file, its WAL files and any damaged copies set aside beside it.
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { errorMessage } from '../../errors/error-message';
import type { Logger } from '../../ports/ports';

export const DEFAULT_CACHE_RETENTION_DAYS = 30;
const CACHE_FILE = 'customers.sqlite';
const DAY_MS = 86_400_000;

/** Records that the cache in `file` was opened now. */
export function markOpened(file: string, now: Date = new Date()): void {
  try {
    utimesSync(file, now, now);
  } catch {
    // A cache that cannot be marked is at worst deleted early and synced again.
  }
}

/** Every customers.sqlite under `<dataDir>/environments` (at most two folders down: id, address). */
function cacheFiles(dataDir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(folder, name);
      if (name === CACHE_FILE) found.push(path);
      else if (depth < 2 && statSync(path, { throwIfNoEntry: false })?.isDirectory()) visit(path, depth + 1);
    }
  };
  visit(join(dataDir, 'environments'), 0);
  return found;
}

/** Deletes the caches not opened for `days` days; answers the files deleted. */
export function deleteStaleCaches(options: { dataDir: string; days: number; now?: Date; logger?: Logger }): string[] {
  const { dataDir, days, logger } = options;
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError('cacheRetentionDays must be a whole number of 1 or more');
  const cutoff = (options.now ?? new Date()).getTime() - days * DAY_MS;
  const deleted: string[] = [];
  for (const file of cacheFiles(dataDir)) {
    const opened = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (opened === undefined || opened >= cutoff) continue;
    try {
      const prefix = `${CACHE_FILE}.corrupt-`;
      const copies = readdirSync(dirname(file)).filter((n) => n.startsWith(prefix));
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
      for (const copy of copies) rmSync(join(dirname(file), copy), { force: true });
      if (!existsSync(file)) deleted.push(file);
      logger?.info(
        { folder: basename(dirname(file)), days },
        'customer cache not opened for the retention period deleted',
      );
    } catch (e) {
      logger?.warn({ error: errorMessage(e) }, 'could not delete a customer cache past its retention period');
    }
  }
  return deleted;
}
