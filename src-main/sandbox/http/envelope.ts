// The common response envelope (spec §2): statusCode mirrors the HTTP status, data is null on errors,
// pagination only on lists. Every response is JSON with an explicit charset.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface PageInfo {
  total: number;
  pages: number;
  page: number;
  limit: number;
}

export function reply(c: Context, status: number, envelope: object): Response {
  return c.body(JSON.stringify(envelope), status as ContentfulStatusCode, { 'Content-Type': JSON_CONTENT_TYPE });
}

export const ok = (c: Context, message: string, data: unknown) => reply(c, 200, { statusCode: 200, message, data });

export const okList = (c: Context, message: string, data: unknown[], pagination: PageInfo) =>
  reply(c, 200, { statusCode: 200, message, data, pagination });

export const fail = (c: Context, status: number, message: string) =>
  reply(c, status, { statusCode: status, message, data: null });

/** One zero-based page of `items`; a page past the end is empty but still reports the totals. */
export function pageOf<T>(items: readonly T[], page: number, limit: number): { data: T[]; pagination: PageInfo } {
  return {
    data: items.slice(page * limit, page * limit + limit),
    pagination: { total: items.length, pages: Math.ceil(items.length / limit), page, limit },
  };
}

export const MESSAGES = {
  unauthorized: 'Unauthorized; provide a valid API key in the Authorization header',
  invalidPagination: 'Invalid pagination parameters',
  tooManyRequests: 'Too many requests',
  notJson: 'Request body must be JSON',
  notObject: 'Request body must be a JSON object',
  tooLarge: 'Request body is too large',
  notFound: 'Not found',
  internal: 'Internal server error',
  invalidCardId: 'Invalid card id',
  cardNotFound: 'Card not found',
  invalidFundingSourceId: 'Invalid funding source id',
  fundingSourceNotFound: 'Funding source not found',
  unresolvedAccount: 'Could not resolve the account name',
} as const;
