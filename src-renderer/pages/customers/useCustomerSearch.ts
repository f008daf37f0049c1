// Live search over the offline customer cache of the active environment.
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useAppStore } from '../../stores/appStore';
import { useDebouncedValue } from './useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 100;

export function useActiveEnvironmentId(): string | null {
  return useAppStore((s) => s.status?.environment.id ?? null);
}

export function useCustomerSearch(query: string, limit: number, options: { enabled?: boolean } = {}) {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const environmentId = useActiveEnvironmentId();
  const result = useBridgeQuery(
    ['customers', 'search', environmentId, settled, limit],
    (opts) => bridge().customers.search({ query: settled, limit }, opts),
    { keepPrevious: true, enabled: options.enabled ?? true },
  );
  return { ...result, settledQuery: settled, pending: settled !== query.trim() };
}

export function useCacheStatus() {
  const environmentId = useActiveEnvironmentId();
  return useBridgeQuery(['customers', 'cacheStatus', environmentId], (opts) => bridge().customers.cacheStatus(undefined, opts));
}
