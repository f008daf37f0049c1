// What of a customer the cache stores in columns: what search, sorting and filtering read.
import type { Customer } from '../../../src-shared/api/records';
import { customerListName } from '../../../src-shared/api/customer-name';
import { visibleText } from '../../../src-shared/api/visible-text';
import { nationalNumber } from './phone';

export interface SearchFields {
  /** Every distinct name word (display name, first, last and other names), for the names index. */
  names: string;
  /** Lower-cased email address; '' when none. */
  email: string;
  /** National significant number (see phone.ts); '' when none. */
  phone: string;
}

export function searchFieldsOf(customer: Customer): SearchFields {
  const person = customer.individual;
  const words = new Set<string>();
  for (const part of [customer.name, person?.firstName, person?.lastName, person?.otherNames]) {
    if (typeof part !== 'string') continue;
    // Indexed as it shows: "Zero<U+200B>width" is the word "Zerowidth" on screen (visible-text.ts).
    for (const w of visibleText(part).split(/\s+/)) if (w) words.add(w);
  }
  return {
    names: [...words].join(' '),
    email: typeof customer.emailAddress === 'string' ? customer.emailAddress.trim().toLowerCase() : '',
    phone: typeof customer.phoneNumber === 'string' ? nationalNumber(customer.phoneNumber) : '',
  };
}

/** One row of the customers table: the columns, and the customer its compact record is made of (in the store). */
export interface CustomerRow extends SearchFields {
  id: string;
  /** 0 not approved, 1 approved, 2 unknown (sorts not approved first). */
  kyc: number;
  /** createdAt in ms, for sorting by date; null when it has none. */
  created: number | null;
  /** The identity (BVN/NIN) number; null when none. */
  identity: string | null;
  /** The name the lists show, as `shownName` stores it. */
  shown: number | string;
  /** The customer has fields that could not be read (src-shared/api/tolerant-read.ts). */
  unreadable?: boolean;
  customer: Customer;
}

export const KYC_NOT_APPROVED = 0;
export const KYC_APPROVED = 1;
export const KYC_UNKNOWN = 2;

const finiteOrNull = (n: number): number | null => (Number.isFinite(n) ? n : null);

function identityOf(customer: Customer): string | null {
  const person: unknown = customer.individual;
  if (typeof person !== 'object' || person === null || Array.isArray(person)) return null;
  const identity: unknown = (person as { identity?: unknown }).identity;
  if (typeof identity !== 'object' || identity === null || Array.isArray(identity)) return null;
  const n = (identity as { number?: unknown }).number;
  return typeof n === 'string' && n !== '' ? n : null;
}

/**
 * The name the lists show (customer-name.ts) as the `shown` column holds it: how many of the first words
 * of `names` it is (0: no name), or the name itself where it is not those words (names given in another
 * order, spacing or characters the index leaves out). Name words only: what the lists show of a customer
 * is read from the plain columns, and its sealed record opened only where the whole customer is needed.
 */
export function shownName(customer: Customer, names: string): number | string {
  // Only text counts: a field of another type (an odd record, tolerant-read.ts) names no one.
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const person: { firstName?: unknown; otherNames?: unknown; lastName?: unknown } | undefined =
    typeof customer.individual === 'object' && customer.individual !== null ? customer.individual : undefined;
  const shown = customerListName({
    _id: '',
    name: text(customer.name),
    individual: {
      firstName: text(person?.firstName),
      otherNames: text(person?.otherNames),
      lastName: text(person?.lastName),
    },
  });
  if (shown === '') return 0;
  const count = shown.split(' ').length;
  return names.split(' ', count).join(' ') === shown ? count : shown;
}

export function customerRow(customer: Customer): CustomerRow {
  const approved = customer.isApproved;
  const fields = searchFieldsOf(customer);
  return {
    id: customer._id,
    ...fields,
    shown: shownName(customer, fields.names),
    kyc: approved === true ? KYC_APPROVED : approved === false ? KYC_NOT_APPROVED : KYC_UNKNOWN,
    created: typeof customer.createdAt === 'string' ? finiteOrNull(Date.parse(customer.createdAt)) : null,
    identity: identityOf(customer),
    ...(customer.cardDeskUnreadable ? { unreadable: true } : {}),
    customer,
  };
}
