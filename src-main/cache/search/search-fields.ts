// What of a customer the cache stores in columns: what search, sorting and filtering read.
import type { Customer } from '../../../src-shared/api/records';
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

export function customerRow(customer: Customer): CustomerRow {
  const approved = customer.isApproved;
  return {
    id: customer._id,
    ...searchFieldsOf(customer),
    kyc: approved === true ? KYC_APPROVED : approved === false ? KYC_NOT_APPROVED : KYC_UNKNOWN,
    created: typeof customer.createdAt === 'string' ? finiteOrNull(Date.parse(customer.createdAt)) : null,
    identity: identityOf(customer),
    ...(customer.cardDeskUnreadable ? { unreadable: true } : {}),
    customer,
  };
}
