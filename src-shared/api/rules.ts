// Small pure rules shared by the forms, the IPC checks and the sandbox.

export const OBJECT_ID = /^[0-9a-f]{24}$/;
export const isObjectId = (s: unknown): s is string => typeof s === 'string' && OBJECT_ID.test(s);

/** Luhn checksum over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MAX_CARD_VALIDITY_YEARS = 3;

/** Parses `MMM-YYYY` (`Jan-2029`); null when malformed. Month is 1-12. */
export function parseExpirationDate(s: string): { month: number; year: number } | null {
  const m = /^([A-Z][a-z]{2})-(\d{4})$/.exec(s);
  if (!m) return null;
  const idx = (MONTHS as readonly string[]).indexOf(m[1]!);
  if (idx < 0) return null;
  return { month: idx + 1, year: Number(m[2]) };
}

/**
 * Why an expiry month is not allowed, or null when it is: it must not be in the past and must be at
 * most three years ahead of `now` (the card is valid to the end of its expiry month).
 */
export function expiryProblem(month: number, year: number, now: Date): string | null {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const target = year * 12 + (month - 1);
  if (target < current) return 'is in the past';
  if (target > current + MAX_CARD_VALIDITY_YEARS * 12) return `is more than ${MAX_CARD_VALIDITY_YEARS} years ahead`;
  return null;
}

/** `YYYY-MM-DD` or a full ISO 8601 date-time, as the date-range parameters accept. */
export function parseRangeDate(s: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) {
    const d = new Date(`${s}T00:00:00.000Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? null : d;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) {
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/** Masks a PAN for display: first six and last four visible at most. */
export function maskPan(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  if (digits.length < 10) return '*'.repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}
