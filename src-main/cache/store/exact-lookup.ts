// The customers a whole file names, found in set queries: every id, email, phone number and BVN/NIN the
// file gives looked up at once, one statement for each kind (for many keys, one for each few hundred),
// instead of one search per row: checking a file costs in its rows, not in the cache's size. What a key
// finds is what a search of it finds exactly (the same columns and indexes); the caller tells which
// customer answers which key from the opened records.
import type { StatementSync } from 'node:sqlite';
import type { Customer } from '../../../src-shared/api/records';
import { quote } from '../search/search-plan';

/** The keys a file gives: ids, lower-cased emails, national phone numbers (phone.ts), BVN/NIN numbers. */
export interface ExactKeys {
  ids?: readonly string[];
  emails?: readonly string[];
  phones?: readonly string[];
  identities?: readonly string[];
}

/** Keys asked in one statement at most. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const distinct = (items: readonly string[] | undefined): string[] => [...new Set(items ?? [])].filter((k) => k !== '');

/** The customers the keys found (CustomerReader.findExact), with the BVN/NIN each identity key found. */
export interface ExactFound {
  customers: Customer[];
  /** Customer id to the BVN/NIN of `keys` whose blind index is the customer's (the number stays sealed). */
  identities: Map<string, string>;
}

/** What the keys found: the rows, and the BVN/NIN of each customer an identity key found by it. */
export interface ExactRows {
  /** The rows (seq) found, in no particular order. */
  seqs: number[];
  /** Customer id to the identity number whose blind index is the customer's (the number stays sealed in the row). */
  identities: Map<string, string>;
}

/**
 * The rows of every customer one of `keys` names. `blindIndex`: an identity number's blind index
 * (record-seal.ts), null for one that cannot be a number.
 */
export function exactSeqs(
  stmt: (sql: string) => StatementSync,
  blindIndex: (value: string) => Uint8Array | null,
  keys: ExactKeys,
): ExactRows {
  const seqs = new Set<number>();
  const identities = new Map<string, string>();
  const add = (rows: Record<string, unknown>[]) => {
    for (const r of rows) seqs.add(Number(r.seq));
  };
  for (const part of chunks(distinct(keys.ids)))
    add(stmt('SELECT seq FROM customers WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(part)));
  for (const part of chunks(distinct(keys.emails))) {
    const list = JSON.stringify(part);
    add(stmt('SELECT seq FROM customer_emails WHERE email IN (SELECT value FROM json_each(?))').all(list));
    // Rows past the email index's last chunk (a sync stopped part-way) hold their email in their own column.
    add(
      stmt(
        `SELECT seq FROM customers WHERE seq > coalesce((SELECT value FROM meta WHERE key = 'emails_through_seq'), 0)
           AND email IN (SELECT value FROM json_each(?))`,
      ).all(list),
    );
  }
  for (const part of chunks(distinct(keys.phones).filter((p) => /^\d+$/.test(p))))
    add(
      stmt('SELECT rowid AS seq FROM customer_phones WHERE customer_phones MATCH ?').all(
        part.map((p) => quote(p)).join(' OR '),
      ),
    );
  const byIdentity = stmt('SELECT seq, id FROM customers WHERE identity = ?');
  for (const number of distinct(keys.identities)) {
    const index = blindIndex(number);
    if (!index) continue;
    const rows = byIdentity.all(index);
    add(rows);
    for (const r of rows) identities.set(String(r.id), number);
  }
  return { seqs: [...seqs], identities };
}
