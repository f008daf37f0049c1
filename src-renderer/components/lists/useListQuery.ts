// A list page's query in the route (its filters, `page`, `limit` and `scroll=all`), with the paging read out
// and the changes the Pager and the continuous toggle make.
import type { Route } from '../../lib/routes';
import { pagingOf, type PagingValues } from './paging';
import { useRouteQuery } from './useRouteQuery';

/** Where a list is and how to move it: what the ListFooter and useListData take. */
export interface ListPaging {
  page: number;
  limit: number;
  continuous: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export interface ListQuery<V extends PagingValues> {
  values: V;
  /** Merges a patch into the route query. */
  set: (patch: Partial<V>) => void;
  paging: ListPaging;
  /** Switches between pages and one continuous list, back at the start. */
  setContinuous: (continuous: boolean) => void;
}

export function useListQuery<V extends PagingValues>(route: Route, defaults: V, clean?: (raw: V) => V): ListQuery<V> {
  const [values, set] = useRouteQuery(route, defaults, clean);
  // A new filter, page size or mode starts again at the first page.
  const setPaging = (patch: Partial<PagingValues>) => set(patch as Partial<V>);
  return {
    values,
    set,
    paging: {
      ...pagingOf(values),
      onPage: (page) => setPaging({ page: String(page) }),
      onLimit: (limit) => setPaging({ limit: String(limit), page: '0' }),
    },
    setContinuous: (on) => setPaging({ scroll: on ? 'all' : '', page: '0' }),
  };
}
