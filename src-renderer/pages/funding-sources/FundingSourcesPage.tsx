// Funding sources of the business, with a detail fetched by id and a look-up by id.
import './funding-sources.css';
import { useCallback, useState } from 'react';
import type { FundingSource } from '../../../src-shared/api/records';
import type { Route } from '../../app/routes';
import { StatusBadge, humanize } from '../../components/Badge';
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
import { FundingSourceDetail } from './FundingSourceDetail';
import { FundingSourceLookup } from './FundingSourceLookup';

const columns: Column<FundingSource>[] = [
  { id: 'id', header: 'Funding source id', width: 200, cell: ({ row }) => <IdWithCopy id={row.original._id} label="funding source id" /> },
  { id: 'type', header: 'Type', cell: ({ row }) => (row.original.type ? humanize(row.original.type) : '—') },
  { id: 'status', header: 'Status', width: 120, cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: 'created', header: 'Created', width: 170, cell: ({ row }) => formatDateTime(row.original.createdAt) },
  { id: 'updated', header: 'Updated', width: 170, cell: ({ row }) => formatDateTime(row.original.updatedAt) },
];

export function FundingSourcesPage({ route }: { route: Route }): React.JSX.Element {
  const [values, set] = useRouteQuery(route, PAGING_DEFAULTS, cleanPaging);
  const { page, limit, continuous } = pagingOf(values);
  const env = useEnvironmentKey();
  const list = useListData<FundingSource>({
    key: ['fundingSources', env],
    fetchPage: (p, l, opts) => bridge().fundingSources.list({ page: p, limit: l }, opts),
    page,
    limit,
    continuous,
    enabled: env !== null,
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const close = useCallback(() => setSelectedId(null), []);

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Funding sources</h1>
      </header>
      <p className="page-subtitle">Where the business's cards draw their money from.</p>
      <FundingSourceLookup onOpen={setSelectedId} />
      <div className="toolbar">
        <ContinuousToggle checked={continuous} onChange={(on) => set({ scroll: on ? 'all' : '', page: '0' })} />
        <span className="spacer" />
        <ExportButton source="fundingSources" query={{}} />
      </div>
      <ListBody
        label="Funding sources"
        list={list}
        columns={columns}
        rowKey={(f) => f._id}
        onOpen={(f) => setSelectedId(f._id)}
        selectedKey={selectedId}
        height={360}
        empty="This business has no funding sources."
      />
      <ListFooter
        list={list}
        continuous={continuous}
        page={page}
        limit={limit}
        onPage={(p) => set({ page: String(p) })}
        onLimit={(l) => set({ limit: String(l), page: '0' })}
      />
      {selectedId ? <FundingSourceDetail id={selectedId} onClose={close} /> : null}
    </section>
  );
}
