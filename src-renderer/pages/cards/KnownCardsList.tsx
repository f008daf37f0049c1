// The local index of known cards (the API has no list-cards operation), paged, with CSV export.
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { ExportButton } from '../../components/ExportButton';
import { Pager } from '../../components/Pager';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { navigate } from '../../app/routes';
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useAppStore } from '../../stores/appStore';
import { cardColumns } from './cardFields';
import './cards.css';

export function KnownCardsList({ query = '', customerId, label = 'Known cards' }: { query?: string; customerId?: string; label?: string }): React.JSX.Element {
  const environmentId = useAppStore((s) => s.status?.environment.id ?? null);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const [lastQuery, setLastQuery] = useState(query);
  // A new filter starts again at the first page.
  if (lastQuery !== query) {
    setLastQuery(query);
    setPage(0);
  }
  const input = { ...(query ? { query } : {}), ...(customerId ? { customerId } : {}), page, limit };
  const cards = useBridgeQuery(['cards', 'known', environmentId, input], (opts) => bridge().cards.known(input, opts), { keepPrevious: true });
  const exportQuery = { ...(query ? { query } : {}), ...(customerId ? { customerId } : {}) };

  let body: React.JSX.Element;
  if (cards.error) body = <ErrorState error={cards.error.appError} onRetry={() => void cards.refetch()} />;
  else if (!cards.data) body = <LoadingRows label="Loading cards" />;
  else if (cards.data.data.length === 0) {
    body = (
      <EmptyState>
        {query
          ? `No known card matches “${query}”.`
          : customerId
            ? 'Card Desk has not seen a card of this customer yet.'
            : 'Card Desk has not seen any card in this environment yet. It learns cards from the authorizations and card transactions it fetches and from the cards it issues.'}
      </EmptyState>
    );
  } else {
    const rows = cards.data.data;
    body = (
      <DataTable
        label={label}
        columns={cardColumns(!customerId)}
        rows={rows}
        rowKey={(c) => c._id}
        onOpen={(c) => navigate('cards', c._id)}
        height={Math.min(520, 36 * rows.length + 4)}
      />
    );
  }
  return (
    <div className="known-cards">
      {body}
      <div className="list-footer">
        <Pager
          pagination={cards.data?.pagination}
          page={page}
          limit={limit}
          onPage={setPage}
          onLimit={(n) => {
            setLimit(n);
            setPage(0);
          }}
          busy={cards.isFetching}
        />
        <ExportButton source="knownCards" query={exportQuery} label={customerId ? 'Export these cards (CSV)' : 'Export CSV'} />
      </div>
    </div>
  );
}
