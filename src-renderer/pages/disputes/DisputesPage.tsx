// Disputes raised on card transactions, newest first.
import type { Dispute } from '../../../src-shared/api/records';
import type { Route } from '../../lib/routes';
import { StatusBadge } from '../../components/Badge';
import { IdWithCopy } from '../../components/CopyButton';
import type { Column } from '../../components/DataTable';
import { ExportButton, exportLabel } from '../../components/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/ListFooter';
import { ListBody } from '../../components/ListBody';
import { NamesProvider, useResolvedNames } from '../../components/names';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/paging';
import { useListData } from '../../components/useListData';
import { useListQuery } from '../../components/useListQuery';
import { useRowSelection } from '../../components/useRowSelection';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { DisputeDetail } from './DisputeDetail';
import { disputeReasonLabel } from './disputeReasons';
import { DisputeParties } from './DisputedTransaction';

/** Disputes are few and their rows long: a smaller first page size is offered. */
const SIZES = [10, 25, 50, 100] as const;
const clean = (raw: typeof PAGING_DEFAULTS) => cleanPaging(raw, SIZES);

const columns: Column<Dispute>[] = [
  { id: 'created', header: 'Created', width: 165, cell: ({ row }) => formatDateTime(row.original.createdAt) },
  { id: 'reason', header: 'Reason', width: 200, cell: ({ row }) => disputeReasonLabel(row.original.reason) },
  { id: 'status', header: 'Status', width: 110, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    id: 'explanation',
    header: 'Explanation',
    minWidth: 150,
    // The first to give way: the detail shows it whole.
    priority: 3,
    cell: ({ row }) => <span title={row.original.explanation}>{row.original.explanation ?? '—'}</span>,
  },
  {
    id: 'parties',
    header: 'Customer and card',
    width: 220,
    cell: ({ row }) => <DisputeParties transactionId={row.original.transaction} />,
  },
  {
    id: 'transaction',
    header: 'Transaction',
    width: 170,
    priority: 2,
    cell: ({ row }) => <IdWithCopy id={row.original.transaction} label="transaction id" />,
  },
];

export function DisputesPage({ route }: { route: Route }): React.JSX.Element {
  const { paging, setContinuous } = useListQuery(route, PAGING_DEFAULTS, clean);
  const list = useListData<Dispute>({
    key: ['disputes'],
    fetchPage: (page, limit, opts) => bridge().disputes.list({ page, limit }, opts),
    paging,
  });
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
          <ContinuousToggle checked={paging.continuous} onChange={setContinuous} />
          <span className="spacer" />
          <ExportButton
            source="disputes"
            query={{}}
            label={exportLabel(list.pagination?.total, 'dispute', 'disputes', false)}
            disabled={list.pagination?.total === 0}
          />
        </div>
        <ListBody
          label="Disputes"
          list={list}
          columns={columns}
          {...detail.tableProps}
          empty="No disputes have been raised."
        />
        <ListFooter list={list} paging={paging} sizes={SIZES} />
        {detail.selected ? <DisputeDetail dispute={detail.selected} onClose={detail.close} /> : null}
      </section>
    </NamesProvider>
  );
}
