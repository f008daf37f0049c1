// IPC handlers of the customer cache. They never throw: every failure comes back as a Result.
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import { CacheUnavailableError } from './store/cache-errors';
import { errorMessage } from '../errors/error-message';
import { failureFrom } from '../ipc/failure';
import type { CustomerCacheService } from './service';

export type CustomerCacheChannel =
  | 'customers.search'
  | 'customers.browse'
  | 'customers.get'
  | 'customers.sync'
  | 'customers.cancelSync'
  | 'customers.cacheStatus'
  | 'customers.setSyncSchedule'
  | 'customers.setFullSweepHours';

async function guarded<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof CacheUnavailableError) return failureFrom(e, e.message);
    return failureFrom(e, `The customer cache could not do that: ${errorMessage(e)}`);
  }
}

/** `getCache` gives the active environment's cache (opening it on first use). */
export function customerCacheHandlers(
  getCache: () => Promise<CustomerCacheService>,
): HandlersFor<CustomerCacheChannel> {
  return {
    'customers.search': (input) =>
      guarded(async () => ok(await (await getCache()).searchListed(input.query, input.limit))),
    'customers.browse': (input) => guarded(async () => ok(await (await getCache()).browse(input))),
    'customers.get': (input) =>
      guarded(async () => {
        const customer = await (await getCache()).get(input.id);
        return customer
          ? ok(customer)
          : err('not_found', `No customer with id ${input.id} is in the cache. Sync to fetch the latest customers.`, {
              field: 'id',
            });
      }),
    'customers.sync': (input) => guarded(async () => (await getCache()).sync({ full: input?.full ?? false })),
    'customers.cancelSync': () => guarded(async () => ok({ cancelled: (await getCache()).cancelSync() })),
    'customers.cacheStatus': () => guarded(async () => ok(await (await getCache()).status())),
    'customers.setSyncSchedule': (input) =>
      guarded(async () => ok(await (await getCache()).setSchedule(input.minutes))),
    'customers.setFullSweepHours': (input) =>
      guarded(async () => ok(await (await getCache()).setFullSweepHours(input.hours))),
  };
}
