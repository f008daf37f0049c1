// What the cache knows of the customer list's shape, learned from the data: its order by createdAt (the
// spec does not state one; servers differ), its length, and the ids at its ends when last seen. A
// re-sync uses it to fetch only where new customers appear and to prove, by the ids at the same
// positions, that nothing else moved; anything it cannot prove falls back to a full sweep.
import { parseJson } from '../../api/envelope-reader';

export type ListOrder = 'oldest-first' | 'newest-first';

export interface ListShape {
  order: ListOrder | null;
  /** Customers in the list when last seen whole. */
  total: number;
  pageSize: number;
  /** Ids at positions 0.. (page 0), for newest-first lists. */
  head: string[];
  /** The last page's number and its ids, for oldest-first lists. */
  tailPage: number;
  tail: string[];
  /** ETag of the page an incremental re-sync asks for first (page 0 or the last page), when the server sent one. */
  etag: string | null;
  /** When the last full sweep completed (ISO); an incremental re-sync leaves it. */
  lastFullSweepAt: string | null;
  /** An incremental re-sync under way: the shape the list will have once its pages are stored. */
  pending?: PendingIncremental | null;
  /** What a full sweep under way saw of page 0, so a resumed sweep still learns the order. */
  sweepHead?: PageFacts | null;
}

export interface PendingIncremental {
  /** The last page the re-sync stores. */
  lastPage: number;
  /** The shape once it completes; null when it is read from the last page stored (oldest-first). */
  next: Omit<ListShape, 'pending' | 'sweepHead'> | null;
}

/** What one page of the list says, read from its bytes. */
export interface PageFacts {
  page: number;
  ids: string[];
  firstCreatedAt: number | null;
  lastCreatedAt: number | null;
  /** Whether createdAt goes up (1), down (-1) or either (0) within the page; null when mixed. */
  direction: -1 | 0 | 1 | null;
  total: number | null;
  etag: string | null;
}

const idsAndTimes = (data: unknown): { id: string; at: number }[] | null => {
  if (!Array.isArray(data)) return null;
  const out: { id: string; at: number }[] = [];
  for (const c of data) {
    if (!c || typeof c !== 'object') return null;
    const { _id, createdAt } = c as { _id?: unknown; createdAt?: unknown };
    if (typeof _id !== 'string') return null;
    out.push({ id: _id, at: typeof createdAt === 'string' ? Date.parse(createdAt) : NaN });
  }
  return out;
};

/** The facts of a page from its body (the envelope as the service sent it), or null when unreadable. */
export function pageFacts(page: number, body: Uint8Array | string, etag?: string | null): PageFacts | null {
  const text = typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString();
  const parsed = parseJson(text) as { data?: unknown; pagination?: { total?: unknown } } | undefined;
  const rows = idsAndTimes(parsed?.data);
  if (!rows) return null;
  const total = Number(parsed?.pagination?.total);
  let direction: PageFacts['direction'] = 0;
  for (let i = 1; i < rows.length && direction !== null; i++) {
    const step = Math.sign(rows[i]!.at - rows[i - 1]!.at);
    if (Number.isNaN(step)) direction = null;
    else if (step !== 0) direction = direction === 0 || direction === step ? (step as 1 | -1) : null;
  }
  const at = (i: number) => {
    const row = rows[i];
    return row && Number.isFinite(row.at) ? row.at : null;
  };
  return {
    page,
    ids: rows.map((r) => r.id),
    firstCreatedAt: at(0),
    lastCreatedAt: at(rows.length - 1),
    direction,
    total: Number.isInteger(total) && total >= 0 ? total : null,
    etag: etag ?? null,
  };
}

/**
 * The list's order from its first and last pages: createdAt must go the same way within each and from
 * the first customer to the last. Null when the data does not say (one customer, equal or missing times).
 */
export function learnOrder(first: PageFacts, last: PageFacts): ListOrder | null {
  const a = first.firstCreatedAt;
  const b = last.lastCreatedAt;
  if (a === null || b === null || a === b) return null;
  const direction = b > a ? 1 : -1;
  for (const p of [first, last]) if (p.direction === null || p.direction === -direction) return null;
  return direction === 1 ? 'oldest-first' : 'newest-first';
}

/** The shape a completed full sweep leaves: null when the ends it saw do not describe the list. */
export function shapeAfterSweep(
  first: PageFacts | null,
  last: PageFacts | null,
  customers: number,
  pageSize: number,
  at: string,
): ListShape | null {
  if (!first || !last || first.page !== 0) return null;
  const order = learnOrder(first, last);
  // The last page seen must be the list's end, as many customers as were stored.
  if (last.page * pageSize + last.ids.length !== customers) return null;
  return {
    order,
    total: customers,
    pageSize,
    head: first.ids,
    tailPage: last.page,
    tail: last.ids,
    etag: order === 'newest-first' ? first.etag : last.etag,
    lastFullSweepAt: at,
  };
}

/** True when `ids` hold `expected` from `offset` on, as far as both go, and overlap by at least one. */
export function sameAt(ids: readonly string[], offset: number, expected: readonly string[]): boolean {
  let compared = 0;
  for (let i = 0; i < expected.length && offset + i < ids.length; i++) {
    if (offset + i < 0) continue;
    if (ids[offset + i] !== expected[i]) return false;
    compared++;
  }
  return compared > 0;
}

export const LIST_SHAPE_KEY = 'list_shape';
export const FULL_SWEEP_HOURS_KEY = 'full_sweep_hours';
export const DEFAULT_FULL_SWEEP_HOURS = 24;

export function parseShape(value: unknown): ListShape | null {
  if (typeof value !== 'string') return null;
  try {
    const s = JSON.parse(value) as ListShape;
    return s && typeof s.total === 'number' && Array.isArray(s.head) && Array.isArray(s.tail) ? s : null;
  } catch {
    return null;
  }
}
