// The local index of known cards (the API has no list-cards operation): paged or continuous, with CSV export.
import type { Card } from '../../../src-shared/api/records';
import { ExportButton, exportLabel } from '../lists/ExportButton';
import { ListBody } from '../lists/ListBody';
import { ListFooter } from '../lists/ListFooter';
import { NamesProvider, useResolvedNames } from '../values/names';
import { useListData } from '../lists/useListData';
import type { ListPaging } from '../lists/useListQuery';
import { navigate } from '../../lib/routes';
import { bridge } from '../../lib/bridge';
import { cardColumns, refId } from './cardFields';
import './cards.css';

export function KnownCardsList({
  query = '',
  customerId,
  label,
  paging,
}: {
  query?: string;
  customerId?: string;
  label: string;
  paging: ListPaging;
}): React.JSX.Element {
  const filter = { ...(query ? { query } : {}), ...(customerId ? { customerId } : {}) };
  const list = useListData<Card>({
    key: ['cards', 'known', filter],
    fetchPage: (page, limit, opts) => bridge().cards.known({ ...filter, page, limit }, opts),
    paging,
  });
  const names = useResolvedNames({ customerIds: customerId ? [] : list.rows.map((c) => refId(c.customer)) });
  const empty = query
    ? `No known card matches “${query}”.`
    : customerId
      ? 'Card Desk has not seen a card of this customer yet.'
      : 'Card Desk has not seen any card in this environment yet. It learns cards from the authorizations and card transactions it fetches and from the cards it issues.';
  return (
    <NamesProvider names={names}>
      <div className="known-cards">
        <ListBody
          label={label}
          list={list}
          columns={cardColumns(!customerId)}
          rowKey={(c) => c._id}
          onOpen={(c) => navigate('cards', c._id)}
          empty={empty}
          height={listHeight(list.rows.length)}
        />
        <div className="known-cards-footer">
          <ListFooter list={list} paging={paging} />
          <ExportButton
            source="knownCards"
            query={filter}
            label={exportLabel(list.pagination?.total, 'card', 'cards', Boolean(customerId || query))}
            disabled={list.pagination?.total === 0}
          />
        </div>
      </div>
    </NamesProvider>
  );
}

/** Short lists take their own height; long ones scroll inside the table. */
export const listHeight = (rows: number): number => Math.max(80, Math.min(520, 36 * rows + 4));
