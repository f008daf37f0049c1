// Search over the offline cache, live as the user types, with the cache's sync state above it.
import { useState } from 'react';
import type { Customer } from '../../../src-shared/api/records';
import { KYC_FILTERS, type CustomerBrowseResult, type KycFilter } from '../../../src-shared/ipc/channels/customers';
import { StatusBadge } from '../../components/values/Badge';
import { IdWithCopy } from '../../components/values/CopyButton';
import { DataTable, type Column } from '../../components/lists/DataTable';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { arrangeCustomers } from '../../../src-shared/api/customer-order';
import { Pager } from '../../components/lists/Pager';
import { EmptyState, ErrorState, LoadingRows } from '../../components/states/States';
import { formatPhone } from '../../lib/format';
import { navigate, type Route } from '../../lib/routes';
import { oneOf, useRouteQuery, wholeNumber } from '../../components/lists/useRouteQuery';
import { ToolbarSearch } from '../../components/fields/ToolbarSearch';
import { cacheAgeText } from '../../components/customers/cacheAge';
import { customerName, kycText, matchedOtherNames } from '../../components/customers/customerFields';
import { TwoLineCell } from '../../components/lists/cells';
import { SyncPanel, useSyncActions, useSyncedElsewhere } from '../../components/customers/SyncPanel';
import { useCacheStatus, useCustomerSearch } from '../../components/customers/useCustomerSearch';
import { CUSTOMER_ORDERS, KYC_LABEL, useCustomerBrowse, type CustomerOrder } from './useCustomerBrowse';

const RESULT_LIMIT = 100;

/** The columns; with a search, a name matched by a middle name the list does not show says so under it. */
const columnsFor = (query: string): Column<Customer>[] => [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (c) => customerName(c),
    cell: ({ row }) => {
      const why = query ? matchedOtherNames(row.original, query) : undefined;
      return why ? <TwoLineCell main={customerName(row.original)} sub={why} title={why} /> : customerName(row.original);
    },
    minWidth: 150,
    grow: 2,
  },
  { id: 'email', header: 'Email', accessorFn: (c) => c.emailAddress ?? '—', minWidth: 180, grow: 3 },
  { id: 'phone', header: 'Phone', accessorFn: (c) => formatPhone(c.phoneNumber), width: 180, priority: 2 },
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
const columns = columnsFor('');

/** Search results, narrowed and ordered as the list is (the search itself ranks by match); the export does the same. */
function arrange(results: Customer[], order: CustomerOrder, kyc: KycFilter | ''): Customer[] {
  const { sort, direction } = CUSTOMER_ORDERS[order];
  return arrangeCustomers(results, { sort, direction, kyc });
}

const BROWSE_SIZES = [25, 50, 100, 200] as const;

/** The list's order, KYC filter and paging live in the route (`#/customers?order=createdAt-desc&kyc=approved&page=2`). */
const VIEW_DEFAULTS = { order: 'name-asc', kyc: '', page: '0', limit: '50', unread: '' };
type View = typeof VIEW_DEFAULTS;
const ORDERS = Object.keys(CUSTOMER_ORDERS) as CustomerOrder[];
const cleanView = (raw: View): View => ({
  order: oneOf(raw.order, ORDERS, 'name-asc'),
  kyc: oneOf(raw.kyc, ['', ...KYC_FILTERS], ''),
  page: String(wholeNumber(raw.page, 0)),
  limit: oneOf(raw.limit, BROWSE_SIZES.map(String), '50'),
  unread: raw.unread === '1' ? '1' : '',
});

/** The list's order and its KYC filter; either change starts again at the first page. */
function OrderAndKyc({
  order,
  kyc,
  onView,
}: {
  order: CustomerOrder;
  kyc: KycFilter | '';
  onView: (change: { order?: string; kyc?: string; page: string }) => void;
}): React.JSX.Element {
  const setView = onView;
  return (
    <>
      <label>
        Sort by
        <select value={order} onChange={(e) => setView({ order: e.target.value, page: '0' })}>
          {Object.entries(CUSTOMER_ORDERS).map(([value, o]) => (
            <option key={value} value={value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        KYC
        <select value={kyc} onChange={(e) => setView({ kyc: e.target.value, page: '0' })}>
          <option value="">All</option>
          {KYC_FILTERS.map((k) => (
            <option key={k} value={k}>
              {KYC_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export function CustomerList({ route }: { route: Route }): React.JSX.Element {
  const [query, setQuery] = useState('');
  const [view, setView] = useRouteQuery(route, VIEW_DEFAULTS, cleanView);
  const order = view.order as CustomerOrder;
  const kyc = view.kyc as KycFilter | '';
  const page = Number(view.page);
  const limit = Number(view.limit);
  const setPage = (p: number) => setView({ page: String(p) });
  const cache = useCacheStatus();
  const searching = query.trim() !== '';
  const search = useCustomerSearch(query, RESULT_LIMIT, { enabled: searching });
  const unreadable = view.unread === '1';
  const browse = useCustomerBrowse({ order, kyc, page, limit, unreadable }, !searching);
  const syncActions = useSyncActions();
  const elsewhere = useSyncedElsewhere();
  const status = cache.data?.data;
  const neverSynced = status !== undefined && status.customers === 0 && status.lastSyncedAt === null && !status.syncing;
  const cacheEmpty = status !== undefined && status.customers === 0 && !status.syncing;
  const searchRows = search.data ? arrange(search.data.data.results, order, kyc) : [];
  // What the list holds over all its pages: the export writes exactly these.
  const shownCount = searching
    ? search.data && search.settledQuery === query.trim()
      ? searchRows.length
      : undefined
    : browse.data?.data.total;

  return (
    <section aria-labelledby="page-title" className="customers-page">
      <h1 id="page-title">Customers</h1>
      {cache.error ? (
        <ErrorState error={cache.error.appError} onRetry={() => void cache.refetch()} />
      ) : (
        <SyncPanel status={status} actions={syncActions} />
      )}

      <div className="toolbar">
        <ToolbarSearch
          label="Search customers"
          value={query}
          onChange={setQuery}
          placeholder="Name, email, phone or id"
        />
        <OrderAndKyc order={order} kyc={kyc} onView={setView} />
        <label title="Customers the service sent with fields Card Desk could not read; the log names each field">
          <input
            type="checkbox"
            checked={unreadable}
            onChange={(e) => setView({ unread: e.target.checked ? '1' : '', page: '0' })}
          />
          Fields not read
        </label>
        <ExportButton
          source="customers"
          query={{
            sort: CUSTOMER_ORDERS[order].sort,
            direction: CUSTOMER_ORDERS[order].direction,
            ...(kyc ? { kyc } : {}),
            ...(searching ? { search: query.trim(), searchLimit: RESULT_LIMIT } : {}),
          }}
          label={exportLabel(shownCount, 'customer', 'customers', searching || kyc !== '')}
          disabled={shownCount === 0}
        />
      </div>

      {neverSynced && !searching ? (
        <EmptyState>
          {elsewhere ? (
            <p>No customers are cached for this environment yet. {elsewhere}</p>
          ) : (
            <>
              <p>No customers are cached for this environment yet. Sync once to search customers, also when offline.</p>
              <button
                type="button"
                className="primary"
                onClick={() => void syncActions.sync()}
                disabled={syncActions.starting}
              >
                Sync now
              </button>
            </>
          )}
        </EmptyState>
      ) : searching ? (
        <SearchResults
          search={search}
          rows={searchRows}
          cacheEmpty={cacheEmpty}
          cached={status?.customers ?? null}
          filtered={kyc !== ''}
        />
      ) : browse.error ? (
        <ErrorState error={browse.error.appError} onRetry={() => void browse.refetch()} />
      ) : !browse.data ? (
        <LoadingRows label="Loading customers" />
      ) : (
        <>
          <p className="muted results-summary" role="status" data-testid="search-summary">
            {unreadable
              ? unreadableSummary(browse.data.data)
              : browseSummary(browse.data.data, kyc, status?.customers ?? null)}
          </p>
          {browse.data.data.nameOrderPending === true && (
            <p className="muted" role="note" data-testid="order-pending">
              {orderPendingNote(order)}
            </p>
          )}
          {browse.data.data.results.length === 0 ? (
            <EmptyState>
              {cacheEmpty
                ? 'The customer cache is empty. Sync now to fill it.'
                : `No cached customer is ${KYC_LABEL[kyc as KycFilter]?.toLowerCase() ?? 'listed'}.`}
            </EmptyState>
          ) : (
            <>
              <CustomerTable rows={browse.data.data.results} />
              <Pager
                pagination={{
                  total: browse.data.data.total,
                  pages: Math.ceil(browse.data.data.total / limit),
                  page,
                  limit,
                }}
                page={page}
                limit={limit}
                onPage={setPage}
                onLimit={(n) => setView({ limit: String(n), page: '0' })}
                busy={browse.isFetching}
                sizes={BROWSE_SIZES}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

const n = (v: number) => v.toLocaleString('en');

function CustomerTable({ rows, query = '' }: { rows: Customer[]; query?: string }): React.JSX.Element {
  // A search's results may say under a name why they matched (a middle name): room for two lines.
  const searched = query !== '' && rows.some((c) => matchedOtherNames(c, query));
  return (
    <DataTable
      label="Customers"
      columns={searched ? columnsFor(query) : columns}
      {...(searched ? { rowHeight: 48 } : {})}
      rows={rows}
      rowKey={(c) => c._id}
      onOpen={(c) => navigate('customers', c._id)}
    />
  );
}

/** The first sync is still filling the cache and has not built the order by name yet. */
function orderPendingNote(order: CustomerOrder): string {
  return CUSTOMER_ORDERS[order].sort === 'kyc'
    ? 'Until the first sync finishes, customers within each KYC state are in date order; then by name.'
    : 'Until the first sync finishes, customers are in the order they were fetched; then by name.';
}

/** `Customers 1–3 of 3 with fields Card Desk could not read (the log names each field)`. */
function unreadableSummary(r: CustomerBrowseResult): string {
  if (r.results.length === 0) return 'Every cached customer was read whole.';
  const range = `${n(r.offset + 1)}–${n(r.offset + r.results.length)}`;
  return `Customers ${range} of ${n(r.total)} with fields Card Desk could not read (the log names each field)`;
}

/** `Customers 51–100 of 1,234 not approved · cache updated 3 minutes ago`. */
function browseSummary(r: CustomerBrowseResult, kyc: KycFilter | '', cached: number | null): string {
  const age = cacheAgeText(r.cacheAgeMs);
  if (r.results.length === 0) return `No customers to show · ${age}`;
  const range = `${n(r.offset + 1)}–${n(r.offset + r.results.length)}`;
  const of = kyc
    ? `${n(r.total)} ${KYC_LABEL[kyc].toLowerCase()} (of ${n(cached ?? r.total)} cached)`
    : `${n(r.total)} cached customers`;
  return `Customers ${range} of ${of} · ${age}`;
}

function SearchResults({
  search,
  rows,
  cacheEmpty,
  cached,
  filtered,
}: {
  search: ReturnType<typeof useCustomerSearch>;
  rows: Customer[];
  cacheEmpty: boolean;
  cached: number | null;
  filtered: boolean;
}): React.JSX.Element {
  const result = search.data?.data;
  if (search.error) return <ErrorState error={search.error.appError} onRetry={() => void search.refetch()} />;
  if (!result) return <LoadingRows label="Searching customers" />;
  return (
    <>
      {cacheEmpty ? null : (
        <p className="muted results-summary" role="status" data-testid="search-summary">
          {summaryText(
            search.settledQuery,
            result.results.length,
            result.total,
            result.totalCapped === true,
            result.cacheAgeMs,
            cached,
          )}
          {filtered ? ` · ${n(rows.length)} of them in the KYC state chosen` : ''}
        </p>
      )}
      {rows.length === 0 ? (
        <EmptyState>
          {cacheEmpty
            ? 'The customer cache is empty, so there is nothing to search. Sync now to fill it.'
            : `No cached customer matches “${search.settledQuery}”${filtered ? ' in the KYC state chosen' : ''}.`}
        </EmptyState>
      ) : (
        <CustomerTable rows={rows} query={search.settledQuery} />
      )}
    </>
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
