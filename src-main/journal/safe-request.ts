// What of a request may be kept on disk: everything the user chose, but never a full card number.
// (The API key travels in a header and never reaches a request body.)
import { maskPan } from '../../src-shared/api/rules';

/** A card number or Visa card id with all but its last four characters hidden (a PAN keeps its first six). */
export function maskCardNumber(number: string): string {
  if (/^\d{10,}$/.test(number)) return maskPan(number);
  return `${'*'.repeat(Math.max(0, number.length - 4))}${number.slice(-4)}`;
}

/** A copy of the request that is safe to store and show: `number` masked, undefined fields dropped. */
export function safeRequest(request: object): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
  if (typeof copy.number === 'string' && copy.number !== '') copy.number = maskCardNumber(copy.number);
  return copy;
}
