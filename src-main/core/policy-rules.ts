// The organisation's policy applied to what the operator could otherwise change: the customer sync's
// schedule and full sweep (set on every cache as it opens, and refused at the IPC boundary), and what the
// pages are told to lock. Environments and the local sandbox are the environment manager's to enforce.
import { err, ok } from '../../src-shared/ipc/result';
import type { CustomerCacheService } from '../cache/service';
import type { HandlersFor } from '../ipc/handler';
import type { Policy } from '../policy/policy';

export const SET_BY_POLICY =
  "This is set by your organisation's policy and cannot be changed here. Ask your IT team if it should be different.";

/** Sets the cache's schedule and full sweep to the policy's, where the policy sets them. */
export async function applyPolicyToCache(cache: CustomerCacheService, policy: Policy): Promise<CustomerCacheService> {
  const { syncScheduleMinutes, fullSweepHours } = policy;
  if (syncScheduleMinutes === undefined && fullSweepHours === undefined) return cache;
  const status = await cache.status();
  if (syncScheduleMinutes !== undefined && status.scheduleMinutes !== syncScheduleMinutes)
    await cache.setSchedule(syncScheduleMinutes);
  if (fullSweepHours !== undefined && status.fullSweepHours !== fullSweepHours)
    await cache.setFullSweepHours(fullSweepHours);
  return cache;
}

type ScheduleChannel = 'customers.setSyncSchedule' | 'customers.setFullSweepHours';

/** The cache's own handlers, with the settings the policy sets refused (in main, not only in the page). */
export function withPolicyLocks<T extends HandlersFor<ScheduleChannel>>(handlers: T, policy: Policy): T {
  return {
    ...handlers,
    ...(policy.syncScheduleMinutes === undefined
      ? {}
      : { 'customers.setSyncSchedule': async () => err('forbidden', SET_BY_POLICY, { field: 'minutes' }) }),
    ...(policy.fullSweepHours === undefined
      ? {}
      : { 'customers.setFullSweepHours': async () => err('forbidden', SET_BY_POLICY, { field: 'hours' }) }),
  };
}

export function policyHandlers(policy: Policy): HandlersFor<'policy.get'> {
  return {
    'policy.get': async () =>
      ok({
        file: policy.file,
        allowUserEnvironments: policy.allowUserEnvironments,
        allowLocalSandbox: policy.allowLocalSandbox,
        syncScheduleMinutes: policy.syncScheduleMinutes ?? null,
        fullSweepHours: policy.fullSweepHours ?? null,
      }),
  };
}
