// Search over the offline cache, live as the user types, with the cache's sync state above it.
import { useState } from 'react';
import type { Customer } from '../../../src-shared/api/records';
import { StatusBadge } from '../../components/Badge';
import { IdWithCopy } from '../../components/CopyButton';
import { DataTable, type Column } from '../../components/DataTable';
import { ExportButton } from '../../components/ExportButton';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { navigate } from '../../lib/routes';
import { cacheAgeText } from './cacheAge';
import { customerName, kycText } from './customerFields';
import { SyncPanel, useSyncActions } from './SyncPanel';
import { useCacheStatus, useCustomerSearch } from './useCustomerSearch';

const RESULT_LIMIT = 100;

const columns: Column<Customer>[] = [
  { id: 'name', header: 'Name', accessorFn: (c) => customerName(c), minWidth: 150 },
  { id: 'email', header: 'Email', accessorFn: (c) => c.emailAddress ?? '—', minWidth: 180 },
  { id: 'phone', header: 'Phone', accessorFn: (c) => c.phoneNumber ?? '—', width: 160, priority: 2 },
  { id: 'type', header: 'Type', accessorFn: (c) => c.type ?? '—', width: 100, priority: 3 },
  {
    id: 'kyc',
    header: 'KYC',
    cell: ({ row }) =>
      row.original.isApproved === undefined ? (
        '—'
      ) : (
        <StatusBadge status={row.original.isApproved ? 'approved' : 'declined'} label={kycText(row.original)} />
      ),
    width: 130,
  },
  {
    id: 'id',
    header: 'Id',
    cell: ({ row }) => <IdWithCopy id={row.original._id} label="customer id" />,
    width: 170,
    priority: 2,
  },
];

export function CustomerList(): React.JSX.Element {
  const [query, setQuery] = useState('');
  const cache = useCacheStatus();
  const search = useCustomerSearch(query, RESULT_LIMIT);
  const syncActions = useSyncActions();
  const status = cache.data?.data;
  const neverSynced = status !== undefined && status.customers === 0 && status.lastSyncedAt === null && !status.syncing;
  const result = search.data?.data;
  const cacheEmpty = status !== undefined && status.customers === 0 && !status.syncing;

  return (
    <section aria-labelledby="page-title" className="customers-page">
      <h1 id="page-title">Customers</h1>
      {cache.error ? (
        <ErrorState error={cache.error.appError} onRetry={() => void cache.refetch()} />
      ) : (
        <SyncPanel status={status} actions={syncActions} />
      )}

      <div className="toolbar">
        <label className="grow">
          Search customers
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Name, email, phone or id"
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <ExportButton source="customers" label="Export all customers (CSV)" />
      </div>

      {neverSynced && !query.trim() ? (
        <EmptyState>
          <p>No customers are cached for this environment yet. Sync once to search customers, also when offline.</p>
          <button
            type="button"
            className="primary"
            onClick={() => void syncActions.sync()}
            disabled={syncActions.starting}
          >
            Sync now
          </button>
        </EmptyState>
      ) : search.error ? (
        <ErrorState error={search.error.appError} onRetry={() => void search.refetch()} />
      ) : !result ? (
        <LoadingRows label="Searching customers" />
      ) : (
        <>
          {cacheEmpty ? null : (
            <p className="muted results-summary" role="status" data-testid="search-summary">
              {summaryText(
                search.settledQuery,
                result.results.length,
                result.total,
                result.totalCapped === true,
                result.cacheAgeMs,
                status?.customers ?? null,
              )}
            </p>
          )}
          {result.results.length === 0 ? (
            <EmptyState>
              {cacheEmpty
                ? 'The customer cache is empty, so there is nothing to search. Sync now to fill it.'
                : `No cached customer matches “${search.settledQuery}”.`}
            </EmptyState>
          ) : (
            <DataTable
              label="Customers"
              columns={columns}
              rows={result.results}
              rowKey={(c) => c._id}
              onOpen={(c) => navigate('customers', c._id)}
              height={Math.min(520, 36 * result.results.length + 4)}
            />
          )}
        </>
      )}
    </section>
  );
}

function summaryText(
  query: string,
  shown: number,
  total: number,
  capped: boolean,
  cacheAgeMs: number | null,
  cached: number | null,
): string {
  const age = cacheAgeText(cacheAgeMs);
  if (!query) {
    const all = cached ?? total;
    return `Showing the first ${shown.toLocaleString('en')} of ${all.toLocaleString('en')} cached customers · ${age}`;
  }
  const more = total > shown ? ` (showing ${shown.toLocaleString('en')}; refine the search to narrow it)` : '';
  // Counting stops at a cap in large caches: say "1,000+" rather than a number that looks exact.
  const count = `${total.toLocaleString('en')}${capped ? '+' : ''}`;
  return `${count} ${total === 1 && !capped ? 'match' : 'matches'}${more} · ${age}`;
}
