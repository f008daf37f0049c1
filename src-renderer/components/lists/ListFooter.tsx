// Under a list: the Pager, or for a continuous list how much of it has been loaded.
import '../components.css';
import { Pager } from './Pager';
import type { ListData } from './useListData';
import type { ListPaging } from './useListQuery';

export function ListFooter<T>({
  list,
  paging: { continuous, page, limit, onPage, onLimit },
  sizes,
}: {
  list: ListData<T>;
  paging: ListPaging;
  sizes?: readonly number[];
}): React.JSX.Element {
  if (!continuous) {
    // No pager before the first page arrives or when it failed: "Page 0 of 0" says nothing.
    if (!list.pagination) return <></>;
    return (
      <Pager
        pagination={list.pagination}
        page={page}
        limit={limit}
        onPage={onPage}
        onLimit={onLimit}
        busy={list.isFetching}
        sizes={sizes}
      />
    );
  }
  const total = list.pagination?.total;
  return (
    <div className="list-status" role="status" aria-live="polite">
      <span>
        Loaded {list.rows.length.toLocaleString('en')}
        {total !== undefined ? ` of ${total.toLocaleString('en')}` : ''}
      </span>
      {list.loadingMore ? <span>Loading more…</span> : null}
      {list.hasMore && !list.loadingMore ? (
        <button type="button" onClick={list.loadMore}>
          Load more
        </button>
      ) : null}
    </div>
  );
}

/** Switches a list between pages and one continuous list that loads as you scroll. */
export function ContinuousToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (continuous: boolean) => void;
}): React.JSX.Element {
  return (
    <label className="inline-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Scroll through all pages
    </label>
  );
}
