// How the app shows money, dates and ids everywhere.
import { format, isValid, parse, parseISO } from 'date-fns';

/** Money as the app writes it everywhere (main writes it the same way): `₦750,000.00`. */
export { formatMoney } from '../../src-shared/api/money';

/**
 * A server timestamp in the operator's local time, with the zone said: `22 Nov 2026, 14:05 GMT+1`
 * (files write UTC and their headers say so).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'd MMM yyyy, HH:mm O') : iso;
}

/** A timestamp to the second, for records an auditor reads: `22 Nov 2026, 14:05:09 GMT+1`. */
export function formatDateTimeFull(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'd MMM yyyy, HH:mm:ss O') : iso;
}

/** The time of day of a timestamp, local, with its zone: `14:05 GMT+1`; empty when unreadable. */
export function formatTime(iso: string | null | undefined): string {
  const d = iso ? parseISO(iso) : null;
  return d && isValid(d) ? format(d, 'HH:mm O') : '';
}

/** A date without time, e.g. `22 Nov 2026`: the one way the app writes a date. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'd MMM yyyy') : iso;
}

/** `YYYY-MM-DD` for date inputs and range queries, in local time. */
export function toDateInput(d: Date): string {
  return format(d, 'yyyy-MM-dd');
}

/** The ways a day may be typed, day first as the app writes it: `28 Nov 2026`, `28 November 2026`, `28/11/2026`. */
const DAY_FORMATS = ['d MMM yyyy', 'd MMMM yyyy', 'd/M/yyyy', 'd-M-yyyy', 'd.M.yyyy', 'yyyy-MM-dd'];

/** A typed day as `YYYY-MM-DD`, or null when it is not a whole day written day first (four-digit year). */
export function readDay(text: string): string | null {
  const t = text.trim().replace(/\s+/g, ' ').replace(/,/g, '');
  if (!/\b\d{4}\b/.test(t)) return null;
  for (const f of DAY_FORMATS) {
    const d = parse(t, f, new Date(2000, 0, 1));
    if (isValid(d) && d.getFullYear() >= 1000) return toDateInput(d);
  }
  return null;
}

/** A `YYYY-MM-DD` day as the app writes it (`28 Nov 2026`); empty for none. */
export const dayText = (day: string): string => (day ? formatDate(day) : '');

/** `…a1b2c3d4` — enough of an id to recognise it; the full id is one copy away. */
export function shortId(id: string | null | undefined): string {
  if (!id) return '—';
  return id.length > 10 ? `…${id.slice(-8)}` : id;
}

/**
 * A card number as people read it out: its first six and last four, the masked middle cut to `••`
 * (`506099 •• 1234`), so the last four always fit. Anything that looks like a full number keeps only its
 * last four.
 */
export function displayPan(maskedPan: string | null | undefined): string {
  if (!maskedPan) return '—';
  const digits = maskedPan.replace(/\D/g, '');
  if (/^\d{12,19}$/.test(maskedPan)) return `•••• ${digits.slice(-4)}`;
  const m = /^(\d{4,8})[\s*xX•·.…-]+(\d{4})$/.exec(maskedPan.trim());
  if (m) return `${m[1]} •• ${m[2]}`;
  return maskedPan;
}

/** A card as a caller names it, by its last four ("•••• 1234"); the masked number when it shows no last four. */
export function panTail(maskedPan: string | null | undefined): string {
  const four = lastFour(maskedPan);
  return four ? `•••• ${four}` : displayPan(maskedPan);
}

/** The last four digits of a masked card number, when it shows them. */
export function lastFour(maskedPan: string | null | undefined): string | null {
  const m = maskedPan ? /(\d{4})\s*$/.exec(maskedPan) : null;
  return m ? m[1]! : null;
}

/**
 * A phone number grouped as people read it out: `+234 803 123 4567`, `0803 123 4567`. Numbers of another
 * shape are shown as they came.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '—';
  const compact = phone.replace(/[\s().-]/g, '');
  let m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(compact);
  if (m) return `+234 ${m[1]} ${m[2]} ${m[3]}`;
  m = /^0(\d{3})(\d{3})(\d{4})$/.exec(compact);
  if (m) return `0${m[1]} ${m[2]} ${m[3]}`;
  m = /^\+(\d{1,3})(\d{3})(\d{3})(\d{4})$/.exec(compact);
  if (m) return `+${m[1]} ${m[2]} ${m[3]} ${m[4]}`;
  return phone;
}
