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

/** Where the first `count` space-separated words of `names` end (the index just past the last of them). */
function endOfWords(names: string, count: number): number {
  let end = 0;
  for (let word = 0; word < count && end < names.length; word++) {
    // Each word after the first starts past the space that ended the one before.
    const space = names.indexOf(' ', word === 0 ? 0 : end + 1);
    end = space === -1 ? names.length : space;
  }
  return end;
}

/** The words of `rest` that are not words of `name` (in any case), as the list shows other names. */
function otherNames(name: string, rest: string): string {
  const inName = name.toLowerCase().split(/\s+/);
  return rest
    .split(' ')
    .filter((w) => w !== '' && !inName.includes(w.toLowerCase()))
    .join(' ');
}

/**
 * The listed customer of a row; null for a row written before `shown` (its record is opened instead).
 * A search lists tens of these at every key: the name is cut from `names` once, not rebuilt from its words.
 */
export function listedCustomer(row: ListedRow): Customer | null {
  const [, id, names, email, phone, kyc, created, shown] = row;
  if (shown === null || shown === undefined) return null;
  const customer: Customer = { _id: String(id) };
  const all = String(names);
  let name: string;
  let rest = all;
  if (typeof shown === 'string') name = shown;
  else {
    // `shown` counts the first words of `names` that make the name (search-fields.ts, shownName).
    const count = Number(shown);
    const end = endOfWords(all, count);
    name = all.slice(0, end);
    rest = count === 0 ? all : all.slice(end + 1);
  }
  if (name !== '') customer.name = name;
  // The name words the shown name leaves out (a middle name), so a list can say why a search matched them.
  const other = rest === '' ? '' : otherNames(name, rest);
  if (other !== '') customer.individual = { otherNames: other };
  const state = Number(kyc);
  if (state === KYC_APPROVED || state === KYC_NOT_APPROVED) customer.isApproved = state === KYC_APPROVED;
  if (email !== '') customer.emailAddress = String(email);
  // The column holds the national number (phone.ts); shown in its international form.
  if (phone !== '') customer.phoneNumber = `+234${String(phone)}`;
  if (created !== null) customer.createdAt = new Date(Number(created)).toISOString();
  return customer;
}
