// Ctrl+K (Cmd+K on macOS) from anywhere: find a customer in the offline cache and open them.
import { useEffect, useId, useRef, useState } from 'react';
import { customerName } from '../pages/customers/customerFields';
import { useCustomerSearch } from '../pages/customers/useCustomerSearch';
import { cacheAgeText } from '../pages/customers/cacheAge';
import { navigate } from '../lib/routes';
import './customer-search-dialog.css';

const MAX_RESULTS = 8;

export function CustomerSearchDialog(): React.JSX.Element | null {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return open ? <SearchDialog onClose={() => setOpen(false)} /> : null;
}

function SearchDialog({ onClose }: { onClose: () => void }): React.JSX.Element {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const search = useCustomerSearch(query, MAX_RESULTS, { enabled: query.trim() !== '' });
  const results = query.trim() ? (search.data?.data.results ?? []) : [];

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    inputRef.current?.focus();
    return () => previous?.focus?.();
  }, []);
  // A new answer starts at its first row (set during render, so the old row is never shown against it).
  const [answered, setAnswered] = useState(search.settledQuery);
  if (answered !== search.settledQuery) {
    setAnswered(search.settledQuery);
    setActive(0);
  }

  const openCustomer = (id: string) => {
    onClose();
    navigate('customers', id);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowDown') setActive((i) => Math.min(results.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Enter') {
      const chosen = results[active];
      if (chosen) openCustomer(chosen._id);
    } else if (e.key === 'Tab') {
      // The dialog has one control; focus stays in it.
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  const activeOption = results[active] ? optionId(active) : undefined;
  let status: string;
  if (!query.trim()) status = 'Type a name, email, phone number or customer id.';
  else if (search.error) status = search.error.appError.message;
  else if (!search.data || search.pending) status = 'Searching…';
  else if (results.length === 0) {
    status =
      search.data.data.lastSyncedAt === null && search.data.data.total === 0
        ? 'The customer cache is empty. Sync customers on the Customers page first.'
        : 'No cached customer matches.';
  } else
    status = `${search.data.data.total.toLocaleString('en')}${search.data.data.totalCapped ? '+' : ''} found · ${cacheAgeText(search.data.data.cacheAgeMs)}`;

  return (
    <div className="search-dialog-backdrop" onMouseDown={onClose}>
      <div
        className="search-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Search customers"
        onMouseDown={(e) => e.stopPropagation()}
      >
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label="Customer name, email, phone or id"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search customers"
          autoComplete="off"
          spellCheck={false}
        />
        {results.length > 0 ? (
          <ul id={listId} role="listbox" aria-label="Matching customers" className="search-results">
            {results.map((c, i) => (
              <li
                key={c._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'active' : undefined}
                onMouseEnter={() => setActive(i)}
                onClick={() => openCustomer(c._id)}
              >
                <span className="result-name">{customerName(c)}</span>
                <span className="result-meta">{[c.emailAddress, c.phoneNumber].filter(Boolean).join(' · ')}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="search-status" role="status">
          {status}
        </p>
        <p className="search-keys muted">↑ ↓ to move · Enter to open · Esc to close</p>
      </div>
    </div>
  );
}
