import { useState } from 'react';
import { useDebouncedValue } from '../customers/useDebouncedValue';
import { IssueCardSlot } from './IssueCardSlot';
import { KnownCardsList } from './KnownCardsList';
import './cards.css';

export function CardsList(): React.JSX.Element {
  const [filter, setFilter] = useState('');
  const query = useDebouncedValue(filter.trim(), 150);
  return (
    <section aria-labelledby="page-title">
      <div className="page-head">
        <h1 id="page-title">Cards</h1>
        <IssueCardSlot />
      </div>
      <p className="muted">
        The service has no list of cards. These are the cards Card Desk has seen in this environment: cards it issued and cards in the
        authorizations and transactions it fetched.
      </p>
      <div className="toolbar">
        <label className="grow">
          Filter cards
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Last four digits, brand, card id or customer id"
            autoComplete="off"
            spellCheck={false}
          />
        </label>
      </div>
      <KnownCardsList query={query} />
    </section>
  );
}
