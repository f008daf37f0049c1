// Disputes raised on card transactions, newest first.
import { useCallback, useState } from 'react';
import type { Dispute } from '../../../src-shared/api/records';
import type { Route } from '../../app/routes';
import { StatusBadge } from '../../components/Badge';
import { IdWithCopy } from '../../components/CopyButton';
import type { Column } from '../../components/DataTable';
import { ExportButton } from '../../components/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/ListFooter';
import { ListBody } from '../../components/ListBody';
import { PAGING_DEFAULTS, cleanPaging, pagingOf } from '../../components/paging';
import { useEnvironmentKey } from '../../components/useEnvironmentKey';
import { useListData } from '../../components/useListData';
import { useRouteQuery } from '../../components/useRouteQuery';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { DisputeDetail } from './DisputeDetail';
import { disputeReasonLabel } from './disputeReasons';

/** Disputes are few and their rows long: a smaller first page size is offered. */
const SIZES = [10, 25, 50, 100] as const;
const clean = (raw: typeof PAGING_DEFAULTS) => cleanPaging(raw, SIZES);

const columns: Column<Dispute>[] = [
  { id: 'created', header: 'Created', width: 165, cell: ({ row }) => formatDateTime(row.original.createdAt) },
  { id: 'reason', header: 'Reason', width: 200, cell: ({ row }) => disputeReasonLabel(row.original.reason) },
  { id: 'status', header: 'Status', width: 110, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: 'explanation', header: 'Explanation', cell: ({ row }) => <span title={row.original.explanation}>{row.original.explanation ?? '—'}</span> },
  { id: 'transaction', header: 'Transaction', width: 170, cell: ({ row }) => <IdWithCopy id={row.original.transaction} label="transaction id" /> },
];

export function DisputesPage({ route }: { route: Route }): React.JSX.Element {
  const [values, set] = useRouteQuery(route, PAGING_DEFAULTS, clean);
  const { page, limit, continuous } = pagingOf(values);
  const env = useEnvironmentKey();
  const list = useListData<Dispute>({
    key: ['disputes', env],
    fetchPage: (p, l, opts) => bridge().disputes.list({ page: p, limit: l }, opts),
    page,
    limit,
    continuous,
    enabled: env !== null,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = selectedId ? list.rows.find((d) => d._id === selectedId) : undefined;
  const close = useCallback(() => setSelectedId(null), []);

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Disputes</h1>
      </header>
      <p className="page-subtitle">Disputes raised on card transactions, newest first.</p>
      <div className="toolbar">
        <ContinuousToggle checked={continuous} onChange={(on) => set({ scroll: on ? 'all' : '', page: '0' })} />
        <span className="spacer" />
        <ExportButton source="disputes" query={{}} />
      </div>
      <ListBody
        label="Disputes"
        list={list}
        columns={columns}
        rowKey={(d) => d._id}
        onOpen={(d) => setSelectedId(d._id)}
        selectedKey={selectedId}
        empty="No disputes have been raised."
      />
      <ListFooter
        list={list}
        continuous={continuous}
        page={page}
        limit={limit}
        onPage={(p) => set({ page: String(p) })}
        onLimit={(l) => set({ limit: String(l), page: '0' })}
        sizes={SIZES}
      />
      {selected ? <DisputeDetail dispute={selected} onClose={close} /> : null}
    </section>
  );
}
