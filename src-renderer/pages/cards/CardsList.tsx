// Cards: the known-cards index, filtered by last four digits, brand, card id or customer id.
import { useState } from 'react';
import type { Route } from '../../lib/routes';
import { ContinuousToggle } from '../../components/lists/ListFooter';
import { PAGING_DEFAULTS, cleanPaging } from '../../components/lists/paging';
import { useListQuery } from '../../components/lists/useListQuery';
import { useSettledFilter } from '../../components/fields/useSettledFilter';
import { ToolbarSearch } from '../../components/fields/ToolbarSearch';
import { IssueCardButton } from '../../writes/IssueCardButton';
import { KnownCardsList } from '../../components/cards/KnownCardsList';

const DEFAULTS = { ...PAGING_DEFAULTS, q: '' };
type Values = typeof DEFAULTS;
const clean = (raw: Values): Values => ({ ...cleanPaging(raw), q: raw.q.slice(0, 200) });

export function CardsList({ route }: { route: Route }): React.JSX.Element {
  const { values, set, paging, setContinuous } = useListQuery(route, DEFAULTS, clean);
  const [filter, setFilter] = useState(values.q);
  useSettledFilter(filter.trim(), values.q, (q) => set({ q, page: '0' }), 150);

  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">Cards</h1>
        <IssueCardButton />
      </header>
      <p className="page-subtitle">
        The service has no list of cards. These are the cards Card Desk has seen in this environment: cards it issued
        and cards in the authorizations and transactions it fetched.
      </p>
      <div className="toolbar">
        <ToolbarSearch
          label="Filter cards"
          value={filter}
          onChange={setFilter}
          placeholder="Customer name, last four digits, brand or card id"
        />
        <ContinuousToggle checked={paging.continuous} onChange={setContinuous} />
      </div>
      <KnownCardsList query={values.q} label="Known cards" paging={paging} />
    </section>
  );
}
