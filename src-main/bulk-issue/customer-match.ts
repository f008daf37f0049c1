// Finding a row's customer in the offline customer cache by what the file gives: an id, an email, a
// phone number in any form or a BVN/NIN. Exactly one customer must match; none or several is a row for
// the operator to fix, with the candidates named. The cache answers each look-up in about a millisecond.
import type { Customer } from '../../src-shared/api/records';
import { OBJECT_ID } from '../../src-shared/api/rules';
import { normalizeId } from '../../src-shared/api/input-rules';
import { nationalNumber } from '../cache/search/phone';

/** What the matching needs of the customer cache. */
export interface CustomerLookup {
  get(id: string): Promise<Customer | null>;
  search(query: string, limit?: number): Promise<{ results: Customer[] }>;
}

export type CustomerMatch =
  | { kind: 'one'; customer: Customer }
  | { kind: 'none'; message: string }
  | { kind: 'several'; candidates: Customer[]; message: string };

/** Candidates read per look-up: enough to tell one from several and name a few. */
const CANDIDATES = 20;
const NAMED = 5;

/** How the customer column reads: an id, an email, a phone number or a BVN/NIN. */
export function kindOfCustomerText(text: string): 'id' | 'email' | 'identity' | 'phone' | 'unknown' {
  const t = text.trim();
  if (OBJECT_ID.test(normalizeId(t))) return 'id';
  if (t.includes('@')) return 'email';
  // BVN and NIN are 11 digits; a national phone number with its leading 0 is 11 digits too, so both are tried.
  if (/^\d{11}$/.test(t)) return 'identity';
  if (/^\+?[\d\s().\-/]+$/.test(t) && t.replace(/\D/g, '').length >= 7) return 'phone';
  return 'unknown';
}

export function customerNameOf(c: Customer): string {
  const parts = [c.individual?.firstName, c.individual?.lastName].filter(Boolean);
  return c.name?.trim() || parts.join(' ') || c._id;
}

/** The customer a row's customer column names, through the cache. */
export async function matchCustomer(lookup: CustomerLookup, text: string): Promise<CustomerMatch> {
  const t = text.trim();
  if (t === '')
    return { kind: 'none', message: 'customer is empty: give an id, an email, a phone number or a BVN/NIN' };
  const kind = kindOfCustomerText(t);
  let found: Customer[];
  if (kind === 'id') {
    const c = await lookup.get(normalizeId(t));
    found = c ? [c] : [];
  } else if (kind === 'email') {
    const email = t.toLowerCase();
    found = (await lookup.search(email, CANDIDATES)).results.filter((c) => c.emailAddress?.toLowerCase() === email);
  } else if (kind === 'phone' || kind === 'identity') {
    const national = nationalNumber(t);
    found = (await lookup.search(t, CANDIDATES)).results.filter(
      (c) =>
        (c.phoneNumber && nationalNumber(c.phoneNumber) === national) ||
        (kind === 'identity' && c.individual?.identity?.number === t),
    );
  } else {
    return {
      kind: 'none',
      message: `customer "${t}" is not an id, an email, a phone number or a BVN/NIN`,
    };
  }
  if (found.length === 1) return { kind: 'one', customer: found[0]! };
  if (found.length === 0) {
    return {
      kind: 'none',
      message: `No customer in the offline cache has the ${kind === 'identity' ? 'BVN/NIN or phone number' : kind === 'id' ? 'id' : kind} ${t}. Sync the customer list, or correct the row.`,
    };
  }
  const named = found
    .slice(0, NAMED)
    .map((c) => `${customerNameOf(c)} (${c._id})`)
    .join(', ');
  return {
    kind: 'several',
    candidates: found,
    message: `${found.length} customers match ${t}: ${named}${found.length > NAMED ? ', …' : ''}. Put the customer's id in the row.`,
  };
}
