// The Accounts search: the service lists accounts by currency and type only, so Card Desk matches the text
// itself, on every account of those filters. The page and its export use this one rule, so the file holds
// exactly the rows the list shows.
import { bankByCode } from './banks';

interface Searchable {
  _id?: string;
  accountName?: string;
  accountNumber?: string;
  bankCode?: string;
  provider?: string;
  customer?: string;
}

const squash = (s: string | undefined) => (s ?? '').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whether an account matches the text typed: part of its name, its bank's name or provider; its account number
 * or bank code (spaces and dashes ignored); its id or its customer's id (whole, or their last characters).
 */
export function accountMatches(a: Searchable, text: string): boolean {
  const t = squash(text);
  if (!t) return true;
  const digits = t.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits) && ((a.accountNumber ?? '').includes(digits) || a.bankCode === digits)) return true;
  const words = [a.accountName, a.provider, a.bankCode ? bankByCode(a.bankCode)?.name : undefined].map(squash);
  if (words.some((w) => w.includes(t))) return true;
  const ids = [a._id, a.customer].map((id) => (id ?? '').toLowerCase());
  return t.length >= 6 && ids.some((id) => id !== '' && id.endsWith(t));
}
