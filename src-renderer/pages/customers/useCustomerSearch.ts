// Live search over the offline customer cache of the active environment.
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useEnvironmentKey } from '../../components/useEnvironmentKey';
import { useDebouncedValue } from './useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 0; // None: the cache answers in about 1 ms; a wait only delays every answer.

export function useCustomerSearch(query: string, limit: number, options: { enabled?: boolean } = {}) {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const env = useEnvironmentKey();
  const result = useBridgeQuery(
    ['customers', 'search', env, settled, limit],
    (opts) => bridge().customers.search({ query: settled, limit }, opts),
    { keepPrevious: true, enabled: env !== null && (options.enabled ?? true) },
  );
  return { ...result, settledQuery: settled, pending: settled !== query.trim() };
}

export function useCacheStatus() {
  const env = useEnvironmentKey();
  return useBridgeQuery(['customers', 'cacheStatus', env], (opts) => bridge().customers.cacheStatus(undefined, opts), {
    enabled: env !== null,
  });
}
