// The paging part of a list page's route query: `page` (zero-based), `limit` (a Pager size) and
// `scroll=all` for one continuous list.
import { DEFAULT_PAGE_SIZE } from '../../../src-shared/api/requests';
import { PAGE_SIZES } from './Pager';
import { oneOf, wholeNumber } from './useRouteQuery';

export const PAGING_DEFAULTS = { page: '0', limit: String(DEFAULT_PAGE_SIZE), scroll: '' };

export type PagingValues = typeof PAGING_DEFAULTS;

/** Checks the paging values; `sizes` are the page sizes the list offers. */
export function cleanPaging<V extends PagingValues>(raw: V, sizes: readonly number[] = PAGE_SIZES): V {
  const limit = wholeNumber(raw.limit, DEFAULT_PAGE_SIZE);
  return {
    ...raw,
    page: String(wholeNumber(raw.page, 0)),
    limit: String(sizes.includes(limit) ? limit : DEFAULT_PAGE_SIZE),
    scroll: oneOf(raw.scroll, ['', 'all'], ''),
  };
}

export function pagingOf(values: PagingValues): { page: number; limit: number; continuous: boolean } {
  return { page: Number(values.page), limit: Number(values.limit), continuous: values.scroll === 'all' };
}
