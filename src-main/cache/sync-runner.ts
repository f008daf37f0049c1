// One sync: pages through GET /customers (through the API client, so its rate limiting and retries
// apply), a few pages in flight while the worker stores earlier ones in order. A sync interrupted by a
// cancel, a failure or a crash resumes at the first page not stored; a completed one prunes customers
// the service no longer returned.
import type { Customer } from '../../src-shared/api/records';
import type { SyncProgress } from '../../src-shared/ipc/channels/customers';
import type { AppError } from '../../src-shared/ipc/result';
import type { ApiResult, CardApiClient } from '../api/types';
import type { PageWrite, PageWritten, SyncState } from './customer-store';
import { PageWriteQueue } from './page-write-queue';
import { customerRow } from './search-fields';
import type { ProgressCounts, SyncProgressReporter } from './sync-progress';

export const PAGE_SIZE = 100;
/** Pages handed to the worker and not yet stored: enough to let it batch, few enough to bound memory. */
const PAGES_WITH_WORKER = 8;

export interface SyncStorePort {
  syncState(): Promise<SyncState>;
  writePages(pages: PageWrite[]): Promise<PageWritten>;
  finishGeneration(generation: number, at: string): Promise<{ pruned: number; customerCount: number }>;
  markUnchanged(at: string): Promise<void>;
}

export interface SyncRun {
  api: Pick<CardApiClient, 'listCustomers'>;
  store: SyncStorePort;
  progress: SyncProgressReporter;
  signal: AbortSignal;
  /** Ignore the ETag and any interrupted sync: fetch everything from page 0. */
  full: boolean;
  now: () => Date;
  /** Pages requested at once (default 2). */
  concurrency?: number;
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
      return { progress: progress.finish('cancelled', counts, 'Sync cancelled; the next sync continues where this one stopped.') };
    }
    if (e instanceof ApiFailure) {
      return { progress: progress.finish('failed', counts, e.appError.message), error: e.appError };
    }
    const message = e instanceof Error ? e.message : String(e);
    return { progress: progress.finish('failed', counts, message), error: { kind: 'internal', message }, cacheError: e };
  }
}

async function sync(run: SyncRun, counts: ProgressCounts): Promise<SyncOutcome> {
  const { api, store, progress, signal } = run;
  const fetchPage = async (page: number, ifNoneMatch?: string): Promise<ApiResult<Customer[]>> => {
    if (signal.aborted) throw new Cancelled();
    const result = await api.listCustomers({ page, limit: PAGE_SIZE }, { signal, ...(ifNoneMatch ? { ifNoneMatch } : {}) });
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
    counts.totalPages = totalPagesOf(first, 0);
    const written = await store.writePages([{ generation: null, page: 0, totalPages: counts.totalPages, rows: first.data.map(customerRow), ...(first.etag ? { etag: first.etag } : {}) }]);
    generation = written.generation;
    Object.assign(counts, { pagesDone: 1, customers: written.customersDone });
    if (first.data.length < PAGE_SIZE) counts.totalPages = 1;
    progress.update('paging', counts);
  }

  await fetchRemainingPages(run, generation, counts, fetchPage);

  progress.update('pruning', counts);
  const finished = await store.finishGeneration(generation, run.now().toISOString());
  const pages = counts.pagesDone;
  return { progress: progress.finish('done', { pagesDone: pages, totalPages: pages, customers: finished.customerCount }) };
}

function totalPagesOf(result: ApiResult<Customer[]>, page: number): number | null {
  if (!result.ok) return null;
  const pages = result.pagination?.pages;
  if (typeof pages === 'number' && Number.isFinite(pages)) return pages;
  // No pagination: a full page means there may be another.
  return result.data.length < PAGE_SIZE ? page + 1 : null;
}

async function fetchRemainingPages(
  run: SyncRun,
  generation: number,
  counts: ProgressCounts,
  fetchPage: (page: number) => Promise<ApiResult<Customer[]>>,
): Promise<void> {
  const concurrency = Math.max(1, run.concurrency ?? 2);
  const writes = new PageWriteQueue(
    (pages) => run.store.writePages(pages),
    (written, lastPage) => {
      counts.pagesDone = lastPage + 1;
      counts.customers = written.customersDone;
      run.progress.update('paging', counts);
    },
  );
  const inFlight = new Map<number, Promise<ApiResult<Customer[]>>>();
  let nextToFetch = counts.pagesDone;
  const hasMore = (page: number) => (counts.totalPages === null ? true : page < counts.totalPages);
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
      const result = await inFlight.get(page)!;
      inFlight.delete(page);
      if (!result.ok) throw new ApiFailure(result.error);
      const total = totalPagesOf(result, page);
      if (result.data.length === 0) {
        counts.totalPages = page; // the list ended sooner than announced
        break;
      }
      counts.totalPages = total;
      writes.push({ generation, page, totalPages: total, rows: result.data.map(customerRow) });
      await writes.waitBelow(PAGES_WITH_WORKER);
    }
    await writes.drain();
  } catch (e) {
    await writes.abandon();
    throw e;
  }
  counts.totalPages = counts.pagesDone;
}
