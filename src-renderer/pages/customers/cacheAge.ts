import { formatDistanceToNowStrict } from 'date-fns';

/** "synced 5 minutes ago", from the time the last complete sync finished. */
export function syncedAgo(lastSyncedAt: string | null | undefined): string {
  if (!lastSyncedAt) return 'never synced';
  const at = new Date(lastSyncedAt);
  if (Number.isNaN(at.getTime())) return 'never synced';
  return `synced ${formatDistanceToNowStrict(at, { addSuffix: true })}`;
}

/** "cache from 3 minutes ago" from the age the search reports. */
export function cacheAgeText(cacheAgeMs: number | null | undefined): string {
  if (cacheAgeMs === null || cacheAgeMs === undefined) return 'the cache has never been synced';
  if (cacheAgeMs < 60_000) return 'cache updated less than a minute ago';
  return `cache updated ${formatDistanceToNowStrict(new Date(Date.now() - cacheAgeMs), { addSuffix: true })}`;
}
