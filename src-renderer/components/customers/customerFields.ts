import { customerListName, otherNamesMatched } from '../../../src-shared/api/customer-name';
import { formatDate } from '../../lib/format';
import type { Customer } from '../../../src-shared/api/records';

/** The name the lists show (shared with the customers export, which orders by it). */
export const customerName = (c: Customer): string => customerListName(c);

export function kycText(c: Customer): string {
  if (c.isApproved === undefined) return '—';
  return c.isApproved ? 'Approved' : 'Not approved';
}

/**
 * The customer list gives `YYYY/MM/DD`; embedded customers give a full timestamp. Shown as every date
 * is (`4 Mar 1990`), from its date part alone, so no zone can move it to another day.
 */
export function dobText(dob: string | undefined): string {
  if (!dob) return '—';
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})/.exec(dob);
  return m ? formatDate(`${m[1]}-${m[2]}-${m[3]}`) : dob;
}

/** "Other names Chiamaka" when a search matched a middle name the shown name does not carry. */
export function matchedOtherNames(c: Customer, query: string): string | undefined {
  const other = otherNamesMatched(c, query);
  return other ? `Other names ${other}` : undefined;
}
