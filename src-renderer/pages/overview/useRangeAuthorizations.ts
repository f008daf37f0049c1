// Loads the authorizations of a date range page by page, up to a cap, so the Overview's figures grow as
// pages arrive. Leaving the page aborts the request in flight (the query's signal cancels it in main).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Pagination } from '../../../src-shared/api/envelope';
import type { Authorization } from '../../../src-shared/api/records';
import { MAX_PAGE_SIZE } from '../../../src-shared/api/requests';
import { bridge, cancellable } from '../../lib/bridge';
import { BridgeError } from '../../lib/useBridgeQuery';

/** At most this many pages of MAX_PAGE_SIZE: enough for a picture, light on the service's rate limit. */
export const OVERVIEW_PAGE_CAP = 10;
export const OVERVIEW_RECORD_CAP = OVERVIEW_PAGE_CAP * MAX_PAGE_SIZE;

export interface Fetched {
  data: Authorization[];
  pagination?: Pagination;
}

export interface RangeAuthorizations {
  authorizations: Authorization[];
  /** Authorizations in the range on the server (from its pagination). */
  total: number | null;
  /** Pages of the range on the server, at the page size used here. */
  totalPages: number | null;
  pagesLoaded: number;
  /** Still fetching pages. */
  loading: boolean;
  /** Stopped at the cap with more on the server. */
  capped: boolean;
  error: BridgeError | null;
  retry: () => void;
}

/** The next page to fetch for the Overview, or undefined at the end of the range or at the cap. */
export function nextOverviewPage(last: Fetched, pages: readonly Fetched[]): number | undefined {
  if (pages.length >= OVERVIEW_PAGE_CAP || last.data.length === 0) return undefined;
  const p = last.pagination;
  if (!p) return last.data.length < MAX_PAGE_SIZE ? undefined : pages.length;
  return p.page + 1 < p.pages ? p.page + 1 : undefined;
}

export function useRangeAuthorizations(
  range: { fromDate: string; toDate: string },
  env: string | null,
  enabled: boolean,
): RangeAuthorizations {
  const q = useInfiniteQuery({
    queryKey: ['overview', env, range.fromDate, range.toDate],
    queryFn: async ({ signal, pageParam }): Promise<Fetched> => {
      const r = await cancellable(signal, (opts) =>
        bridge().authorizations.list(
          { fromDate: range.fromDate, toDate: range.toDate, page: pageParam, limit: MAX_PAGE_SIZE },
          opts,
        ),
      );
      if (!r.ok) throw new BridgeError(r.error);
      return { data: r.data, pagination: r.pagination };
    },
    initialPageParam: 0,
    getNextPageParam: nextOverviewPage,
    enabled: enabled && env !== null,
  });

  const pages = useMemo(() => q.data?.pages ?? [], [q.data]);
  // Keep going until the range is loaded or the cap is reached; a failure waits for Retry.
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = q;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage, pages.length]);

  const first = pages[0]?.pagination;
  const authorizations = useMemo(() => pages.flatMap((p) => p.data), [pages]);
  const total = first?.total ?? null;
  return {
    authorizations,
    total,
    totalPages: first?.pages ?? null,
    pagesLoaded: pages.length,
    loading: q.isFetching || (hasNextPage && !isError),
    capped: !hasNextPage && pages.length >= OVERVIEW_PAGE_CAP && total !== null && total > authorizations.length,
    error: (q.error as BridgeError | null) ?? null,
    retry: () => void (q.isFetchNextPageError ? q.fetchNextPage() : q.refetch()),
  };
}
