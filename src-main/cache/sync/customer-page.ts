// A page of GET /customers as the sync fetched it: its bytes, read in the cache worker. The calling
// thread only moves the bytes (transferred, not copied), so a sync of a million customers never builds
// them as objects there: on Electron's main thread that would grow V8's heap by a hundred megabytes or
// more, which the main process keeps long after the sync.
import { tolerantListEnvelopeSchema } from '../../../src-shared/api/envelope';
import { customerSchema } from '../../../src-shared/api/records';
import type { RecordNote } from '../../../src-shared/api/tolerant-read';
import { parseJson, readEnvelope } from '../../api/envelope-reader';
import type { PageWritten } from '../store/customer-store';
import { type CustomerRow, customerRow } from '../search/search-fields';

/** Customers asked for per page. */
export const PAGE_SIZE = 100;

// Read customer by customer: one that has fields the cache cannot read is stored with what it can read (and
// the raw values in its record), one without a readable id is left out; `notes` names them for the log.
const customerList = tolerantListEnvelopeSchema(customerSchema);

export interface FetchedPage {
  /** The sync's generation; null starts a new generation with this page (which must be page 0). */
  generation: number | null;
  page: number;
  /** The body of the 2xx answer, unread. */
  body: Uint8Array;
  /** ETag of page 0, kept until the sync completes. */
  etag?: string;
  /** The feed's last change the page holds (sync/feed-runner.ts), stored in the page's transaction. */
  feedSeq?: number;
  /**
   * The caller sends further pages without waiting for this one to be stored: the worker may then hold
   * it for a shared transaction (see PageBatch). Otherwise it is committed at once.
   */
  moreComing?: boolean;
}

/** What storing a fetched page did. */
export type PageStored =
  | (PageWritten & {
      readable: true;
      /** Customers on this page. */
      customers: number;
      /** Pages in the list as this page says, or null when it cannot tell. */
      totalPages: number | null;
      /** Customers on this page with fields that could not be read, or left out (for the log and the summary). */
      notes?: RecordNote[];
    })
  | { readable: false };

export interface ReadPage {
  rows: CustomerRow[];
  /** Customers the page held, those left out included. */
  sent: number;
  totalPages: number | null;
  notes?: RecordNote[];
  /** Ids of customers the source no longer lists (a feed's `removed`; the API's pages have none). */
  removed?: string[];
}

/** The page's rows and the list's page count, or null when the body is not the customer list's envelope. */
export function readCustomerPage(body: Uint8Array, page: number): ReadPage | null {
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
  const json = parseJson(text);
  const read = readEnvelope(customerList, json);
  if (!read) return null;
  const removed = removedIds(json);
  // The page's length counts skipped customers too: a full page of which one was skipped is not the last.
  const sent = read.data.length + (read.notes?.filter((n) => n.skipped).length ?? 0);
  return {
    rows: read.data.map(customerRow),
    sent,
    totalPages: totalPagesOf(read.pagination?.pages, sent, page),
    ...(read.notes ? { notes: read.notes } : {}),
    ...(removed.length > 0 ? { removed } : {}),
  };
}

/** The ids in the envelope's `removed` (a feed's, feed-runner.ts); any other value there is left out. */
function removedIds(json: unknown): string[] {
  const removed = (json as { removed?: unknown } | null)?.removed;
  if (!Array.isArray(removed)) return [];
  return removed.filter((id): id is string => typeof id === 'string' && id.length > 0 && id.length <= 100);
}

/** The page count the pagination gives; without one, a short page is the last and a full one may not be. */
function totalPagesOf(pages: number | undefined, customers: number, page: number): number | null {
  if (typeof pages === 'number' && Number.isFinite(pages)) return pages;
  return customers < PAGE_SIZE ? page + 1 : null;
}
