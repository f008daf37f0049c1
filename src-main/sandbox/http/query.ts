// Query parameters of the list endpoints, validated with the shared schemas. Any problem with page or
// limit answers the spec's fixed message; other problems name their field.
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../../../src-shared/api/requests';
import { parseRangeDate } from '../../../src-shared/api/rules';
import { MESSAGES } from './envelope';
import { firstIssueMessage } from './issues';

export type QueryResult<T> = { ok: true; value: T } | { ok: false; message: string };

const PAGINATION_FIELDS = new Set(['page', 'limit']);

/** Validates `raw` with `schema`; page and limit must be plain integers written in digits. */
export function parseQuery<S extends z.ZodType>(schema: S, raw: Record<string, string>): QueryResult<z.infer<S>> {
  for (const field of PAGINATION_FIELDS) {
    const v = raw[field];
    if (v !== undefined && !/^-?\d{1,10}$/.test(v)) return { ok: false, message: MESSAGES.invalidPagination };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  if (typeof field === 'string' && PAGINATION_FIELDS.has(field))
    return { ok: false, message: MESSAGES.invalidPagination };
  return { ok: false, message: firstIssueMessage(parsed.error, 'Invalid query parameters') };
}

export function pageAndLimit(q: { page?: number; limit?: number }, defaultLimit = DEFAULT_PAGE_SIZE) {
  return { page: q.page ?? 0, limit: q.limit ?? defaultLimit };
}

const DAY_MS = 86_400_000;

/** The inclusive time window of fromDate/toDate; a date-only toDate covers its whole day. */
export function dateWindow(q: { fromDate?: string; toDate?: string }): { from: number; to: number } {
  const from = q.fromDate ? parseRangeDate(q.fromDate)!.getTime() : -Infinity;
  let to = q.toDate ? parseRangeDate(q.toDate)!.getTime() : Infinity;
  if (q.toDate && /^\d{4}-\d{2}-\d{2}$/.test(q.toDate)) to += DAY_MS - 1;
  return { from, to };
}

export function within(createdAt: string, w: { from: number; to: number }): boolean {
  const t = Date.parse(createdAt);
  return t >= w.from && t <= w.to;
}
