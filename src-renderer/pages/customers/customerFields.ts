import type { Customer } from '../../../src-shared/api/records';

export function customerName(c: Customer): string {
  if (c.name) return c.name;
  const i = c.individual;
  const parts = [i?.firstName, i?.otherNames, i?.lastName].filter((s): s is string => !!s);
  return parts.length ? parts.join(' ') : c._id;
}

export function kycText(c: Customer): string {
  if (c.isApproved === undefined) return '—';
  return c.isApproved ? 'Approved' : 'Not approved';
}

/** The customer list gives `YYYY/MM/DD`; embedded customers give a full timestamp. Show the date part. */
export function dobText(dob: string | undefined): string {
  if (!dob) return '—';
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})/.exec(dob);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : dob;
}
