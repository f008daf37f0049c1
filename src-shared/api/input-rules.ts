// Forgiving inputs, strict values: how what people type or paste becomes the value the API takes. The
// request schemas apply these, so the forms, the IPC boundary and the sandbox read input the same way.
import { MONTHS } from './rules';

/** The most digits a card number (PAN) may have. */
export const MAX_PAN_DIGITS = 19;
/** Money has kobo or cents: at most two decimal places. */
export const MAX_AMOUNT_DECIMALS = 2;

/** A card or account number as printed or pasted ("5060 9900-1234…"): spaces and dashes dropped. */
export function compactNumber(s: string): string {
  return /^[\d\s-]+$/.test(s) ? s.replace(/[\s-]/g, '') : s;
}

/** An id pasted in any case or with stray spaces. */
export function normalizeId(s: string): string {
  return s.trim().toLowerCase();
}

const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

function monthOf(word: string): number | null {
  const w = word.toLowerCase();
  if (/^\d{1,2}$/.test(w)) {
    const n = Number(w);
    return n >= 1 && n <= 12 ? n : null;
  }
  const i = FULL_MONTHS.findIndex(
    (m) => m === w || (w.length === 3 && m.startsWith(w)) || (w === 'sept' && m === 'september'),
  );
  return i < 0 ? null : i + 1;
}

function yearOf(word: string): number | null {
  if (/^\d{4}$/.test(word)) return Number(word);
  if (/^\d{2}$/.test(word)) return 2000 + Number(word);
  return null;
}

/**
 * An expiry as people write it — "Jan-2028", "jan 2028", "January 2028", "01/28", "1/2028", "2028-01" —
 * in the API's `MMM-YYYY` form; null when it cannot be read as a month and a year.
 */
export function readExpiry(s: string): string | null {
  const parts = s
    .trim()
    .split(/[\s/.-]+/)
    .filter(Boolean);
  if (parts.length !== 2) return null;
  const [a, b] = parts as [string, string];
  // Year first only in the ISO form "2028-01".
  const [monthWord, yearWord] = /^\d{4}$/.test(a) && /^\d{1,2}$/.test(b) ? [b, a] : [a, b];
  const month = monthOf(monthWord);
  const year = yearOf(yearWord);
  return month && year ? `${MONTHS[month - 1]}-${year}` : null;
}

/** `MMM-YYYY` when the text can be read as an expiry, or the text as typed (the schema then says why not). */
export function normalizeExpiry(s: string): string {
  return readExpiry(s) ?? s.trim();
}

/** True when an amount has at most two decimal places (1.5 and 1.50 yes, 1.234 no). */
export function hasMoneyPrecision(n: number): boolean {
  const cents = n * 10 ** MAX_AMOUNT_DECIMALS;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * An amount as typed ("1,500.50", "₦ 2 000") as a number: separators and a currency sign dropped;
 * undefined for an empty box, NaN when it is not a number at all.
 */
export function readAmount(s: string): number | undefined {
  const t = s
    .trim()
    .replace(/^[₦$]\s*/, '')
    .replace(/[,\s]/g, '');
  if (t === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}
