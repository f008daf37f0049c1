// One sync: pages through GET /customers (through the API client, so its rate limiting and retries
// apply), a few pages in flight while the worker reads and stores earlier ones in order. Pages travel as
// the bytes the service sent: the worker checks and parses them, so this thread never builds customers.
// A sync interrupted by a cancel, a failure or a crash resumes at the first page not stored; a completed
// one prunes customers the service no longer returned.
import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';
import type { AppError } from '../../../src-shared/ipc/result';
import { UNREADABLE_RESPONSE } from '../../api/failures';
import type { Transport } from '../../api/http-transport';
import type { ApiResult, CardApiClient } from '../../api/types';
import { type FetchedPage, PAGE_SIZE, type PageStored } from './customer-page';
import type { SyncState } from '../store/customer-store';
import { DEFAULT_PAGES_PER_TRANSACTION } from './page-batch';
import { PageWriteQueue } from './page-write-queue';
import type { ProgressCounts, SyncProgressReporter } from './sync-progress';
import { errorMessage } from '../../errors/error-message';

/**
 * Pages handed to the worker and not yet committed: twice a transaction's worth (DEFAULT_PAGES_PER_TRANSACTION),
 * so fetching goes on while the worker commits. The worker writes each page as it comes and keeps only
 * its small answer until the commit; only the pages in flight are held as bytes (~100 KB each).
 */
const PAGES_WITH_WORKER = 2 * DEFAULT_PAGES_PER_TRANSACTION;

/**
 * Pages requested at once. Their answers are read on the page reader's thread while the worker writes
 * earlier pages: four keep it fed where two left the writer waiting (docs/cache-design.md).
 * Every request still goes through the client's rate budget, so a rate-limited service sees no more.
 */
export const DEFAULT_PAGE_CONCURRENCY = 4;

export interface SyncStorePort {
  syncState(): Promise<SyncState>;
  /** Reads and stores a fetched page in the worker (its bytes are handed over, not copied). */
  storePage(page: FetchedPage): Promise<PageStored>;
  finishGeneration(generation: number, at: string): Promise<{ pruned: number; customerCount: number }>;
  markUnchanged(at: string): Promise<void>;
  /** What to tell the user of a failure of the cache itself (a full disk: what was kept), or null. */
  describeFailure?(e: unknown): Promise<string | null>;
}

export interface SyncRun {
  api: Pick<CardApiClient, 'listCustomersBytes'>;
  store: SyncStorePort;
  progress: SyncProgressReporter;
  signal: AbortSignal;
  /** Ignore the ETag and any interrupted sync: fetch everything from page 0. */
  full: boolean;
  now: () => Date;
  /** Pages requested at once (default DEFAULT_PAGE_CONCURRENCY). */
  concurrency?: number;
  /** Sends the pages' requests (the cache worker's, so this thread only moves messages). */
  transport?: Transport;
  /** Sees each fetched page's bytes before they go to the worker (the re-sync learns the list's shape). */
  observePage?: (page: number, body: Uint8Array, etag?: string) => void;
}

export interface SyncOutcome {
  progress: SyncProgress;
  /** Why the sync failed (phase `failed`). */
  error?: AppError;
  /** The failure came from the cache itself (worker error), not from the service. */
  cacheError?: unknown;
}

/** The service answered with an error. */
class ApiFailure extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}
class Cancelled extends Error {}

/** A page the service answered with 2xx but that is not the customer list (as the client says of such answers). */
const UNREADABLE_PAGE: AppError = { kind: 'server', message: UNREADABLE_RESPONSE };

export async function runSync(run: SyncRun): Promise<SyncOutcome> {
  const { progress } = run;
  const counts: ProgressCounts = { pagesDone: 0, totalPages: null, customers: 0 };
  // Stops downloads still in flight once the sync has failed.
  const stop = new AbortController();
  try {
    return await sync({ ...run, signal: AbortSignal.any([run.signal, stop.signal]) }, counts);
  } catch (e) {
    stop.abort();
    if (run.signal.aborted) {
      return {
        progress: progress.finish(
          'cancelled',
          counts,
          'Sync cancelled; the next sync continues where this one stopped.',
        ),
      };
    }
    if (e instanceof ApiFailure) {
      return { progress: progress.finish('failed', counts, e.appError.message), error: e.appError };
    }
    const message = (await run.store.describeFailure?.(e).catch(() => null)) ?? errorMessage(e);
    return {
      progress: progress.finish('failed', counts, message),
      error: { kind: 'internal', message },
      cacheError: e,
    };
  }
}

type FetchPage = (page: number, ifNoneMatch?: string) => Promise<ApiResult<Uint8Array>>;

async function sync(run: SyncRun, counts: ProgressCounts): Promise<SyncOutcome> {
  const { api, store, progress, signal } = run;
  const fetchPage: FetchPage = async (page, ifNoneMatch) => {
    if (signal.aborted) throw new Cancelled();
    const result = await api.listCustomersBytes(
      { page, limit: PAGE_SIZE },
      { signal, ...(ifNoneMatch ? { ifNoneMatch } : {}), ...(run.transport ? { transport: run.transport } : {}) },
    );
    if (signal.aborted) throw new Cancelled();
    if (!result.ok) throw new ApiFailure(result.error);
    return result;
  };

  const state = await store.syncState();
  let generation: number;
  if (!run.full && state.nextPage !== null) {
    generation = state.generation;
    Object.assign(counts, { pagesDone: state.nextPage, totalPages: state.totalPages, customers: state.customersDone });
    progress.resumeFrom(counts);
    progress.update('starting', counts);
  } else {
    progress.update('starting', counts);
    const first = await fetchPage(0, run.full ? undefined : (state.etag ?? undefined));
    if (first.notModified) {
      await store.markUnchanged(run.now().toISOString());
      const pages = state.lastTotalPages ?? 0;
      const unchanged = { pagesDone: pages, totalPages: pages, customers: state.customerCount };
      progress.resumeFrom(unchanged); // nothing was fetched: the rate is 0
      return { progress: progress.finish('unchanged', unchanged, 'Nothing changed since the last sync.') };
    }
    if (!first.ok) throw new ApiFailure(first.error);
    run.observePage?.(0, first.data, first.etag);
    const stored = readable(
      await store.storePage({
        generation: null,
        page: 0,
        body: first.data,
        ...(first.etag ? { etag: first.etag } : {}),
      }),
    );
    generation = stored.generation;
    Object.assign(counts, {
      pagesDone: 1,
      customers: stored.customersDone,
      totalPages: stored.customers < PAGE_SIZE ? 1 : stored.totalPages,
    });
    progress.update('paging', counts);
  }

  await fetchRemainingPages(run, generation, counts, fetchPage);

  progress.update('pruning', counts);
  const finished = await store.finishGeneration(generation, run.now().toISOString());
  const pages = counts.pagesDone;
  return {
    progress: progress.finish('done', { pagesDone: pages, totalPages: pages, customers: finished.customerCount }),
  };
}

/** The page as stored, or the sync's failure when the worker could not read it. */
function readable(stored: PageStored): Extract<PageStored, { readable: true }> {
  if (!stored.readable) throw new ApiFailure(UNREADABLE_PAGE);
  return stored;
}

async function fetchRemainingPages(
  run: SyncRun,
  generation: number,
  counts: ProgressCounts,
  fetchPage: FetchPage,
): Promise<void> {
  const concurrency = Math.max(1, run.concurrency ?? DEFAULT_PAGE_CONCURRENCY);
  /** Set by the first page that comes back empty: the list ended sooner than announced. */
  let endedAt: number | null = null;
  const writes = new PageWriteQueue(
    async (page: FetchedPage) => readable(await run.store.storePage(page)),
    (stored, page) => {
      if (endedAt !== null && page > endedAt) return; // past the end: stored (empty, as a rule) but not counted
      counts.pagesDone = page + 1;
      counts.customers = stored.customersDone;
      counts.totalPages = stored.totalPages;
      if (stored.customers === 0) {
        endedAt = page;
        counts.pagesDone = page;
        counts.totalPages = page;
      }
      run.progress.update('paging', counts);
    },
  );
  const inFlight = new Map<number, Promise<ApiResult<Uint8Array>>>();
  let nextToFetch = counts.pagesDone;
  const hasMore = (page: number) => endedAt === null && (counts.totalPages === null ? true : page < counts.totalPages);
  const launch = (current: number) => {
    // Without a known total, fetch one page at a time until a short page ends the list.
    const ahead = counts.totalPages === null ? 1 : concurrency;
    while (inFlight.size < ahead && hasMore(nextToFetch) && nextToFetch < current + ahead) {
      const p = fetchPage(nextToFetch);
      p.catch(() => undefined); // awaited in order below; a later page's failure must not go unhandled meanwhile
      inFlight.set(nextToFetch, p);
      nextToFetch++;
    }
  };

  try {
    for (let page = counts.pagesDone; hasMore(page); page++) {
      launch(page);
      let result: ApiResult<Uint8Array>;
      try {
        result = await inFlight.get(page)!;
      } catch (e) {
        if (!(e instanceof ApiFailure)) throw e;
        // An earlier page, still with the worker, may have ended the list: then this page is past the end.
        await writes.drain();
        if (endedAt !== null) break;
        throw e;
      } finally {
        inFlight.delete(page);
      }
      if (endedAt !== null) break; // the list ended at an earlier page while this one was on its way
      if (!result.ok) throw new ApiFailure(result.error);
      run.observePage?.(page, result.data, result.etag);
      // Without a known total, whether this page was the last is known only once the worker has read it.
      const moreComing = counts.totalPages !== null && hasMore(page + 1);
      writes.push({ generation, page, body: result.data, moreComing });
      await writes.waitBelow(moreComing ? PAGES_WITH_WORKER : 1);
    }
    await writes.drain();
  } catch (e) {
    await writes.abandon();
    throw e;
  }
  counts.totalPages = counts.pagesDone;
}
