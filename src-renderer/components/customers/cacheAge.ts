import { formatDistanceToNowStrict } from 'date-fns';

/** "less than a minute ago", "5 minutes ago". */
export function agoText(ageMs: number): string {
  if (ageMs < 60_000) return 'less than a minute ago';
  return formatDistanceToNowStrict(new Date(Date.now() - ageMs), { addSuffix: true });
}

/** "synced 5 minutes ago", from the time the last complete sync finished. */
export function syncedAgo(lastSyncedAt: string | null | undefined): string {
  const at = lastSyncedAt ? Date.parse(lastSyncedAt) : NaN;
  return Number.isNaN(at) ? 'never synced' : `synced ${agoText(Math.max(0, Date.now() - at))}`;
}

/** "cache updated 3 minutes ago", from the age the search reports. */
export function cacheAgeText(cacheAgeMs: number | null | undefined): string {
  if (cacheAgeMs === null || cacheAgeMs === undefined) return 'the cache has never been synced';
  return `cache updated ${agoText(cacheAgeMs)}`;
}
