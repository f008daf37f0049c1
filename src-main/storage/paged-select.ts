// One page of a filtered, ordered SELECT, with how many rows match over all pages: the shape of every
// searchable list Card Desk keeps in SQLite.
import type { DatabaseSync } from 'node:sqlite';
import { MAX_PAGE_SIZE } from '../../src-shared/api/requests';

export interface PagedSelect {
  /** Table name, as written in SQL. */
  from: string;
  columns: string;
  /** Conditions joined by AND; none selects every row. */
  where: readonly string[];
  /** The named parameters of `where`. */
  params: Record<string, string | number>;
  orderBy: string;
  /** Zero-based; a negative page is the first. */
  page: number;
  /** Clamped to 1..MAX_PAGE_SIZE. */
  limit: number;
}

export function selectPage(
  db: DatabaseSync,
  { from, columns, where, params, orderBy, page, limit }: PagedSelect,
): { rows: unknown[]; total: number } {
  const size = Math.min(Math.max(1, Math.trunc(limit)), MAX_PAGE_SIZE);
  const offset = Math.max(0, Math.trunc(page)) * size;
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = Number((db.prepare(`SELECT COUNT(*) AS n FROM ${from} ${filter}`).get(params) as { n: number }).n);
  const rows = db
    .prepare(`SELECT ${columns} FROM ${from} ${filter} ORDER BY ${orderBy} LIMIT :limit OFFSET :offset`)
    .all({ ...params, limit: size, offset });
  return { rows, total };
}

/** `s` with `%`, `_` and `\` escaped, so they stand for themselves in a LIKE pattern with `ESCAPE '\'`. */
export const likeLiteral = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * ` OR customer_id IN (:customer0, ...)` for the customers a search text named (by their names, in the
 * customer cache), with their parameters added to `params`; empty when none.
 */
export function orCustomerIdIn(customerIds: readonly string[], params: Record<string, string | number>): string {
  return customerIds.length === 0 ? '' : ` OR customer_id IN (${namedList('customer', customerIds, params)})`;
}

/** `:name0, :name1, ...` for an IN list, each value added to `params` under its name. */
export function namedList(name: string, values: readonly string[], params: Record<string, string | number>): string {
  return values
    .map((value, i) => {
      params[`${name}${i}`] = value;
      return `:${name}${i}`;
    })
    .join(', ');
}
