// Live search over the offline customer cache of the active environment. Answers are kept by the text
// they answer: what is shown says which text it is for, and Enter asks for the answer to the text in the
// box (running or awaiting that search) instead of using whatever the last settled search returned.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CustomerSearchResult } from '../../../src-shared/ipc/channels/customers';
import { bridge } from '../../lib/bridge';
import { BridgeError, useBridgeQuery, type Page } from '../../lib/useBridgeQuery';
import { useEnvironmentKey } from '../environment/useEnvironmentKey';
import { useDebouncedValue } from '../fields/useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 0; // None: the cache answers at once; a wait only delays every answer.
/** How long an answer is reused for the same text (Enter right after the live search answered). */
const ANSWER_FRESH_MS = 5_000;

const searchKey = (env: string | null, text: string, limit: number) => ['customers', 'search', env, text, limit];

/** A search answer with the text it answers. */
export type AnsweredSearch = CustomerSearchResult & { query: string };

async function runSearch(text: string, limit: number, opts?: { requestId: string }) {
  const r = await bridge().customers.search({ query: text, limit }, opts);
  return r.ok ? { ...r, data: { ...r.data, query: text } } : r;
}

export function useCustomerSearch(query: string, limit: number, options: { enabled?: boolean } = {}) {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const env = useEnvironmentKey();
  const queryClient = useQueryClient();
  const result = useBridgeQuery(searchKey(env, settled, limit), (opts) => runSearch(settled, limit, opts), {
    keepPrevious: true,
    enabled: env !== null && (options.enabled ?? true),
  });

  /** The answer already held for exactly this text, if any. */
  const resultsFor = useCallback(
    (text: string): AnsweredSearch | undefined =>
      queryClient.getQueryData<Page<AnsweredSearch>>(searchKey(env, text.trim(), limit))?.data,
    [queryClient, env, limit],
  );

  /** The answer for exactly this text: the one held, the one in flight, or a new search. */
  const answer = useCallback(
    async (text: string): Promise<AnsweredSearch> => {
      const trimmed = text.trim();
      const page = await queryClient.fetchQuery<Page<AnsweredSearch>, BridgeError>({
        queryKey: searchKey(env, trimmed, limit),
        queryFn: async () => {
          const r = await runSearch(trimmed, limit);
          if (!r.ok) throw new BridgeError(r.error);
          return { data: r.data };
        },
        staleTime: ANSWER_FRESH_MS,
      });
      return page.data;
    },
    [queryClient, env, limit],
  );

  return {
    ...result,
    settledQuery: settled,
    /** The text the shown results answer (they may lag behind the box while typing). */
    answeredQuery: result.data?.data.query ?? null,
    pending: settled !== query.trim(),
    resultsFor,
    answer,
  };
}

export function useCacheStatus() {
  const env = useEnvironmentKey();
  return useBridgeQuery(['customers', 'cacheStatus', env], (opts) => bridge().customers.cacheStatus(undefined, opts), {
    enabled: env !== null,
  });
}
