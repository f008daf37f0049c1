// A customer as the lists show it, read from the plain columns alone: the name (the `shown` column with
// the name words of `names`, search-fields.ts) and the name words it leaves out as other names, email, phone,
// KYC state, creation time and id. No record
// is opened for it; the customer's own page, exports and whatever needs the whole customer read the
// sealed record (customer-reader.ts, `get`).
import type { Customer } from '../../../src-shared/api/records';
import { KYC_APPROVED, KYC_NOT_APPROVED } from '../search/search-fields';

/** The columns a listed customer is read from. */
export const LISTED_COLUMNS = 'id, names, email, phone, kyc, created, shown';

/** The listed customer of a row; null for a row written before `shown` (its record is opened instead). */
export function listedCustomer(row: Record<string, unknown>): Customer | null {
  const shown = row.shown;
  if (shown === null || shown === undefined) return null;
  const customer: Customer = { _id: String(row.id) };
  const words = String(row.names).split(' ').filter(Boolean);
  const name = typeof shown === 'string' ? shown : words.slice(0, Number(shown)).join(' ');
  if (name !== '') customer.name = name;
  // The name words the shown name leaves out (a middle name), so a list can say why a search matched them.
  const inName = new Set(name.toLowerCase().split(/\s+/));
  const other = words.filter((w) => !inName.has(w.toLowerCase())).join(' ');
  if (other !== '') customer.individual = { otherNames: other };
  const kyc = Number(row.kyc);
  if (kyc === KYC_APPROVED || kyc === KYC_NOT_APPROVED) customer.isApproved = kyc === KYC_APPROVED;
  const email = String(row.email);
  if (email !== '') customer.emailAddress = email;
  const phone = String(row.phone);
  // The column holds the national number (phone.ts); shown in its international form.
  if (phone !== '') customer.phoneNumber = `+234${phone}`;
  if (row.created !== null) customer.createdAt = new Date(Number(row.created)).toISOString();
  return customer;
}
