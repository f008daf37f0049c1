// A sync from a feed of changes instead of the API's pages: a source that numbers every change of the
// customer list (the team database's change_seq) hands the changes after the last one the cache holds, a
// batch at a time, as a list envelope's bytes. Each batch is stored as a page (read and checked in the page
// reader as an API page is: one odd record never stops the fill), with the number of its last change in
// the page's own transaction, so an interrupted fill resumes after the last page stored. The cache's first
// fill starts a generation of its own (and so replaces what the API filled before); later runs add to the
// current generation, so completing them removes nobody but the customers the feed's pages named in
// `removed` (the team copy marked them deleted: customer-store.ts marks them with the page).
import type { AppError } from '../../../src-shared/ipc/result';
import { errorMessage } from '../../errors/error-message';
import type { FetchedPage, PageStored } from './customer-page';
import type { SyncState } from '../store/customer-store';
import { PageWriteQueue } from './page-write-queue';
import type { ProgressCounts, SyncProgressReporter } from './sync-progress';
import type { SyncOutcome } from './sync-runner';

/** Changes asked of the feed at once: one page of the cache's. */
export const FEED_PAGE_CHANGES = 1_000;

/** Pages with the worker at once: the feed reads the next batch while the worker stores these. */
const FEED_PAGES_IN_FLIGHT = 24;

export interface FeedChanges {
  /** The changed customers' records as the bytes of a list envelope: `{"data":[…]}`. */
  body: Uint8Array;
  /** Changes in the batch; fewer than asked means the feed has no more for now. */
  changes: number;
  /** The number of the batch's last change (the next batch starts after it). */
  throughSeq: number;
}

/** Where a cache's customers come from when not from the API's pages (the team database: core wires it). */
export interface CustomerFeed {
  /** The source as the operator knows it, for messages: "the team database". */
  readonly name: string;
  /** Up to `limit` changes after `afterSeq` (null: from the first), oldest first. Throws when it cannot be read. */
  read(afterSeq: number | null, limit: number, signal: AbortSignal): Promise<FeedChanges>;
  /** Told the last change the cache holds, each time a page of changes is stored. */
  applied?(seq: number): void;
}

export interface FeedStorePort {
  syncState(): Promise<SyncState>;
  feedSeq(): Promise<number | null>;
  beginFeed(generation: number): Promise<void>;
  storePage(page: FetchedPage): Promise<PageStored>;
  finishGeneration(generation: number, at: string): Promise<{ pruned: number; customerCount: number }>;
  markUnchanged(at: string): Promise<void>;
  describeFailure?(e: unknown): Promise<string | null>;
}

export interface FeedRun {
  feed: CustomerFeed;
  store: FeedStorePort;
  progress: SyncProgressReporter;
  signal: AbortSignal;
  now: () => Date;
  /** Changes per page (default FEED_PAGE_CHANGES). */
  pageChanges?: number;
}

/** The feed could not be read: the cache stays as it is. */
class FeedFailure extends Error {}
class Cancelled extends Error {}

export async function runFeed(run: FeedRun): Promise<SyncOutcome> {
  const counts: ProgressCounts = { pagesDone: 0, totalPages: null, customers: 0 };
  try {
    return await fill(run, counts);
  } catch (e) {
    const { progress } = run;
    if (run.signal.aborted)
      return { progress: progress.finish('cancelled', counts, 'Sync cancelled; the next one continues from here.') };
    if (e instanceof FeedFailure) {
      const error: AppError = { kind: 'network', message: e.message };
      return { progress: progress.finish('failed', counts, e.message), error };
    }
    const message = (await run.store.describeFailure?.(e).catch(() => null)) ?? errorMessage(e);
    return {
      progress: progress.finish('failed', counts, message),
      error: { kind: 'internal', message },
      cacheError: e,
    };
  }
}

async function fill(run: FeedRun, counts: ProgressCounts): Promise<SyncOutcome> {
  const { feed, store, progress, signal } = run;
  const limit = run.pageChanges ?? FEED_PAGE_CHANGES;
  const read = async (after: number | null): Promise<FeedChanges> => {
    if (signal.aborted) throw new Cancelled();
    try {
      return await feed.read(after, limit, signal);
    } catch (e) {
      if (signal.aborted) throw new Cancelled();
      throw new FeedFailure(`The cache could not be filled from ${feed.name}: ${errorMessage(e)}`);
    }
  };
  const state = await store.syncState();
  const seq = await store.feedSeq();
  if (seq !== null) feed.applied?.(seq);
  // A run under way (its pages carry the feed's numbers) continues; the first fill starts a generation.
  const resuming = seq !== null && state.nextPage !== null;
  let generation: number | null = seq === null ? null : state.generation;
  let page = resuming ? state.nextPage! : 0;
  if (resuming) Object.assign(counts, { pagesDone: page, customers: state.customersDone });
  progress.resumeFrom({ ...counts });
  progress.update('starting', counts);
  let batch = await read(seq);
  if (batch.changes === 0 && !resuming) {
    await store.markUnchanged(run.now().toISOString());
    const unchanged = { pagesDone: 0, totalPages: 0, customers: state.customerCount };
    return { progress: progress.finish('unchanged', unchanged, 'Nothing changed since the last sync.') };
  }
  if (generation !== null && !resuming) await store.beginFeed(generation);
  /** The last change of each page with the worker, told the feed once the page is stored. */
  const throughOf = new Map<number, number>();
  const writes = new PageWriteQueue(
    async (p: FetchedPage) => stored(await store.storePage(p), feed),
    (written, stored) => {
      counts.pagesDone++;
      counts.customers = written.customersDone;
      progress.update('paging', counts);
      const through = throughOf.get(stored);
      throughOf.delete(stored);
      if (through !== undefined) feed.applied?.(through);
    },
  );
  try {
    for (;;) {
      const more = batch.changes >= limit;
      if (batch.changes > 0) {
        const fetched = { page, body: batch.body, feedSeq: batch.throughSeq, moreComing: more };
        if (generation === null) {
          // The page that starts the generation is stored before the next, which must name it.
          const first = stored(await store.storePage({ generation: null, ...fetched, moreComing: false }), feed);
          generation = first.generation;
          Object.assign(counts, { pagesDone: 1, customers: first.customersDone });
          feed.applied?.(batch.throughSeq);
        } else {
          throughOf.set(page, batch.throughSeq);
          writes.push({ generation, ...fetched });
          await writes.waitBelow(more ? FEED_PAGES_IN_FLIGHT : 1);
        }
        page++;
      }
      if (!more) break;
      batch = await read(batch.throughSeq);
    }
    await writes.drain();
  } catch (e) {
    await writes.abandon();
    throw e;
  }
  progress.update('pruning', counts);
  const finished = await store.finishGeneration(generation!, run.now().toISOString());
  const done = { pagesDone: counts.pagesDone, totalPages: counts.pagesDone, customers: finished.customerCount };
  return { progress: progress.finish('done', done) };
}

function stored(page: PageStored, feed: CustomerFeed): Extract<PageStored, { readable: true }> {
  if (!page.readable) throw new FeedFailure(`${feed.name} sent changes Card Desk could not read.`);
  return page;
}
