// Small conversions from API records to CSV cells.
import { maskPan } from '../../src-shared/api/rules';
import { refId } from '../../src-shared/api/ref-id';

/** What a CSV cell may hold before it is written. */
export type Cell = string | number | boolean | null | undefined;

/** The id of a reference that is a string id or an embedded record. */
export const idOf = refId;

/** The embedded record when a reference is an object, else undefined. */
export const embedded = <T extends object>(v: string | T | undefined | null): T | undefined =>
  v && typeof v === 'object' ? v : undefined;

/** A time column's header: its times are UTC, and the header says so (`createdAt (UTC)`). */
export const utc = (name: string): string => `${name} (UTC)`;

/** An ISO 8601 UTC time; text the parser cannot read is kept as it came. */
export function isoTime(v: unknown): string | undefined {
  if (typeof v !== 'string' || v === '') return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? v : new Date(t).toISOString();
}

/**
 * A card number fit for a file. A masked PAN shows at most ten digits (first six, last four); anything
 * with more is masked again, so a full number never reaches a CSV even if a server sent one.
 */
export function safeMaskedPan(v: unknown): string | undefined {
  if (typeof v !== 'string' || v === '') return undefined;
  return v.replace(/\D/g, '').length > 10 ? maskPan(v) : v;
}

/** "MM/YYYY" from a card's expiry fields. */
export const expiry = (month: unknown, year: unknown): string | undefined =>
  typeof month === 'string' && typeof year === 'string' && month && year
    ? `${month.padStart(2, '0')}/${year}`
    : undefined;

/** A string value of metadata, or undefined. */
export const metadataText = (metadata: Record<string, unknown> | null | undefined, key: string): string | undefined => {
  const v = metadata?.[key];
  return typeof v === 'string' ? v : undefined;
};

/** A customer's display name: `name`, or the individual's first and last names. */
export { customerDisplayName } from '../../src-shared/api/customer-name';
