// Funding sources of the business, with a detail fetched by id and a look-up by id.
import './funding-sources.css';
import type { FundingSource } from '../../../src-shared/api/records';
import type { Route } from '../../lib/routes';
import { StatusBadge, humanize } from '../../components/values/Badge';
import { IdWithCopy } from '../../components/values/CopyButton';
import type { Column } from '../../components/lists/DataTable';
import { DATE_TIME_WIDTH } from '../../components/lists/columnFit';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ContinuousToggle, ListFooter } from '../../components/lists/ListFooter';
import { ListBody } from '../../components/lists/ListBody';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/lists/paging';
import { useListData } from '../../components/lists/useListData';
import { useListQuery } from '../../components/lists/useListQuery';
import { useRowSelection } from '../../components/lists/useRowSelection';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { FundingSourceDetail } from './FundingSourceDetail';
import { FundingSourceLookup } from './FundingSourceLookup';

const columns: Column<FundingSource>[] = [
  {
    id: 'id',
    header: 'Funding source id',
    width: 200,
    cell: ({ row }) => <IdWithCopy id={row.original._id} label="funding source id" />,
  },
  { id: 'type', header: 'Type', cell: ({ row }) => (row.original.type ? humanize(row.original.type) : '—') },
  { id: 'status', header: 'Status', width: 120, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    id: 'created',
    header: 'Created',
    width: DATE_TIME_WIDTH,
    priority: 2,
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
  {
    id: 'updated',
    header: 'Updated',
    width: DATE_TIME_WIDTH,
    priority: 3,
    cell: ({ row }) => formatDateTime(row.original.updatedAt),
  },
];

export function FundingSourcesPage({ route }: { route: Route }): React.JSX.Element {
  const { paging, setContinuous } = useListQuery(route, PAGING_DEFAULTS, cleanPaging);
  const list = useListData<FundingSource>({
    key: ['fundingSources'],
    fetchPage: (page, limit, opts) => bridge().fundingSources.list({ page, limit }, opts),
    paging,
  });
  // The detail is fetched by id: it opens also for an id looked up that is not on this page.
  const detail = useRowSelection(list.rows, (f) => f._id);

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Funding sources</h1>
      </header>
      <p className="page-subtitle">Where the business's cards draw their money from.</p>
      <FundingSourceLookup onOpen={detail.open} />
      <div className="toolbar">
        <ContinuousToggle checked={paging.continuous} onChange={setContinuous} />
        <span className="spacer" />
        <ExportButton
          source="fundingSources"
          query={{}}
          label={exportLabel(list.pagination?.total, 'funding source', 'funding sources', false)}
          disabled={list.pagination?.total === 0}
        />
      </div>
      <ListBody
        label="Funding sources"
        list={list}
        columns={columns}
        {...detail.tableProps}
        height={360}
        empty="This business has no funding sources."
      />
      <ListFooter list={list} paging={paging} />
      {detail.selectedId ? <FundingSourceDetail id={detail.selectedId} onClose={detail.close} /> : null}
    </section>
  );
}
