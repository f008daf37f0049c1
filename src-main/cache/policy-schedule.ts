// The organisation's policy applied to a cache as it opens: the sync's schedule and full sweep become the
// policy's, where the policy sets them (cache/handlers.ts refuses changing them).
import type { Policy } from '../policy/policy';
import type { CustomerCacheService } from './service';

export async function applyPolicySchedule(
  cache: CustomerCacheService,
  policy: Pick<Policy, 'syncScheduleMinutes' | 'fullSweepHours'>,
): Promise<CustomerCacheService> {
  const { syncScheduleMinutes, fullSweepHours } = policy;
  if (syncScheduleMinutes === undefined && fullSweepHours === undefined) return cache;
  const status = await cache.status();
  if (syncScheduleMinutes !== undefined && status.scheduleMinutes !== syncScheduleMinutes)
    await cache.setSchedule(syncScheduleMinutes);
  if (fullSweepHours !== undefined && status.fullSweepHours !== fullSweepHours)
    await cache.setFullSweepHours(fullSweepHours);
  return cache;
}
