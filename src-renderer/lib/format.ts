// How the app shows money, dates and ids everywhere.
import { format, isValid, parseISO } from 'date-fns';

const SYMBOLS: Record<string, string> = { NGN: '₦', USD: '$' };
const number2 = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `₦1,234.56`, `-$12.00`; an unknown currency keeps its code (`EUR 5.00`); a missing amount is `—`. */
export function formatMoney(amount: number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const code = (currency ?? '').toUpperCase();
  const symbol = SYMBOLS[code];
  const body = number2.format(Math.abs(amount));
  const sign = amount < 0 ? '-' : '';
  return symbol ? `${sign}${symbol}${body}` : `${sign}${code ? `${code} ` : ''}${body}`;
}

/** A server timestamp in the user's local time, e.g. `22 Nov 2026, 14:05`. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'd MMM yyyy, HH:mm') : iso;
}

/** A date without time, e.g. `22 Nov 2026`. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'd MMM yyyy') : iso;
}

/** `YYYY-MM-DD` for date inputs and range queries, in local time. */
export function toDateInput(d: Date): string {
  return format(d, 'yyyy-MM-dd');
}

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

/** The last four digits of a masked card number, when it shows them. */
export function lastFour(maskedPan: string | null | undefined): string | null {
  const m = maskedPan ? /(\d{4})\s*$/.exec(maskedPan) : null;
  return m ? m[1]! : null;
}
