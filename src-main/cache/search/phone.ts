// Phone numbers reach us in many forms (+2348031234567, 2348031234567, 08031234567, 0803 123 4567).
// The cache indexes one form: the national significant number (8031234567), so any of them finds the customer.
// Numbers of other countries keep their international digits (the calling code cannot be split off
// without a numbering plan), which still makes them findable by the digits as written internationally.

/** Nigeria: calling code 234, trunk prefix 0. */
export const HOME_CALLING_CODE = '234';

/** The digits of `raw` in the indexed form; '' when it holds no digits. */
export function nationalNumber(raw: string, callingCode = HOME_CALLING_CODE): string {
  const digits = raw.replace(/\D+/g, '');
  if (digits.startsWith('00')) return nationalNumber(digits.slice(2), callingCode);
  if (digits.startsWith(callingCode)) return digits.slice(callingCode.length).replace(/^0/, '');
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** True when a query looks like (the start of) a phone number rather than a name, email or id. */
export function looksLikePhone(query: string): boolean {
  if (!/^\+?[\d\s().\-/]+$/.test(query)) return false;
  return query.replace(/\D+/g, '').length >= 3;
}
