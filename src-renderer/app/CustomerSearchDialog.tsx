// Ctrl+K (Cmd+K on macOS) from anywhere: find a customer in the offline cache (name, email, phone, BVN or
// NIN, customer id or its last characters) or open a card by its id, and go there. Enter opens what the
// box says: when the search for the text in the box has not answered yet, Enter waits for that answer.
import { useEffect, useId, useRef, useState } from 'react';
import { customerName, matchedOtherNames } from '../components/customers/customerFields';
import { useCacheStatus, useCustomerSearch } from '../components/customers/useCustomerSearch';
import { EmptyCacheSync } from './EmptyCacheSync';
import { focusPageHeading } from '../lib/focusHeading';
import { useOpenTyped } from '../components/customers/useOpenTyped';
import { cacheAgeText } from '../components/customers/cacheAge';
import { navigate } from '../lib/routes';
import { foundText, searchOptions, type SearchOption } from './searchOptions';
import { useKnownCardSearch } from './useKnownCardSearch';
import { displayPan, formatPhone } from '../lib/format';
import './customer-search-dialog.css';

const MAX_RESULTS = 8;
const MAX_CARDS = 4;

/** True while another dialog (an issuing wizard, a form) holds the keyboard: Ctrl+K leaves it alone. */
const anotherDialogOpen = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

export function CustomerSearchDialog(): React.JSX.Element | null {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        if (!anotherDialogOpen()) setOpen(true);
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
  const syncRef = useRef<HTMLButtonElement>(null);
  /** Set when the dialog closes by opening a record: focus then goes to that record's heading. */
  const openedRecord = useRef(false);
  const cache = useCacheStatus().data?.data;
  const cacheEmpty = cache !== undefined && cache.customers === 0 && !cache.syncing;
  /** The first sync is under way: the search finds customers as their pages arrive. */
  const firstFilling = cache !== undefined && cache.syncing && cache.lastSyncedAt === null;
  const listId = useId();
  const search = useCustomerSearch(query, MAX_RESULTS, { enabled: query.trim() !== '' });
  const cardSearch = useKnownCardSearch(query, MAX_CARDS);
  const answered = query.trim() ? search.answeredQuery : null;
  const options =
    answered !== null
      ? searchOptions(answered, search.data?.data.results ?? [], cardSearch.resultsFor(answered) ?? [])
      : [];

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    inputRef.current?.focus();
    // Back where the user was; from nowhere in particular, to the page rather than to no element.
    return () => {
      if (openedRecord.current) return;
      const back = previous && previous !== document.body && previous.isConnected ? previous : null;
      (back ?? document.getElementById('main'))?.focus({ preventScroll: true });
    };
  }, []);
  // A new answer starts at its first row (set during render, so the old row is never shown against it).
  const [activeFor, setActiveFor] = useState(answered);
  if (activeFor !== answered) {
    setActiveFor(answered);
    setActive(0);
  }

  const openOption = (option: SearchOption) => {
    openedRecord.current = true;
    onClose();
    if (option.kind === 'card') navigate('cards', option.id);
    else navigate('customers', option.id);
    // The record's page, not the navigation, is where the operator goes on from.
    focusPageHeading();
  };

  const { openTyped, opening } = useOpenTyped({
    inputRef,
    query,
    answered,
    options,
    active,
    open: openOption,
    // Either search may fail (the live list shows why); a whole card id still opens its card.
    firstFor: async (text) => {
      const [answer, cards] = await Promise.allSettled([search.answer(text), cardSearch.answer(text)]);
      return searchOptions(
        text,
        answer.status === 'fulfilled' ? answer.value.results : [],
        cards.status === 'fulfilled' ? cards.value : [],
      )[0];
    },
  });

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
    else if (e.key === 'ArrowDown') setActive((i) => Math.min(options.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Enter') void openTyped();
    else if (e.key === 'Tab' && syncRef.current) syncRef.current.focus();
    else if (e.key === 'Tab') {
      // The dialog has one control; focus stays in it.
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  const activeOption = options[active] ? optionId(active) : undefined;
  const status = searchStatus({ query, opening, search, answered, options });

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
          aria-label="Customer name, email, phone or id, or a card id"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Search customers, or paste a card id"
          autoComplete="off"
          spellCheck={false}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching customers and cards"
          className="search-results"
          data-answered-query={answered ?? ''}
          hidden={options.length === 0}
        >
          {options.map((o, i) => (
            <li
              key={`${o.kind}-${o.id}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseEnter={() => setActive(i)}
              onClick={() => openOption(o)}
            >
              <SearchOptionText option={o} answered={answered ?? ''} />
            </li>
          ))}
        </ul>
        <p className="search-status" role="status">
          {status}
        </p>
        {firstFilling ? (
          <p className="muted" data-testid="first-sync-running">
            The first sync is filling the customer cache: customers can be found as they arrive.
          </p>
        ) : null}
        {cacheEmpty ? (
          <EmptyCacheSync buttonRef={syncRef} onBack={() => inputRef.current?.focus()} onClose={onClose} />
        ) : null}
        <p className="search-keys muted">↑ ↓ to move · Enter to open · Esc to close</p>
      </div>
    </div>
  );
}

/** What the line under the box says: what to type, that it is searching, or what it found. */
function searchStatus({
  query,
  opening,
  search,
  answered,
  options,
}: {
  query: string;
  opening: string | null;
  search: ReturnType<typeof useCustomerSearch>;
  answered: string | null;
  options: readonly SearchOption[];
}): string {
  const data = search.data?.data;
  if (!query.trim()) return 'Type a name, email, phone, BVN or NIN, a customer id (or its last 8) or a card id.';
  if (opening) return 'Opening…';
  if (search.error) return search.error.appError.message;
  if (!data || answered !== query.trim()) return 'Searching…';
  if (options.length === 0) {
    return data.lastSyncedAt === null && data.total === 0
      ? 'The customer cache is empty: sync it to search customers.'
      : 'No cached customer matches.';
  }
  if (data.results.length === 0) {
    return options.some((o) => o.kind === 'card' && o.card)
      ? 'Known cards match.'
      : 'No cached customer matches; it may be a card id.';
  }
  return `${foundText(data.total, data.totalCapped === true, options)} · ${cacheAgeText(data.cacheAgeMs)}`;
}

/** One option: a customer with what matched, a known card, or a card id to open. */
function SearchOptionText({ option: o, answered }: { option: SearchOption; answered: string }): React.JSX.Element {
  return o.kind === 'customer' ? (
    <>
      <span className="result-name">{customerName(o.customer)}</span>
      <span className="result-meta">
        {[
          matchedOtherNames(o.customer, answered ?? ''),
          o.customer.emailAddress,
          o.customer.phoneNumber && formatPhone(o.customer.phoneNumber),
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </>
  ) : o.card ? (
    <>
      <span className="result-name">Card {displayPan(o.card.maskedPan)}</span>
      <span className="result-meta">
        {[o.card.brand, o.card.type, o.card.status, `…${o.id.slice(-8)}`].filter(Boolean).join(' · ')}
      </span>
    </>
  ) : (
    <>
      <span className="result-name">Open card</span>
      <span className="result-meta mono">{o.id}</span>
    </>
  );
}
