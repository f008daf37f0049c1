// A re-sync that fetches only what changed, when it can prove it (list-shape.ts): in an oldest-first
// list new customers appear after the last page, in a newest-first one before page 0. The page asked
// first carries If-None-Match when the server gave an ETag; the ids it holds must be those cached at the
// same positions. Its pages continue the last complete sync's generation (list-shape-store.ts), so they
// are stored, and an interrupted re-sync resumed, as a full sync's pages are. Whatever it cannot prove
// (order unknown, the list shrank, the overlap differs) it hands back to a full sweep.
import type { AppError } from '../../../src-shared/ipc/result';
import type { Transport } from '../../api/http-transport';
import type { ApiResult, CardApiClient } from '../../api/types';
import type { FetchedPage, PageStored } from './customer-page';
import type { SyncState } from '../store/customer-store';
import { type ListShape, type PageFacts, pageFacts, sameAt } from './list-shape';
import type { ProgressCounts, SyncProgressReporter } from './sync-progress';
import type { SyncOutcome } from './sync-runner';
import { errorMessage } from '../../errors/error-message';

/** Customers of the cached list a newest-first re-sync must find at their new positions. */
const NEWEST_FIRST_OVERLAP = 20;

export interface IncrementalStorePort {
  storePage(page: FetchedPage): Promise<PageStored>;
  finishGeneration(generation: number, at: string): Promise<{ pruned: number; customerCount: number }>;
  markUnchanged(at: string): Promise<void>;
  beginIncremental(generation: number, page: number, shape: ListShape): Promise<void>;
  setListShape(shape: ListShape | null): Promise<void>;
  /** What to tell the user of a failure of the cache itself (a full disk: what was kept), or null. */
  describeFailure?(e: unknown): Promise<string | null>;
}

export interface IncrementalRun {
  api: Pick<CardApiClient, 'listCustomersBytes'>;
  store: IncrementalStorePort;
  progress: SyncProgressReporter;
  signal: AbortSignal;
  now: () => Date;
  transport?: Transport;
  shape: ListShape;
  state: SyncState;
}

/** A finished re-sync, or why it must be a full sweep instead. */
export type IncrementalResult = { outcome: SyncOutcome } | { fullSweep: string };

class Failed extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/** Runs the re-sync, or resumes the one `shape.pending` describes. */
export async function runIncremental(run: IncrementalRun): Promise<IncrementalResult> {
  const counts: ProgressCounts = { pagesDone: 0, totalPages: null, customers: run.state.customerCount };
  try {
    return await incremental(run, counts);
  } catch (e) {
    if (run.signal.aborted) {
      return {
        outcome: {
          progress: run.progress.finish(
            'cancelled',
            counts,
            'Sync cancelled; the next sync continues where this one stopped.',
          ),
        },
      };
    }
    if (e instanceof Failed)
      return { outcome: { progress: run.progress.finish('failed', counts, e.appError.message), error: e.appError } };
    const message = (await run.store.describeFailure?.(e).catch(() => null)) ?? errorMessage(e);
    return {
      outcome: {
        progress: run.progress.finish('failed', counts, message),
        error: { kind: 'internal', message },
        cacheError: e,
      },
    };
  }
}

async function incremental(run: IncrementalRun, counts: ProgressCounts): Promise<IncrementalResult> {
  const { shape, state, progress } = run;
  const fetchPage = async (page: number, ifNoneMatch?: string | null): Promise<ApiResult<Uint8Array>> => {
    if (run.signal.aborted) throw new Error('cancelled');
    const result = await run.api.listCustomersBytes(
      { page, limit: shape.pageSize },
      {
        signal: run.signal,
        ...(ifNoneMatch ? { ifNoneMatch } : {}),
        ...(run.transport ? { transport: run.transport } : {}),
      },
    );
    if (run.signal.aborted) throw new Error('cancelled');
    if (!result.ok) throw new Failed(result.error);
    return result;
  };
  progress.update('starting', counts);

  if (shape.pending && state.nextPage !== null) {
    // An interrupted re-sync: continue at the first page not stored, as a full sync resumes.
    counts.totalPages = shape.pending.lastPage - state.nextPage + 1;
    progress.resumeFrom(counts);
    return store(run, counts, [], state.nextPage, shape.pending.lastPage, fetchPage, shape.pending.next, true);
  }
  if (shape.order === 'oldest-first') return appendedAtEnd(run, counts, fetchPage);
  if (shape.order === 'newest-first') return addedAtStart(run, counts, fetchPage);
  return { fullSweep: 'the order of the list is not known' };
}

type FetchPage = (page: number, ifNoneMatch?: string | null) => Promise<ApiResult<Uint8Array>>;
interface Fetched {
  page: number;
  result: ApiResult<Uint8Array> & { ok: true };
  facts: PageFacts;
}

const factsOf = (page: number, result: ApiResult<Uint8Array> & { ok: true }): PageFacts => {
  const facts = pageFacts(page, result.data, result.etag);
  if (!facts) throw new Failed({ kind: 'server', message: 'The service sent a response Card Desk could not read.' });
  return facts;
};

async function appendedAtEnd(run: IncrementalRun, counts: ProgressCounts, fetchPage: FetchPage) {
  const { shape } = run;
  const q = shape.tailPage;
  const first = (await fetchPage(q, shape.etag)) as ApiResult<Uint8Array> & { ok: true };
  const fetched: Fetched[] = [];
  if (first.notModified) {
    // The last page is as it was: anything new would be on it unless it was full, else on the next.
    if (shape.tail.length < shape.pageSize) return unchanged(run, counts, shape);
    const after = (await fetchPage(q + 1)) as ApiResult<Uint8Array> & { ok: true };
    const facts = factsOf(q + 1, after);
    if (facts.total !== null && facts.total < shape.total)
      return { fullSweep: 'the list is shorter than the cached one' };
    if (facts.ids.length === 0) return unchanged(run, counts, shape);
    fetched.push({ page: q + 1, result: after, facts });
  } else {
    const facts = factsOf(q, first);
    if (facts.total === null) return { fullSweep: 'the service did not say how many customers it has' };
    if (facts.total < shape.total) return { fullSweep: 'the list is shorter than the cached one' };
    if (facts.ids.length < shape.tail.length || !sameAt(facts.ids, 0, shape.tail))
      return { fullSweep: 'the customers at the end of the list are not the cached ones' };
    if (facts.total === shape.total) return unchanged(run, counts, { ...shape, etag: facts.etag });
    fetched.push({ page: q, result: first, facts });
  }
  const { page: from, facts } = fetched[0]!;
  const lastPage = facts.total === null ? from : Math.max(from, Math.ceil(facts.total / shape.pageSize) - 1);
  return store(run, counts, fetched, from, lastPage, fetchPage, null);
}

async function addedAtStart(run: IncrementalRun, counts: ProgressCounts, fetchPage: FetchPage) {
  const { shape } = run;
  const first = (await fetchPage(0, shape.etag)) as ApiResult<Uint8Array> & { ok: true };
  // New customers would be on page 0: an unchanged page 0 proves there are none.
  if (first.notModified) return unchanged(run, counts, shape);
  const facts = factsOf(0, first);
  if (facts.total === null) return { fullSweep: 'the service did not say how many customers it has' };
  const added = facts.total - shape.total;
  if (added < 0) return { fullSweep: 'the list is shorter than the cached one' };
  const overlap = shape.head.slice(0, Math.min(NEWEST_FIRST_OVERLAP, shape.head.length));
  if (added === 0) {
    return sameAt(facts.ids, 0, shape.head)
      ? unchanged(run, counts, { ...shape, etag: facts.etag })
      : { fullSweep: 'the customers at the start of the list are not the cached ones' };
  }
  const lastPage = Math.floor((added + Math.max(1, overlap.length) - 1) / shape.pageSize);
  const next = {
    order: shape.order,
    total: facts.total,
    pageSize: shape.pageSize,
    head: facts.ids,
    tailPage: Math.max(0, Math.ceil(facts.total / shape.pageSize) - 1),
    tail: [],
    etag: facts.etag,
    lastFullSweepAt: shape.lastFullSweepAt,
  };
  // The cached customers must follow the new ones; checked once the pages that hold them are in.
  const check = (ids: string[]) => sameAt(ids, added, overlap);
  return store(run, counts, [{ page: 0, result: first, facts }], 0, lastPage, fetchPage, next, false, check);
}

/** Nothing new: the cache is as fresh as a sync now, and the shape keeps the ETag seen. */
async function unchanged(run: IncrementalRun, counts: ProgressCounts, shape: ListShape): Promise<IncrementalResult> {
  await run.store.markUnchanged(run.now().toISOString());
  if (shape.etag !== run.shape.etag) await run.store.setListShape(shape);
  const pages = Math.ceil(run.state.customerCount / shape.pageSize);
  const done = { pagesDone: pages, totalPages: pages, customers: run.state.customerCount };
  Object.assign(counts, done);
  run.progress.resumeFrom(done);
  return { outcome: { progress: run.progress.finish('unchanged', done, 'Nothing changed since the last sync.') } };
}

/**
 * Stores pages `from`..`lastPage` (the first ones already fetched) in the last sync's generation, then
 * completes it and records the shape: `next`, or for an oldest-first list the last page as its new end.
 */
async function store(
  run: IncrementalRun,
  counts: ProgressCounts,
  fetched: Fetched[],
  from: number,
  lastPage: number,
  fetchPage: FetchPage,
  next: Omit<ListShape, 'pending' | 'sweepHead'> | null,
  resuming = false,
  check?: (ids: string[]) => boolean,
): Promise<IncrementalResult> {
  const { shape, state, progress } = run;
  const generation = state.generation;
  counts.totalPages ??= lastPage - from + 1;
  if (!resuming) await run.store.beginIncremental(generation, from, { ...shape, pending: { lastPage, next } });
  const ids: string[] = [];
  let last: PageFacts | null = null;
  for (let page = from; page <= lastPage; page++) {
    const got = fetched.find((f) => f.page === page);
    const result = got?.result ?? ((await fetchPage(page)) as ApiResult<Uint8Array> & { ok: true });
    const facts = got?.facts ?? factsOf(page, result);
    if (check) ids.push(...facts.ids);
    last = facts;
    const stored = await run.store.storePage({ generation, page, body: result.data });
    if (!stored.readable)
      throw new Failed({ kind: 'server', message: 'The service sent a response Card Desk could not read.' });
    counts.pagesDone++;
    progress.update('paging', counts);
    if (facts.ids.length < shape.pageSize && page < lastPage) break; // the list ended sooner
  }
  const finished = await run.store.finishGeneration(generation, run.now().toISOString());
  if (check && !check(ids)) return { fullSweep: 'the cached customers are not where the new ones put them' };
  const end: ListShape | null = next
    ? { ...next, pending: null }
    : last && last.ids.length > 0
      ? {
          ...shape,
          total: last.page * shape.pageSize + last.ids.length,
          tailPage: last.page,
          tail: last.ids,
          etag: last.etag,
          pending: null,
        }
      : { ...shape, pending: null };
  await run.store.setListShape(end.total === finished.customerCount ? end : null);
  Object.assign(counts, { totalPages: counts.pagesDone, customers: finished.customerCount });
  return { outcome: { progress: progress.finish('done', counts) } };
}
