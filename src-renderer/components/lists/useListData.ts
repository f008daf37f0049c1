// The rows of a server-paged list, either one page at a time (with the Pager) or as one continuous list
// that fetches the next page as the user scrolls near its end.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Pagination } from '../../../src-shared/api/envelope';
import { MAX_PAGE_SIZE } from '../../../src-shared/api/requests';
import type { Result } from '../../../src-shared/ipc/result';
import { cancellable } from '../../lib/bridge';
import { BridgeError } from '../../lib/useBridgeQuery';
import type { ListPaging } from './useListQuery';
import { useEnvironmentKey } from '../environment/useEnvironmentKey';

export type FetchPage<T> = (page: number, limit: number, options: { requestId: string }) => Promise<Result<T[]>>;

export interface ListData<T> {
  rows: T[];
  /** The pagination of the page shown (paged) or of the last page fetched (continuous). */
  pagination: Pagination | undefined;
  /** Nothing to show yet. */
  isPending: boolean;
  /** A request is in flight (a page change, a retry, the next continuous page). */
  isFetching: boolean;
  error: BridgeError | null;
  retry: () => void;
  /** Continuous mode: more pages exist on the server. */
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
}

interface Fetched<T> {
  data: T[];
  pagination?: Pagination;
}

async function fetchOne<T>(
  fetchPage: FetchPage<T>,
  page: number,
  limit: number,
  signal: AbortSignal,
): Promise<Fetched<T>> {
  const r = await cancellable(signal, (options) => fetchPage(page, limit, options));
  if (!r.ok) throw new BridgeError(r.error);
  return { data: r.data, pagination: r.pagination };
}

/** The page after `last`, or undefined at the end (an empty page also ends the list). */
function nextPageOf(last: Fetched<unknown>, fetchedPages: number): number | undefined {
  if (last.data.length === 0) return undefined;
  const p = last.pagination;
  if (!p) return last.data.length < MAX_PAGE_SIZE ? undefined : fetchedPages;
  return p.page + 1 < p.pages ? p.page + 1 : undefined;
}

/**
 * `key` names the query without its environment and paging (e.g. `['accounts', { currency, type }]`): the
 * rows are those of the current environment, whose id the query key carries, and the request waits until
 * it is known. `enabled: false` holds the request while the filters are invalid.
 */
export function useListData<T>(options: {
  key: readonly unknown[];
  fetchPage: FetchPage<T>;
  paging: Pick<ListPaging, 'page' | 'limit' | 'continuous'>;
  enabled?: boolean;
}): ListData<T> {
  const {
    key,
    fetchPage,
    paging: { page, limit, continuous },
    enabled = true,
  } = options;
  const env = useEnvironmentKey();
  const ready = enabled && env !== null;
  const paged = useQuery<Fetched<T>, BridgeError>({
    queryKey: [...key, { env }, 'page', page, limit],
    queryFn: ({ signal }) => fetchOne(fetchPage, page, limit, signal),
    placeholderData: keepPreviousData,
    enabled: ready && !continuous,
  });
  const all = useInfiniteQuery({
    queryKey: [...key, { env }, 'continuous'],
    queryFn: ({ signal, pageParam }) => fetchOne(fetchPage, pageParam, MAX_PAGE_SIZE, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Fetched<T>, pages: Fetched<T>[]) => nextPageOf(last, pages.length),
    enabled: ready && continuous,
  });

  if (continuous) {
    const pages = all.data?.pages ?? [];
    return {
      rows: pages.flatMap((p) => p.data),
      pagination: pages.at(-1)?.pagination,
      isPending: all.isPending,
      isFetching: all.isFetching,
      error: (all.error as BridgeError | null) ?? null,
      retry: () => void (all.isFetchNextPageError ? all.fetchNextPage() : all.refetch()),
      hasMore: all.hasNextPage,
      loadMore: () => {
        if (all.hasNextPage && !all.isFetchingNextPage && !all.isError) void all.fetchNextPage();
      },
      loadingMore: all.isFetchingNextPage,
    };
  }
  return {
    rows: paged.data?.data ?? [],
    pagination: paged.data?.pagination,
    isPending: paged.isPending,
    isFetching: paged.isFetching,
    error: paged.error ?? null,
    retry: () => void paged.refetch(),
    hasMore: false,
    loadMore: () => {},
    loadingMore: false,
  };
}
