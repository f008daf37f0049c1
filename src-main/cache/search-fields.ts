// What of a customer the cache stores: its JSON and its searchable columns, computed on the calling
// thread (posting a few strings to the worker is cheaper than posting the customer's object graph).
import type { Customer } from '../../src-shared/api/records';
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
    for (const w of part.split(/\s+/)) if (w) words.add(w);
  }
  return {
    names: [...words].join(' '),
    email: typeof customer.emailAddress === 'string' ? customer.emailAddress.trim().toLowerCase() : '',
    phone: typeof customer.phoneNumber === 'string' ? nationalNumber(customer.phoneNumber) : '',
  };
}

/** One row of the customers table. */
export interface CustomerRow extends SearchFields {
  id: string;
  json: string;
}

export function customerRow(customer: Customer): CustomerRow {
  return { id: customer._id, json: JSON.stringify(customer), ...searchFieldsOf(customer) };
}
