// Cards Card Desk has seen that match the search box's text (last four digits, an id or its last 8),
// kept by the text they answer, like the customer search beside them.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Card } from '../../src-shared/api/records';
import { useEnvironmentKey } from '../components/environment/useEnvironmentKey';
import { bridge } from '../lib/bridge';
import { BridgeError, useBridgeQuery, type Page } from '../lib/useBridgeQuery';
import { SEARCH_DEBOUNCE_MS } from '../components/customers/useCustomerSearch';
import { useDebouncedValue } from '../components/fields/useDebouncedValue';

/** Shorter texts say too little about a card (the last four digits are the shortest useful). */
const MIN_LENGTH = 4;
const FRESH_MS = 5_000;

export function useKnownCardSearch(query: string, limit: number) {
  const settled = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const env = useEnvironmentKey();
  const queryClient = useQueryClient();
  const key = useCallback((text: string) => ['cards', 'known', env, 'search', text, limit], [env, limit]);
  useBridgeQuery(key(settled), (opts) => bridge().cards.known({ query: settled, limit }, opts), {
    enabled: env !== null && settled.length >= MIN_LENGTH,
  });

  /** The cards held for exactly this text; empty when the text is too short, undefined when not asked yet. */
  const resultsFor = useCallback(
    (text: string): Card[] | undefined =>
      text.trim().length < MIN_LENGTH ? [] : queryClient.getQueryData<Page<Card[]>>(key(text.trim()))?.data,
    [queryClient, key],
  );

  const answer = useCallback(
    async (text: string): Promise<Card[]> => {
      const t = text.trim();
      if (t.length < MIN_LENGTH || env === null) return [];
      const page = await queryClient.fetchQuery<Page<Card[]>, BridgeError>({
        queryKey: key(t),
        queryFn: async () => {
          const r = await bridge().cards.known({ query: t, limit });
          if (!r.ok) throw new BridgeError(r.error);
          return { data: r.data };
        },
        staleTime: FRESH_MS,
      });
      return page.data;
    },
    [queryClient, key, env, limit],
  );

  return { resultsFor, answer };
}
