// Every page of a server list, fetched one after another at the largest page size, so a filter the
// service cannot apply (Authorizations' "Approved") applies to the whole range the operator chose rather
// than to the page on screen. Pages go out one at a time; main's client waits when the request limit is
// used up, and `waitingForLimit` says so meanwhile.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { Pagination } from '../../../src-shared/api/envelope';
import { MAX_PAGE_SIZE } from '../../../src-shared/api/requests';
import { cancellable } from '../../lib/bridge';
import { BridgeError } from '../../lib/useBridgeQuery';
import { useAppStore } from '../../stores/appStore';
import type { FetchPage, ListData } from './useListData';
import { useEnvironmentKey } from '../environment/useEnvironmentKey';

interface Fetched<T> {
  data: T[];
  pagination?: Pagination;
}

export interface WholeRange<T> {
  /** Every record fetched so far, in the service's order. */
  rows: T[];
  /** Records in the range on the server. */
  total: number | null;
  pagesLoaded: number;
  totalPages: number | null;
  /** More pages are still coming. */
  loading: boolean;
  /** Seconds until the request limit resets, while it is used up and pages are still to come. */
  waitingForLimit: number | null;
  error: BridgeError | null;
  retry: () => void;
}

function nextPage(last: Fetched<unknown>, pages: readonly Fetched<unknown>[]): number | undefined {
  if (last.data.length === 0) return undefined;
  const p = last.pagination;
  if (!p) return last.data.length < MAX_PAGE_SIZE ? undefined : pages.length;
  return p.page + 1 < p.pages ? p.page + 1 : undefined;
}

export function useWholeRange<T>(options: {
  key: readonly unknown[];
  fetchPage: FetchPage<T>;
  enabled: boolean;
}): WholeRange<T> {
  const env = useEnvironmentKey();
  const q = useInfiniteQuery({
    queryKey: [...options.key, { env }, 'whole'],
    queryFn: async ({ signal, pageParam }): Promise<Fetched<T>> => {
      const r = await cancellable(signal, (opts) => options.fetchPage(pageParam, MAX_PAGE_SIZE, opts));
      if (!r.ok) throw new BridgeError(r.error);
      return { data: r.data, pagination: r.pagination };
    },
    initialPageParam: 0,
    getNextPageParam: nextPage,
    enabled: options.enabled && env !== null,
  });
  const pages = useMemo(() => q.data?.pages ?? [], [q.data]);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = q;
  useEffect(() => {
    if (options.enabled && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [options.enabled, hasNextPage, isFetchingNextPage, isError, fetchNextPage, pages.length]);

  const rows = useMemo(() => pages.flatMap((p) => p.data), [pages]);
  const loading = q.isFetching || (hasNextPage && !isError);
  const rateLimit = useAppStore((s) => s.status?.rateLimit ?? null);
  // A clock that ticks only while the limit is used up, to count the wait down.
  const limited = loading && rateLimit !== null && rateLimit.remaining <= 0;
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (!limited) return;
    const timer = window.setInterval(() => setNowMs(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [limited]);
  const waitMs = limited ? rateLimit.resetAt - nowMs : 0;
  const waitingForLimit = waitMs > 0 ? Math.ceil(waitMs / 1000) : null;
  const first = pages[0]?.pagination;
  return {
    rows,
    total: first?.total ?? null,
    pagesLoaded: pages.length,
    totalPages: first?.pages ?? null,
    loading,
    waitingForLimit,
    error: (q.error as BridgeError | null) ?? null,
    retry: () => void (q.isFetchNextPageError ? q.fetchNextPage() : q.refetch()),
  };
}

/**
 * The filtered rows of a whole range as a list the usual body and footer show: one page of them at a
 * time (paged locally), or all of them (continuous).
 */
export function filteredList<T>(
  whole: WholeRange<T>,
  filtered: T[],
  paging: { page: number; limit: number; continuous: boolean },
): ListData<T> {
  const pages = Math.ceil(filtered.length / paging.limit);
  const page = Math.min(paging.page, Math.max(0, pages - 1));
  const rows = paging.continuous ? filtered : filtered.slice(page * paging.limit, (page + 1) * paging.limit);
  return {
    rows,
    pagination: whole.loading ? undefined : { total: filtered.length, pages, page, limit: paging.limit },
    isPending: whole.pagesLoaded === 0 && whole.error === null,
    isFetching: whole.loading,
    error: whole.error,
    retry: whole.retry,
    hasMore: false,
    loadMore: () => {},
    loadingMore: false,
  };
}
