// Choose a customer by searching the offline customer cache (name, email, phone or id). A full customer
// id can be used as it is when the cache does not hold that customer yet. Enter chooses from the answer
// to the text in the box, waiting for that search when it has not answered yet.
import { formatPhone } from '../lib/format';
import { useId, useRef, useState } from 'react';
import { isObjectId } from '../../src-shared/api/rules';
import type { Customer } from '../../src-shared/api/records';
import { useEnvironmentKey } from '../components/environment/useEnvironmentKey';
import { bridge } from '../lib/bridge';
import { useBridgeQuery } from '../lib/useBridgeQuery';
import { customerName } from '../components/customers/customerFields';
import { useCustomerSearch } from '../components/customers/useCustomerSearch';
import { useOpenTyped } from '../components/customers/useOpenTyped';
import { FieldError } from '../components/fields/FieldError';

const MAX_RESULTS = 8;

export function CustomerPicker({
  value,
  onChange,
  error,
  label = 'Customer',
}: {
  value: string;
  onChange: (customerId: string, customer: Customer | null) => void;
  error?: string;
  label?: string;
}): React.JSX.Element {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<Customer | null>(null);
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const env = useEnvironmentKey();
  // A customer chosen elsewhere (the customer's own page) is named from the cache.
  const named = useBridgeQuery(
    ['customers', 'get', env, value],
    (opts) => bridge().customers.get({ id: value }, opts),
    {
      enabled: env !== null && Boolean(value) && chosen?._id !== value,
    },
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useCustomerSearch(query, MAX_RESULTS, { enabled: query.trim() !== '' && !value });
  const answered = query.trim() ? search.answeredQuery : null;
  const options = answered !== null ? pickerOptions(answered, search.data?.data.results ?? []) : [];

  const choose = (option: PickerOption) => {
    setChosen(option.customer);
    setQuery('');
    onChange(option.id, option.customer);
  };

  const { openTyped: chooseTyped } = useOpenTyped({
    inputRef,
    query,
    answered,
    options,
    active,
    open: choose,
    firstFor: async (text) => pickerOptions(text, (await search.answer(text)).results)[0],
  });

  if (value) {
    return (
      <div className="form-field">
        <span className="field-label" id={`${id}-label`}>
          {label}
        </span>
        <div className="chosen-customer" aria-labelledby={`${id}-label`} role="group">
          <span>
            {chosen && chosen._id === value
              ? customerName(chosen)
              : named.data
                ? customerName(named.data.data)
                : 'Customer not in the cache'}
          </span>
          <span className="mono muted">{value}</span>
          <button
            type="button"
            onClick={() => {
              setChosen(null);
              onChange('', null);
            }}
            aria-label="Change customer"
          >
            Change
          </button>
        </div>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }

  const status = pickerStatus(query, search, answered, options.length);

  return (
    <div className="form-field customer-picker">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        value={query}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search customers"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(options.length - 1, i + 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
          else if (e.key === 'Enter') void chooseTyped();
          else return;
          e.preventDefault();
        }}
      />
      {options.length > 0 ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching customers"
          className="picker-results"
          data-answered-query={answered ?? ''}
        >
          {options.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
            >
              <OptionText option={o} />
            </li>
          ))}
        </ul>
      ) : null}
      <span className="field-hint" role="status">
        {status}
      </span>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** What the line under the box says: what to type, that it is searching, or what it found. */
function pickerStatus(
  query: string,
  search: ReturnType<typeof useCustomerSearch>,
  answered: string | null,
  shown: number,
): string {
  if (!query.trim()) return 'Type a name, email, phone number or a customer id.';
  if (search.error) return search.error.appError.message;
  if (!search.data || answered !== query.trim()) return 'Searching…';
  if (shown > 0) return `${shown} shown`;
  return search.data.data.total === 0 && search.data.data.lastSyncedAt === null
    ? 'The customer cache is empty: sync customers on the Customers page, or paste a customer id.'
    : 'No cached customer matches.';
}

/** One option: the customer's name with email and phone, or the typed id used as it is. */
function OptionText({ option }: { option: PickerOption }): React.JSX.Element {
  const customer = option.customer;
  return customer ? (
    <>
      <span>{customerName(customer)}</span>
      <span className="muted">
        {[customer.emailAddress, customer.phoneNumber && formatPhone(customer.phoneNumber)].filter(Boolean).join(' · ')}
      </span>
    </>
  ) : (
    <span>
      Use customer id <span className="mono">{option.id}</span>
    </span>
  );
}

interface PickerOption {
  id: string;
  customer: Customer | null;
}

/** The cached customers that answer `text`, and the typed id itself when it is a whole id none of them has. */
function pickerOptions(text: string, found: readonly Customer[]): PickerOption[] {
  const options: PickerOption[] = found.map((c) => ({ id: c._id, customer: c }));
  const typedId = text.trim().toLowerCase();
  if (isObjectId(typedId) && !options.some((o) => o.id === typedId)) options.push({ id: typedId, customer: null });
  return options;
}
