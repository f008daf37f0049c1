// A customer as the lists show it, read from the plain columns alone: the name (the `shown` column with
// the name words of `names`, search-fields.ts) and the name words it leaves out as other names, email, phone,
// KYC state, creation time and id. No record
// is opened for it; the customer's own page, exports and whatever needs the whole customer read the
// sealed record (customer-reader.ts, `get`).
import type { Customer } from '../../../src-shared/api/records';
import { KYC_APPROVED, KYC_NOT_APPROVED } from '../search/search-fields';

/**
 * The columns a listed customer is read from, in the order of ListedRow, then what its record is opened
 * with when `shown` is missing (record-opener.ts, RECORD_COLUMNS).
 */
export const LISTED_COLUMNS = 'seq, id, names, email, phone, kyc, created, shown, sealed_in, sealed_at';

/**
 * A row read with LISTED_COLUMNS as an array (StatementSync.setReturnArrays): a search lists tens of
 * rows, and an array a row costs SQLite's binding far less than an object with named properties.
 */
export type ListedRow = readonly unknown[];

/** The row's seq (its place in the service's order). */
export const listedSeq = (row: ListedRow): number => Number(row[0]);

/** What the row's record is opened with when it has no `shown` (RECORD_COLUMNS). */
export const recordColumnsOf = (row: ListedRow): Record<string, unknown> => ({
  id: row[1],
  sealed_in: row[8],
  sealed_at: row[9],
});

/** The listed customer of a row; null for a row written before `shown` (its record is opened instead). */
export function listedCustomer(row: ListedRow): Customer | null {
  const [, id, names, email, phone, kyc, created, shown] = row;
  if (shown === null || shown === undefined) return null;
  const customer: Customer = { _id: String(id) };
  const words = String(names).split(' ').filter(Boolean);
  const count = typeof shown === 'string' ? -1 : Number(shown);
  const name = typeof shown === 'string' ? shown : words.slice(0, count).join(' ');
  if (name !== '') customer.name = name;
  // The name words the shown name leaves out (a middle name), so a list can say why a search matched them.
  if (count < 0 || words.length > count) {
    const inName = new Set(name.toLowerCase().split(/\s+/));
    const other = words.filter((w) => !inName.has(w.toLowerCase())).join(' ');
    if (other !== '') customer.individual = { otherNames: other };
  }
  const state = Number(kyc);
  if (state === KYC_APPROVED || state === KYC_NOT_APPROVED) customer.isApproved = state === KYC_APPROVED;
  if (email !== '') customer.emailAddress = String(email);
  // The column holds the national number (phone.ts); shown in its international form.
  if (phone !== '') customer.phoneNumber = `+234${String(phone)}`;
  if (created !== null) customer.createdAt = new Date(Number(created)).toISOString();
  return customer;
}
