// What of a customer the cache makes searchable, computed once when the customer is stored.
import type { Customer } from '../../src-shared/api/records';
import { nationalNumber } from './phone';

export interface SearchFields {
  /** Every distinct name word (display name, first, last and other names), for the full-text index. */
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
