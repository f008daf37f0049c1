// Disputes raised on card transactions, newest first.
import type { Dispute } from '../../../src-shared/api/records';
import type { Route } from '../../lib/routes';
import { StatusBadge } from '../../components/values/Badge';
import type { Column } from '../../components/lists/DataTable';
import { DATE_TIME_WIDTH } from '../../components/lists/columnFit';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/lists/ListFooter';
import { ListBody } from '../../components/lists/ListBody';
import { NamesProvider, useResolvedNames } from '../../components/values/names';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/lists/paging';
import { useListData } from '../../components/lists/useListData';
import { useListQuery } from '../../components/lists/useListQuery';
import { useRowSelection } from '../../components/lists/useRowSelection';
import { bridge } from '../../lib/bridge';
import { useMemo } from 'react';
import { DateRangeFields, dateRangeProblem } from '../../components/fields/DateRangeFields';
import { oneOf } from '../../components/lists/useRouteQuery';
import { filteredList, useWholeRange } from '../../components/lists/useWholeRange';
import {
  DISPUTE_STATUSES,
  disputeMatches,
  hasDisputeFilter,
  type DisputeFilter,
} from '../../../src-shared/api/dispute-filter';
import { formatDateTime } from '../../lib/format';
import { DisputeDetail } from './DisputeDetail';
import { disputeReasonLabel } from './disputeReasons';
import { DisputeParties, DisputeTransaction } from './DisputedTransaction';

/** Disputes are few and their rows long: a smaller first page size is offered. */
const SIZES = [10, 25, 50, 100] as const;
const DEFAULTS = { ...PAGING_DEFAULTS, status: '', fromDate: '', toDate: '' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const clean = (raw: typeof DEFAULTS): typeof DEFAULTS => ({
  ...cleanPaging(raw, SIZES),
  status: oneOf(raw.status, ['', ...DISPUTE_STATUSES], ''),
  fromDate: DAY.test(raw.fromDate) ? raw.fromDate : '',
  toDate: DAY.test(raw.toDate) ? raw.toDate : '',
});

const columns: Column<Dispute>[] = [
  {
    id: 'created',
    header: 'Created',
    width: DATE_TIME_WIDTH,
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  { id: 'reason', header: 'Reason', width: 200, cell: ({ row }) => disputeReasonLabel(row.original.reason) },
  { id: 'status', header: 'Status', width: 110, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    id: 'parties',
    header: 'Card and cardholder',
    minWidth: 200,
    cell: ({ row }) => <DisputeParties transactionId={row.original.transaction} />,
  },
  {
    id: 'transaction',
    header: 'Transaction',
    minWidth: 160,
    priority: 2,
    cell: ({ row }) => <DisputeTransaction transactionId={row.original.transaction} />,
  },
  {
    id: 'explanation',
    header: 'Explanation',
    minWidth: 150,
    // The first to give way: the detail shows it whole.
    priority: 3,
    cell: ({ row }) => (
      <span title={row.original.explanation} data-free-text>
        {row.original.explanation ?? '—'}
      </span>
    ),
  },
];

export function DisputesPage({ route }: { route: Route }): React.JSX.Element {
  const { values, set, paging, setContinuous } = useListQuery(route, DEFAULTS, clean);
  const filter: DisputeFilter = {
    ...(values.status ? { status: values.status } : {}),
    ...(values.fromDate ? { fromDate: values.fromDate } : {}),
    ...(values.toDate ? { toDate: values.toDate } : {}),
  };
  const filtered = hasDisputeFilter(filter);
  const problem = dateRangeProblem({ fromDate: values.fromDate, toDate: values.toDate });
  const fetchPage = (page: number, limit: number, opts: { requestId: string }) =>
    bridge().disputes.list({ page, limit }, opts);
  const served = useListData<Dispute>({ key: ['disputes'], fetchPage, paging, enabled: !filtered });
  // The service has no filters: they apply to every dispute, fetched page by page.
  const whole = useWholeRange<Dispute>({ key: ['disputes'], fetchPage, enabled: filtered && problem === null });
  const filterKey = JSON.stringify(filter);
  const matching = useMemo(
    () => (filtered ? whole.rows.filter((d) => disputeMatches(d, JSON.parse(filterKey) as DisputeFilter)) : []),
    [whole.rows, filterKey, filtered],
  );
  const list = filtered ? filteredList(whole, matching, paging) : served;
  const detail = useRowSelection(list.rows, (d) => d._id);
  const names = useResolvedNames({ transactionIds: list.rows.map((d) => d.transaction) });

  return (
    <NamesProvider names={names}>
      <section aria-labelledby="page-title">
        <header className="page-header">
          <h1 id="page-title">Disputes</h1>
        </header>
        <p className="page-subtitle">Disputes raised on card transactions, newest first.</p>
        <div className="toolbar">
          <label>
            Status
            <select value={values.status} onChange={(e) => set({ status: e.target.value, page: '0' })}>
              <option value="">All statuses</option>
              {DISPUTE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </option>
              ))}
            </select>
          </label>
          <DateRangeFields
            value={{ fromDate: values.fromDate, toDate: values.toDate }}
            onChange={(next) => set({ fromDate: next.fromDate, toDate: next.toDate, page: '0' })}
          />
          <ContinuousToggle checked={paging.continuous} onChange={setContinuous} />
          <span className="spacer" />
          <ExportButton
            source="disputes"
            query={{ ...filter }}
            label={exportLabel(list.pagination?.total, 'dispute', 'disputes', filtered)}
            disabled={list.pagination?.total === 0}
          />
        </div>
        <ListBody
          label="Disputes"
          list={list}
          columns={columns}
          {...detail.tableProps}
          empty={filtered ? 'No dispute matches these filters.' : 'No disputes have been raised.'}
        />
        <ListFooter list={list} paging={paging} sizes={SIZES} />
        {detail.selected ? <DisputeDetail dispute={detail.selected} onClose={detail.close} /> : null}
      </section>
    </NamesProvider>
  );
}
