import type { Pagination } from '../../../src-shared/api/envelope';

export const PAGE_SIZES = [25, 50, 100] as const;

export function Pager({
  pagination,
  page,
  limit,
  onPage,
  onLimit,
  busy,
  sizes = PAGE_SIZES,
}: {
  pagination: Pagination | undefined;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  busy?: boolean;
  /** Page sizes to offer; a list of long rows may start smaller. */
  sizes?: readonly number[];
}): React.JSX.Element {
  const pages = pagination?.pages ?? 0;
  const total = pagination?.total;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" onClick={() => onPage(page - 1)} disabled={busy || page <= 0}>
        Previous page
      </button>
      <span aria-live="polite">
        {/* An empty list has no pages to count: it says so, never "Page 0 of 0". */}
        {pages === 0
          ? total === undefined
            ? 'No pages yet'
            : 'None to show'
          : `Page ${page + 1} of ${pages}${total !== undefined ? ` · ${total.toLocaleString('en')} in all` : ''}`}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={busy || page + 1 >= pages}>
        Next page
      </button>
      <label style={{ flexDirection: 'row', alignItems: 'center', gap: 6 }}>
        Rows per page
        <select value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
