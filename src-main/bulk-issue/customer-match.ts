// Finding a row's customer in the offline customer cache by what the file gives: an id, an email, a
// phone number in any form or a BVN/NIN. Exactly one customer must match; none or several is a row for
// the operator to fix, with the candidates named. A whole file's customers are looked up at once
// (matchCustomers: every id, email, phone and BVN/NIN of the file in a few set queries of the cache), so
// checking a file grows with its rows and not with the cache.
import type { Customer } from '../../src-shared/api/records';
import { OBJECT_ID } from '../../src-shared/api/rules';
import { normalizeId } from '../../src-shared/api/input-rules';
import { nationalNumber } from '../cache/search/phone';
import type { ExactFound, ExactKeys } from '../cache/store/exact-lookup';
import { normaliseIdentity } from '../cache/store/record-seal';

/** What the matching needs of the customer cache. */
export interface CustomerLookup {
  get(id: string): Promise<Customer | null>;
  search(query: string, limit?: number): Promise<{ results: Customer[] }>;
  /**
   * Every customer one of these keys names exactly, each once, as the lists show them (the cache's set
   * look-up), with the BVN/NIN an identity key found each by.
   */
  findExact?(keys: ExactKeys): Promise<ExactFound>;
}

/** A customer's BVN/NIN, as the matching compares it. */
type IdentityOf = (c: Customer) => string | undefined;
const recordIdentity: IdentityOf = (c) => {
  const n = c.individual?.identity?.number;
  return typeof n === 'string' ? normaliseIdentity(n) : undefined;
};

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
  const kind = t === '' ? 'unknown' : kindOfCustomerText(t);
  let found: Customer[] = [];
  if (kind === 'id') {
    const c = await lookup.get(normalizeId(t));
    found = c ? [c] : [];
  } else if (kind !== 'unknown') {
    found = (await lookup.search(kind === 'email' ? t.toLowerCase() : t, CANDIDATES)).results;
  }
  return matchOf(t, kind, found, recordIdentity);
}

/**
 * The customers of many rows' customer columns, in their order: every key of them looked up at once when
 * the cache can (findExact), otherwise row by row.
 */
export async function matchCustomers(lookup: CustomerLookup, texts: readonly string[]): Promise<CustomerMatch[]> {
  if (!lookup.findExact) {
    const out: CustomerMatch[] = [];
    for (const text of texts) out.push(await matchCustomer(lookup, text));
    return out;
  }
  const keys = { ids: [] as string[], emails: [] as string[], phones: [] as string[], identities: [] as string[] };
  const kinds = texts.map((text) => {
    const t = text.trim();
    const kind = t === '' ? 'unknown' : kindOfCustomerText(t);
    if (kind === 'id') keys.ids.push(normalizeId(t));
    else if (kind === 'email') keys.emails.push(t.toLowerCase());
    else if (kind === 'phone' || kind === 'identity') keys.phones.push(nationalNumber(t));
    if (kind === 'identity') keys.identities.push(t);
    return kind;
  });
  const { customers: everyone, identities } = await lookup.findExact(keys);
  const identityOf: IdentityOf = (c) => identities.get(c._id);
  const order = new Map(everyone.map((c, i) => [c, i]));
  const byKey = new Map<string, Customer[]>();
  const file = (key: string, c: Customer) => {
    const list = byKey.get(key);
    if (!list) byKey.set(key, [c]);
    else if (!list.includes(c)) list.push(c);
  };
  for (const c of everyone) {
    file(`id:${c._id}`, c);
    if (c.emailAddress) file(`email:${c.emailAddress.toLowerCase()}`, c);
    if (c.phoneNumber) file(`phone:${nationalNumber(c.phoneNumber)}`, c);
    const identity = identityOf(c);
    if (identity) file(`identity:${identity}`, c);
  }
  return texts.map((text, i) => {
    const t = text.trim();
    const kind = kinds[i]!;
    const at = (key: string) => byKey.get(key) ?? [];
    if (kind === 'id') return matchOf(t, kind, at(`id:${normalizeId(t)}`), identityOf);
    if (kind === 'email') return matchOf(t, kind, at(`email:${t.toLowerCase()}`), identityOf);
    if (kind === 'phone' || kind === 'identity') {
      const phone = at(`phone:${nationalNumber(t)}`);
      const identity = kind === 'identity' ? at(`identity:${t}`).filter((c) => !phone.includes(c)) : [];
      // In the cache's order, as a search lists them.
      const both = [...phone, ...identity].sort((a, b) => order.get(a)! - order.get(b)!);
      return matchOf(t, kind, both, identityOf);
    }
    return matchOf(t, kind, [], identityOf);
  });
}

/**
 * A row's match from the customers its key found (`candidates`, filtered here to exact ones); `identityOf`
 * gives a candidate's BVN/NIN.
 */
function matchOf(
  t: string,
  kind: ReturnType<typeof kindOfCustomerText>,
  candidates: Customer[],
  identityOf: IdentityOf,
): CustomerMatch {
  if (t === '')
    return { kind: 'none', message: 'customer is empty: give an id, an email, a phone number or a BVN/NIN' };
  let found: Customer[];
  if (kind === 'id') {
    found = candidates;
  } else if (kind === 'email') {
    const email = t.toLowerCase();
    found = candidates.filter((c) => c.emailAddress?.toLowerCase() === email);
  } else if (kind === 'phone' || kind === 'identity') {
    const national = nationalNumber(t);
    found = candidates.filter(
      (c) =>
        (c.phoneNumber && nationalNumber(c.phoneNumber) === national) || (kind === 'identity' && identityOf(c) === t),
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
