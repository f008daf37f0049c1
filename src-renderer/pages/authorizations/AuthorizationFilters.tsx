// The Authorizations filters beyond the dates: card (last four or id), customer, merchant and amount range.
// Their values live in the address with the rest of the list's query.
import type { AuthorizationFilter } from '../../../src-shared/api/authorization-filter';

export interface FilterValues {
  approved: string;
  card: string;
  customer: string;
  merchant: string;
  minAmount: string;
  maxAmount: string;
}

export const FILTER_DEFAULTS = { card: '', customer: '', merchant: '', minAmount: '', maxAmount: '' };

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const short = (s: string) => s.slice(0, 100);

/** The address's filter values, with anything unreadable dropped. */
export function cleanFilters<V extends FilterValues>(raw: V): Pick<V, keyof typeof FILTER_DEFAULTS> {
  return {
    card: short(raw.card),
    customer: short(raw.customer),
    merchant: short(raw.merchant),
    minAmount: AMOUNT.test(raw.minAmount) ? raw.minAmount : '',
    maxAmount: AMOUNT.test(raw.maxAmount) ? raw.maxAmount : '',
  };
}

/** The filter the list and its export apply. */
export function filterOf(v: FilterValues): AuthorizationFilter {
  const t = (s: string) => (s.trim() ? s.trim() : undefined);
  return {
    ...(v.approved === 'yes' || v.approved === 'no' ? { approved: v.approved } : {}),
    ...(t(v.card) ? { card: t(v.card) } : {}),
    ...(t(v.customer) ? { customer: t(v.customer) } : {}),
    ...(t(v.merchant) ? { merchant: t(v.merchant) } : {}),
    ...(v.minAmount ? { minAmount: Number(v.minAmount) } : {}),
    ...(v.maxAmount ? { maxAmount: Number(v.maxAmount) } : {}),
  };
}

export function AuthorizationFilters({
  values,
  onChange,
}: {
  values: FilterValues;
  onChange: (patch: Partial<FilterValues>) => void;
}): React.JSX.Element {
  const input = (key: keyof typeof FILTER_DEFAULTS, label: string, placeholder: string, size: number) => (
    <label>
      {label}
      <input
        type={key.endsWith('Amount') ? 'number' : 'search'}
        min={key.endsWith('Amount') ? 0 : undefined}
        step={key.endsWith('Amount') ? '0.01' : undefined}
        value={values[key]}
        placeholder={placeholder}
        size={size}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange({ [key]: e.target.value, page: '0' } as Partial<FilterValues>)}
      />
    </label>
  );
  return (
    <div className="filters-row" role="group" aria-label="Filters">
      {input('card', 'Card', 'Last four or id', 14)}
      {input('customer', 'Customer', 'Name or id', 16)}
      {input('merchant', 'Merchant', 'Name', 14)}
      {input('minAmount', 'Amount from', '0.00', 9)}
      {input('maxAmount', 'Amount to', 'any', 9)}
    </div>
  );
}
