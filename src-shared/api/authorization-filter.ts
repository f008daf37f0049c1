// The filters an operator puts on Authorizations beyond the date range (which the service applies):
// approved or not, the card (its last four or its id), the customer (name or id), the merchant (name) and
// an amount range. The page applies them to every authorization of the range, and the export applies the
// same definition, so the file holds exactly the rows the list shows.
import { z } from 'zod';
import { customerDisplayName } from './customer-name';

export interface AuthorizationFilter {
  approved?: 'yes' | 'no';
  /** The card's last four digits, or its id (whole, or its last characters). */
  card?: string;
  /** Part of the customer's name, or their id. */
  customer?: string;
  /** Part of the merchant's name. */
  merchant?: string;
  minAmount?: number;
  maxAmount?: number;
}

const text = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(100, { error: `${field} must be at most 100 characters` })
    .optional()
    .transform((v) => (v ? v : undefined));
const amount = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number` })
    .min(0, { error: `${field} must be 0 or more` })
    .optional();

/** The filter fields of an authorizations query (the page's address, the export's query). */
export const authorizationFilterShape = {
  card: text('card'),
  customer: text('customer'),
  merchant: text('merchant'),
  minAmount: amount('minAmount'),
  maxAmount: amount('maxAmount'),
};

interface Filterable {
  approved?: boolean;
  amount?: number;
  card?: string | { _id?: string; maskedPan?: string } | null;
  customer?: string | { _id?: string; name?: string; individual?: { firstName?: string; lastName?: string } } | null;
  merchant?: { name?: string } | null;
}

const idOf = (ref: string | { _id?: string } | null | undefined): string =>
  typeof ref === 'string' ? ref : (ref?._id ?? '');
const lower = (s: string | undefined) => (s ?? '').toLowerCase();

function cardMatches(a: Filterable, wanted: string): boolean {
  const w = wanted.replace(/\s/g, '').toLowerCase();
  const id = idOf(a.card).toLowerCase();
  const pan = typeof a.card === 'object' && a.card ? (a.card.maskedPan ?? '') : '';
  if (/^\d{4}$/.test(w)) return pan.replace(/\D/g, '').endsWith(w) || id.endsWith(w);
  return id !== '' && id.endsWith(w.replace(/^…/, ''));
}

function customerMatches(a: Filterable, wanted: string): boolean {
  const w = wanted.toLowerCase();
  const id = idOf(a.customer).toLowerCase();
  if (id && (id === w || (w.length >= 6 && id.endsWith(w)))) return true;
  const c = typeof a.customer === 'object' && a.customer ? a.customer : undefined;
  return lower(customerDisplayName(c)).includes(w);
}

/** Whether one authorization passes every filter given. */
export function authorizationMatches(a: Filterable, f: AuthorizationFilter): boolean {
  if (f.approved === 'yes' && a.approved !== true) return false;
  if (f.approved === 'no' && a.approved === true) return false;
  if (f.card && !cardMatches(a, f.card)) return false;
  if (f.customer && !customerMatches(a, f.customer)) return false;
  if (f.merchant && !lower(a.merchant?.name ?? undefined).includes(f.merchant.toLowerCase())) return false;
  if (f.minAmount !== undefined && !(typeof a.amount === 'number' && a.amount >= f.minAmount)) return false;
  if (f.maxAmount !== undefined && !(typeof a.amount === 'number' && a.amount <= f.maxAmount)) return false;
  return true;
}

/** True when any filter beyond the date range is set (the page then loads the whole range). */
export const hasAuthorizationFilter = (f: AuthorizationFilter): boolean =>
  f.approved !== undefined ||
  Boolean(f.card || f.customer || f.merchant) ||
  f.minAmount !== undefined ||
  f.maxAmount !== undefined;
