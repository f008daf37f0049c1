// The Disputes filters (the service has none): status, and a date range on when the dispute was raised
// (days in UTC, inclusive, as the service reads the date ranges of its other lists). The page and the
// export apply this one definition.
import { z } from 'zod';

export interface DisputeFilter {
  status?: string;
  /** YYYY-MM-DD, inclusive. */
  fromDate?: string;
  toDate?: string;
}

/** Statuses a dispute is known to take; the filter accepts any word the service uses. */
export const DISPUTE_STATUSES = ['pending', 'won', 'lost'] as const;

const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date as YYYY-MM-DD` })
    .optional();

export const disputeFilterShape = {
  status: z
    .string()
    .trim()
    .max(40, { error: 'status must be at most 40 characters' })
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  fromDate: day('fromDate'),
  toDate: day('toDate'),
};

export function disputeMatches(d: { status?: string; createdAt?: string }, f: DisputeFilter): boolean {
  if (f.status && (d.status ?? '').toLowerCase() !== f.status) return false;
  if (f.fromDate || f.toDate) {
    const t = d.createdAt ? Date.parse(d.createdAt) : NaN;
    if (Number.isNaN(t)) return false;
    const dayOf = new Date(t).toISOString().slice(0, 10);
    if (f.fromDate && dayOf < f.fromDate) return false;
    if (f.toDate && dayOf > f.toDate) return false;
  }
  return true;
}

export const hasDisputeFilter = (f: DisputeFilter): boolean => Boolean(f.status || f.fromDate || f.toDate);
