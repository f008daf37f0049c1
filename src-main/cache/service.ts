// The per-environment customer cache: searches on a read-only connection of the calling thread (short
// enough not to need a thread: docs/benchmarks.md), writes in the cache worker, syncs on demand or on a
// schedule, one at a time.
import { join } from 'node:path';
import type { Customer } from '../../src-shared/api/records';
import type {
  CacheStatus,
  CustomerBrowseInput,
  CustomerBrowseResult,
  CustomerSearchResult,
  SyncProgress,
} from '../../src-shared/ipc/channels/customers';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { releaseMemory } from './threads/release-memory';
import { CacheUnavailableError, diskFullMessage, isCorruption } from './store/cache-errors';
import { errorMessage } from '../errors/error-message';
import { CacheWorkerError, CacheWriter } from './threads/cache-writer';
import { CustomerReader } from './store/customer-reader';
import { openReader } from './store/database';
import { RecordSeal } from './store/record-seal';
import { markOpened } from './store/retention';
import { planSearch } from './search/search-plan';
import { backgroundTimeMs, watchBackgroundWaits } from '../api/rate-budget-wait';
import { DEFAULT_FULL_SWEEP_HOURS, parseShape } from './sync/list-shape';
import { DEFAULT_PAGES_PER_TRANSACTION } from './sync/page-batch';
import { runResync, type ResyncStorePort } from './sync/resync';
import { SyncProgressReporter } from './sync/sync-progress';
import { SyncSchedule } from './sync/sync-schedule';
import { UnreadableTally } from './sync/unreadable-tally';
import { defaultWorkerLocation, workerLocation, type WorkerLocation } from './threads/worker-location';
import type { CustomerCacheOptions, CustomerCacheService, SyncOptions } from './service-contract';

export type { CustomerCacheOptions, CustomerCacheService, SyncOptions } from './service-contract';

export const CACHE_FILE_NAME = 'customers.sqlite';
export const DEFAULT_SEARCH_LIMIT = 50;

const ownsBuffer = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

export async function openCustomerCache(options: CustomerCacheOptions): Promise<CustomerCacheService> {
  const cache = new SqliteCustomerCache(options);
  await cache.start();
  return cache;
}

class SqliteCustomerCache implements CustomerCacheService {
  readonly environmentId: string;
  readonly file: string;
  private readonly location: WorkerLocation;
  private readonly now: () => Date;
  private readonly schedule: SyncSchedule;
  private readonly seal: RecordSeal;
  private writer: CacheWriter | null = null;
  private reader: CustomerReader | null = null;
  private notice: string | null = null;
  private running: { promise: Promise<Result<SyncProgress>>; abort: AbortController } | null = null;
  private recovering: Promise<void> | null = null;
  private rebuildAfterSync = false;
  private closed = false;

  constructor(private readonly options: CustomerCacheOptions) {
    this.environmentId = options.environmentId;
    this.file = join(options.folder, CACHE_FILE_NAME);
    this.location = options.workerUrl ? workerLocation(options.workerUrl) : defaultWorkerLocation();
    this.now = options.now ?? (() => new Date());
    this.schedule = new SyncSchedule(() => void this.sync(), options.minuteMs);
    this.seal = new RecordSeal(options.keys.keys);
  }

  async start(): Promise<void> {
    await this.startWriter();
    markOpened(this.file, this.now()); // for the retention period (retention.ts)
    const keysNotice = this.options.keys.notice;
    if (keysNotice) this.setNotice(this.notice ? `${keysNotice} ${this.notice}` : keysNotice);
    this.reader = this.openReader();
    this.schedule.set(this.reader.meta().scheduleMinutes);
    this.tellSynced();
    if (this.notice) this.rebuild();
    else this.buildNamePairs();
  }

  /**
   * Builds the name pairs an upgrade left pending, behind the caller's back: searches use the names index
   * until it is done, and a sync asked meanwhile starts once it is. A failure (a full disk) leaves them
   * pending until the next opening.
   */
  private buildNamePairs(): void {
    this.writer?.call('buildNamePairs').catch((e: unknown) => {
      this.options.logger?.warn(
        { environmentId: this.environmentId, error: errorMessage(e) },
        'customer name pairs not built; tried again at the next opening',
      );
    });
  }

  private async startWriter(): Promise<CacheWriter> {
    const writer = new CacheWriter(this.location);
    try {
      const { maxSizeBytes, maxPagesPerTransaction = DEFAULT_PAGES_PER_TRANSACTION } = this.options;
      const opened = await writer.call('open', {
        file: this.file,
        keys: this.options.keys.keys,
        ...(maxSizeBytes ? { maxSizeBytes } : {}),
        maxPagesPerTransaction,
      });
      if (opened.notice) this.setNotice(opened.notice);
    } catch (e) {
      await writer.stop().catch(() => undefined);
      if (e instanceof CacheWorkerError && e.kind === 'unavailable') throw new CacheUnavailableError(e.message);
      throw e;
    }
    this.writer = writer;
    return writer;
  }

  /** The worker, restarted if it died. */
  private async liveWriter(): Promise<CacheWriter> {
    if (this.closed) throw new Error('The customer cache is closed.');
    if (this.writer?.alive) return this.writer;
    this.options.logger?.warn({ environmentId: this.environmentId }, 'customer cache worker restarted');
    return this.startWriter();
  }

  private openReader(): CustomerReader {
    return new CustomerReader(openReader(this.file), this.seal, this.options.countCap);
  }

  private setNotice(notice: string): void {
    this.notice = notice;
    this.options.logger?.warn({ environmentId: this.environmentId, notice }, 'customer cache rebuilt');
  }

  /** Moves a damaged file aside, starts a fresh one and refills it from the service. */
  private recover(cause: unknown): Promise<void> {
    this.recovering ??= (async () => {
      this.reader?.close();
      this.reader = null;
      const writer = await this.liveWriter();
      const { notice } = await writer.call('recover', errorMessage(cause));
      if (notice) this.setNotice(notice);
      // The schedule lived in the damaged file; keep the user's choice.
      if (this.schedule.minutes > 0) await writer.call('setSchedule', this.schedule.minutes);
      this.reader = this.openReader();
      this.options.onSynced?.(null);
      this.rebuild();
    })().finally(() => {
      this.recovering = null;
    });
    return this.recovering;
  }

  private rebuild(): void {
    if (this.running) this.rebuildAfterSync = true;
    else void this.sync({ full: true });
  }

  /** Runs a read; a damaged file is recovered and the read retried on the fresh cache. */
  private async read<T>(work: (reader: CustomerReader) => T): Promise<T> {
    if (this.recovering) await this.recovering;
    if (!this.reader) throw new Error('The customer cache is closed.');
    try {
      return work(this.reader);
    } catch (e) {
      if (!isCorruption(e)) throw e;
      await this.recover(e);
      return work(this.reader);
    }
  }

  search(query: string, limit = DEFAULT_SEARCH_LIMIT): Promise<CustomerSearchResult> {
    return this.find(query, limit, false);
  }

  searchListed(query: string, limit = DEFAULT_SEARCH_LIMIT): Promise<CustomerSearchResult> {
    return this.find(query, limit, true);
  }

  private find(query: string, limit: number, listed: boolean): Promise<CustomerSearchResult> {
    const plan = planSearch(query);
    return this.read((reader) => {
      const page = reader.search(plan, limit, listed);
      return { results: page.customers, total: page.total, totalCapped: page.totalCapped, ...this.age(reader) };
    });
  }

  browse(input: CustomerBrowseInput): Promise<CustomerBrowseResult> {
    return this.read((reader) => {
      const page = reader.browse(input);
      return {
        results: page.customers,
        total: page.total,
        offset: page.offset,
        ...(page.nameOrderPending ? { nameOrderPending: true } : {}),
        ...this.age(reader),
      };
    });
  }

  private age(reader: CustomerReader): { cacheAgeMs: number | null; lastSyncedAt: string | null } {
    const { lastSyncedAt } = reader.meta();
    return {
      cacheAgeMs: lastSyncedAt ? Math.max(0, this.now().getTime() - Date.parse(lastSyncedAt)) : null,
      lastSyncedAt,
    };
  }

  get(id: string): Promise<Customer | null> {
    return this.read((reader) => reader.get(id));
  }

  sync(options: SyncOptions = {}): Promise<Result<SyncProgress>> {
    if (this.running) return this.running.promise;
    if (this.closed) return Promise.resolve(err('internal', 'The customer cache is closed.'));
    const abort = new AbortController();
    const promise = this.runSync(options, abort.signal).finally(() => {
      this.running = null;
      if (this.rebuildAfterSync && !this.closed) {
        this.rebuildAfterSync = false;
        void this.sync({ full: true });
      }
    });
    this.running = { promise, abort };
    return promise;
  }

  private async runSync(options: SyncOptions, signal: AbortSignal): Promise<Result<SyncProgress>> {
    const progress = new SyncProgressReporter(
      this.environmentId,
      (p) => this.options.emit('customers.syncProgress', p),
      this.options.progressIntervalMs,
    );
    let writer: CacheWriter;
    try {
      if (this.recovering) await this.recovering;
      writer = await this.liveWriter();
    } catch (e) {
      const p = progress.finish('failed', { pagesDone: 0, totalPages: null, customers: 0 }, errorMessage(e));
      return err('internal', p.message ?? 'The customer cache is not available.');
    }
    const tally = new UnreadableTally(this.options.logger, this.environmentId);
    progress.summarize(() => tally.summary());
    const store: ResyncStorePort = {
      syncState: () => writer.call('syncState'),
      // The page's bytes are handed to the worker rather than copied when they own their whole buffer.
      storePage: async (page) =>
        tally.see(
          page.page,
          await writer.callTransferring(ownsBuffer(page.body) ? [page.body.buffer] : [], 'storePage', page),
        ),
      finishGeneration: (generation, at) => writer.call('finishGeneration', generation, at),
      markUnchanged: (at) => writer.call('markUnchanged', at),
      describeFailure: async (e) => {
        if (!(e instanceof CacheWorkerError && e.kind === 'full')) return null;
        const state = await writer.call('syncState');
        return diskFullMessage(state.customerCount, state.nextPage);
      },
      listShape: async () => {
        const stored = await writer.call('listShape');
        return {
          shape: parseShape(stored.shape),
          fullSweepHours: stored.fullSweepHours ?? DEFAULT_FULL_SWEEP_HOURS,
        };
      },
      beginIncremental: (generation, page, shape) =>
        writer.call('beginIncremental', generation, page, JSON.stringify(shape)),
      setListShape: (shape) => writer.call('setListShape', shape ? JSON.stringify(shape) : null),
    };
    // The rate limit's waits are part of the sync: said while they last, and counted in its estimate.
    const { budget } = this.options.api;
    progress.useRateEstimate((pages) => backgroundTimeMs(budget, pages));
    const stopWatching = watchBackgroundWaits(budget, (resumesAt) => progress.waiting(resumesAt));
    const outcome = await runResync({
      ...(this.options.logger ? { logger: this.options.logger } : {}),
      api: this.options.api,
      store,
      progress,
      signal,
      full: options.full ?? false,
      now: this.now,
      ...(this.options.pageConcurrency ? { concurrency: this.options.pageConcurrency } : {}),
      transport: writer.transport,
    }).finally(stopWatching);
    // The page reader's thread is only needed while pages come in (a sync started meanwhile starts
    // another). After a completed sync its heap goes with the collections that hand memory back.
    const readerEnded = writer.endSync().catch(() => undefined);
    const { phase } = outcome.progress;
    this.options.logger?.info(
      {
        environmentId: this.environmentId,
        phase,
        pagesDone: outcome.progress.pagesDone,
        customers: outcome.progress.customers,
      },
      'customer sync ended',
    );
    if (outcome.cacheError !== undefined) {
      this.options.logger?.error(
        { environmentId: this.environmentId, error: errorMessage(outcome.cacheError) },
        'customer sync could not write the cache',
      );
      if (outcome.cacheError instanceof CacheWorkerError && outcome.cacheError.kind === 'corrupt') {
        this.rebuildAfterSync = false;
        void this.recover(outcome.cacheError).catch((e: unknown) =>
          this.options.logger?.error({ error: errorMessage(e) }, 'customer cache recovery failed'),
        );
      }
    }
    if (phase === 'done' || phase === 'unchanged') this.tellSynced();
    if (phase === 'done') {
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

  private tellSynced(): void {
    if (!this.options.onSynced || !this.reader) return;
    try {
      this.options.onSynced(this.reader.meta().lastSyncedAt);
    } catch (e) {
      this.options.logger?.warn({ error: errorMessage(e) }, 'could not read when the customer cache was synced');
    }
  }

  cancelSync(): boolean {
    if (!this.running) return false;
    this.running.abort.abort();
    return true;
  }

  async status(): Promise<CacheStatus> {
    const meta = await this.read((reader) => reader.meta());
    const sweep = await this.fullSweep();
    return {
      environmentId: this.environmentId,
      customers: meta.customerCount,
      lastSyncedAt: meta.lastSyncedAt,
      syncing: this.running !== null,
      resumeFromPage: meta.nextPage,
      scheduleMinutes: meta.scheduleMinutes,
      ...sweep,
      notice: this.notice,
    };
  }

  /** The full-sweep setting and when the last sweep completed. */
  private async fullSweep(): Promise<{ fullSweepHours: number; lastFullSweepAt: string | null }> {
    try {
      const stored = await (await this.liveWriter()).call('listShape');
      return {
        fullSweepHours: stored.fullSweepHours ?? DEFAULT_FULL_SWEEP_HOURS,
        lastFullSweepAt: parseShape(stored.shape)?.lastFullSweepAt ?? null,
      };
    } catch {
      return { fullSweepHours: DEFAULT_FULL_SWEEP_HOURS, lastFullSweepAt: null };
    }
  }

  async setFullSweepHours(hours: number): Promise<CacheStatus> {
    if (!Number.isInteger(hours) || hours < 1) throw new RangeError('hours must be a whole number of 1 or more');
    await (await this.liveWriter()).call('setFullSweepHours', hours);
    return this.status();
  }

  async setSchedule(minutes: number): Promise<CacheStatus> {
    if (!Number.isInteger(minutes) || minutes < 0) throw new RangeError('minutes must be a whole number of 0 or more');
    await (await this.liveWriter()).call('setSchedule', minutes);
    this.schedule.set(minutes);
    return this.status();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true; // no new sync, no rebuild from here on
    this.schedule.stop();
    this.cancelSync();
    await this.running?.promise.catch(() => undefined);
    await this.recovering?.catch(() => undefined);
    this.reader?.close();
    this.reader = null;
    await this.writer?.stop().catch(() => undefined);
    this.writer = null;
  }
}
