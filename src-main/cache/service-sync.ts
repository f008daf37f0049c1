// The customer cache's syncs: one at a time (a second request joins the running one), run by the sync
// runner (sync/resync.ts) through the cache worker, with progress and the rate limit's waits reported;
// after a sync the memory its burst grew is handed back, and a write that found the file damaged has
// it recovered. A rebuild asked while a sync runs starts a full sync after it.
import type { SyncProgress } from '../../src-shared/ipc/channels/customers';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { backgroundTimeMs, watchBackgroundWaits } from '../api/rate-budget-wait';
import { errorMessage } from '../errors/error-message';
import type { CacheConnections } from './service-connections';
import type { CustomerCacheOptions, SyncOptions } from './service-contract';
import { runResync } from './sync/resync';
import { SyncProgressReporter } from './sync/sync-progress';
import type { SyncOutcome } from './sync/sync-runner';
import { UnreadableTally } from './sync/unreadable-tally';
import { CacheWorkerError, type CacheWriter } from './threads/cache-writer';
import { releaseMemory } from './threads/release-memory';
import { writerFeedStore, writerSyncStore } from './threads/writer-sync-store';
import { type CustomerFeed, runFeed } from './sync/feed-runner';

/** A feed's run of at most this many pages is small: its reader stays, no memory is handed back after it. */
const SMALL_FEED_PAGES = 10;
/** How long the page reader waits for a feed's next changes before it ends. */
const FEED_READER_IDLE_MS = 60_000;

export interface SyncHost {
  options: CustomerCacheOptions;
  now: () => Date;
  connections: CacheConnections;
  /** Tells the app when the cache was last synced (after a sync that completed or found nothing new). */
  tellSynced: () => void;
}

export class CacheSync {
  private running: { promise: Promise<Result<SyncProgress>>; abort: AbortController } | null = null;
  private readerTimer: NodeJS.Timeout | null = null;
  private rebuildAfterSync = false;

  constructor(private readonly host: SyncHost) {}

  get syncing(): boolean {
    return this.running !== null;
  }

  /** A sync runs, or its page reader waits for a feed's next changes: the worker must not rest. */
  get holdsWriter(): boolean {
    return this.running !== null || this.readerTimer !== null;
  }

  sync(options: SyncOptions = {}): Promise<Result<SyncProgress>> {
    if (this.running) return this.running.promise;
    const { connections } = this.host;
    if (connections.closed) return Promise.resolve(err('internal', 'The customer cache is closed.'));
    this.stopReaderTimer();
    const abort = new AbortController();
    const promise = this.run(options, abort.signal).finally(() => {
      this.running = null;
      if (this.rebuildAfterSync && !connections.closed) {
        this.rebuildAfterSync = false;
        void this.sync({ full: true });
      }
    });
    this.running = { promise, abort };
    return promise;
  }

  /** Refills the cache from the service: now, or after the running sync. */
  rebuild(): void {
    if (this.running) this.rebuildAfterSync = true;
    else void this.sync({ full: true });
  }

  cancel(): boolean {
    if (!this.running) return false;
    this.running.abort.abort();
    return true;
  }

  /** Waits for the running sync, if any, to end. */
  async stopped(): Promise<void> {
    await this.running?.promise.catch(() => undefined);
    this.stopReaderTimer();
  }

  private async run(options: SyncOptions, signal: AbortSignal): Promise<Result<SyncProgress>> {
    const { options: cache, connections } = this.host;
    const progress = new SyncProgressReporter(
      cache.environmentId,
      (p) => cache.emit('customers.syncProgress', p),
      cache.progressIntervalMs,
    );
    let writer: CacheWriter;
    try {
      writer = await connections.settledWriter();
    } catch (e) {
      const p = progress.finish('failed', { pagesDone: 0, totalPages: null, customers: 0 }, errorMessage(e));
      return err('internal', p.message ?? 'The customer cache is not available.');
    }
    const tally = new UnreadableTally(cache.logger, cache.environmentId);
    progress.summarize(() => tally.summary());
    const feed = cache.feed?.() ?? null;
    const outcome = feed
      ? await this.fromFeed(feed, writer, tally, progress, signal)
      : await this.fromApi(options, writer, tally, progress, signal);
    return this.ended(outcome, writer, feed !== null);
  }

  /** Ends the page reader once no sync has started for FEED_READER_IDLE_MS. */
  private endReaderLater(writer: CacheWriter): Promise<void> {
    this.stopReaderTimer();
    this.readerTimer = setTimeout(() => {
      this.readerTimer = null;
      if (!this.running) void writer.endSync().catch(() => undefined);
    }, FEED_READER_IDLE_MS);
    this.readerTimer.unref?.();
    return Promise.resolve();
  }

  private stopReaderTimer(): void {
    if (this.readerTimer) clearTimeout(this.readerTimer);
    this.readerTimer = null;
  }

  /** The customers' changes from the feed that fills the cache instead of the API (no request to the API). */
  private fromFeed(
    feed: CustomerFeed,
    writer: CacheWriter,
    tally: UnreadableTally,
    progress: SyncProgressReporter,
    signal: AbortSignal,
  ): Promise<SyncOutcome> {
    writer.startReader();
    return runFeed({ feed, store: writerFeedStore(writer, tally), progress, signal, now: this.host.now });
  }

  /** The API's pages, a re-sync or a full sweep (sync/resync.ts). */
  private async fromApi(
    options: SyncOptions,
    writer: CacheWriter,
    tally: UnreadableTally,
    progress: SyncProgressReporter,
    signal: AbortSignal,
  ): Promise<SyncOutcome> {
    const { options: cache } = this.host;
    // The rate limit's waits are part of the sync: said while they last, and counted in its estimate.
    const { budget } = cache.api;
    progress.useRateEstimate((pages) => backgroundTimeMs(budget, pages));
    const stopWatching = watchBackgroundWaits(budget, (resumesAt) => progress.waiting(resumesAt));
    return runResync({
      ...(cache.logger ? { logger: cache.logger } : {}),
      api: cache.api,
      store: writerSyncStore(writer, tally),
      progress,
      signal,
      full: options.full ?? false,
      now: this.host.now,
      ...(cache.pageConcurrency ? { concurrency: cache.pageConcurrency } : {}),
      transport: writer.transport,
    }).finally(stopWatching);
  }

  /** After the sync's pages: logs, recovers a damaged file, tells the app, and hands memory back. */
  private async ended(outcome: SyncOutcome, writer: CacheWriter, fromFeed: boolean): Promise<Result<SyncProgress>> {
    const { options: cache, connections } = this.host;
    // The page reader's thread is only needed while pages come in (a sync started meanwhile starts
    // another). After a completed sync its heap goes with the collections that hand memory back.
    // A feed's few changes come often: its reader stays a while for the next, and the memory a burst grows
    // is handed back only after a large fill (starting a thread and collecting take longer than the changes).
    const small = fromFeed && outcome.progress.pagesDone <= SMALL_FEED_PAGES;
    const readerEnded = small ? this.endReaderLater(writer) : writer.endSync().catch(() => undefined);
    const { phase } = outcome.progress;
    cache.logger?.info(
      {
        environmentId: cache.environmentId,
        phase,
        pagesDone: outcome.progress.pagesDone,
        customers: outcome.progress.customers,
      },
      'customer sync ended',
    );
    if (outcome.cacheError !== undefined) {
      cache.logger?.error(
        { environmentId: cache.environmentId, error: errorMessage(outcome.cacheError) },
        'customer sync could not write the cache',
      );
      if (outcome.cacheError instanceof CacheWorkerError && outcome.cacheError.kind === 'corrupt') {
        this.rebuildAfterSync = false;
        void connections
          .recover(outcome.cacheError)
          .catch((e: unknown) => cache.logger?.error({ error: errorMessage(e) }, 'customer cache recovery failed'));
      }
    }
    if (phase === 'done' || phase === 'unchanged') this.host.tellSynced();
    if (phase === 'done' && !small) {
      await Promise.all([releaseMemory(), writer.call('releaseMemory').catch(() => undefined), readerEnded]);
    }
    if (outcome.error)
      return err(
        outcome.error.kind,
        outcome.error.message,
        outcome.error.status ? { status: outcome.error.status } : {},
      );
    return ok(outcome.progress);
  }
}
