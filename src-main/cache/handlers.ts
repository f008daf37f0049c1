// Every customers.* channel: search, browse and open customers from the active environment's cache, run
// and schedule its sync, and page the service's own customer list. The settings the organisation's policy
// fixes (the sync's schedule and full sweep) are refused here, in main, not only in the page. A throw
// becomes a Result at the IPC boundary (src-main/ipc/register.ts); the cache's own errors carry their words.
import { err, ok } from '../../src-shared/ipc/result';
import { channelResult } from '../api/read-result';
import type { CardApiClient } from '../api/types';
import type { HandlersFor } from '../ipc/handler';
import type { Policy } from '../policy/policy';
import type { CustomerCacheService } from './service';

export type CustomerChannel =
  | 'customers.list'
  | 'customers.search'
  | 'customers.browse'
  | 'customers.get'
  | 'customers.sync'
  | 'customers.cancelSync'
  | 'customers.cacheStatus'
  | 'customers.setSyncSchedule'
  | 'customers.setFullSweepHours';

export const SET_BY_POLICY =
  "This is set by your organisation's policy and cannot be changed here. Ask your IT team if it should be different.";

export interface CustomerHandlerDeps {
  /** The active environment's cache (opened on first use). */
  getCache: () => Promise<CustomerCacheService>;
  /** The active environment (its client pages the service's customer list). */
  getActive: () => Promise<{ api: CardApiClient }>;
  /** What the organisation's policy fixes; none by default. */
  policy?: Pick<Policy, 'syncScheduleMinutes' | 'fullSweepHours'>;
}

export function customerHandlers({ getCache, getActive, policy }: CustomerHandlerDeps): HandlersFor<CustomerChannel> {
  return {
    'customers.list': async (query, { signal }) =>
      channelResult(await (await getActive()).api.listCustomers(query, { signal })),
    'customers.search': async (input) => ok(await (await getCache()).searchListed(input.query, input.limit)),
    'customers.browse': async (input) => ok(await (await getCache()).browse(input)),
    'customers.get': async (input) => {
      const customer = await (await getCache()).get(input.id);
      return customer
        ? ok(customer)
        : err('not_found', `No customer with id ${input.id} is in the cache. Sync to fetch the latest customers.`, {
            field: 'id',
          });
    },
    'customers.sync': async (input) => (await getCache()).sync({ full: input?.full ?? false }),
    'customers.cancelSync': async () => ok({ cancelled: (await getCache()).cancelSync() }),
    'customers.cacheStatus': async () => ok(await (await getCache()).status()),
    'customers.setSyncSchedule': async (input) =>
      policy?.syncScheduleMinutes === undefined
        ? ok(await (await getCache()).setSchedule(input.minutes))
        : err('forbidden', SET_BY_POLICY, { field: 'minutes' }),
    'customers.setFullSweepHours': async (input) =>
      policy?.fullSweepHours === undefined
        ? ok(await (await getCache()).setFullSweepHours(input.hours))
        : err('forbidden', SET_BY_POLICY, { field: 'hours' }),
  };
}
