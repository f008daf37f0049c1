// The body of every list: a skeleton while loading, the API's message with Retry on failure, an empty
// state, or the virtualized table.
import '../components.css';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from './DataTable';
import { EmptyState, ErrorState, LoadingRows } from '../states/States';
import type { ListData } from './useListData';

export interface ListBodyProps<T extends RowData> extends Omit<DataTableProps<T>, 'rows' | 'onEndReached'> {
  list: ListData<T>;
  /** Rows to show when the page filters the fetched rows further; defaults to `list.rows`. */
  rows?: T[];
  /** What to say when there is nothing to show. */
  empty: React.ReactNode;
}

export function ListBody<T extends RowData>({
  list,
  rows = list.rows,
  empty,
  ...table
}: ListBodyProps<T>): React.JSX.Element {
  // Rows already shown stay when a later request fails (a continuous list's next page); Retry goes below them.
  const failed = `Could not load ${table.label.toLowerCase()}`;
  if (list.error && list.rows.length === 0)
    return <ErrorState title={failed} error={list.error.appError} onRetry={list.retry} retrying={list.isFetching} />;
  if (list.isPending && list.rows.length === 0) return <LoadingRows label={`Loading ${table.label.toLowerCase()}`} />;
  return (
    <div className={`list-body${list.isFetching ? ' list-refreshing' : ''}`} aria-busy={list.isFetching}>
      {list.isFetching ? (
        <span className="list-updating" role="progressbar" aria-label={`Updating ${table.label.toLowerCase()}`} />
      ) : null}
      {rows.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <DataTable {...table} rows={rows} onEndReached={list.loadMore} />
      )}
      {list.error ? (
        <ErrorState title={failed} error={list.error.appError} onRetry={list.retry} retrying={list.isFetching} />
      ) : null}
    </div>
  );
}
