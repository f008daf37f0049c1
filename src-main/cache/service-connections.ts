// The customer cache's two connections to its file: the cache worker (the only writer, restarted if it
// died, resting while idle: threads/writer-rest.ts) and the read-only connection searches run on. A read
// that finds the file damaged has it moved aside and a fresh one started (recover), then is tried again
// on the fresh cache.
import { errorMessage } from '../errors/error-message';
import { CacheUnavailableError, isCorruption } from './store/cache-errors';
import { CustomerReader } from './store/customer-reader';
import { openReader } from './store/database';
import { RecordSeal } from './store/record-seal';
import { DEFAULT_PAGES_PER_TRANSACTION } from './sync/page-batch';
import { CacheWorkerError, CacheWriter } from './threads/cache-writer';
import { defaultWorkerLocation, workerLocation, type WorkerLocation } from './threads/worker-location';
import { REST_AFTER_MS, WriterRest } from './threads/writer-rest';
import type { CustomerCacheOptions } from './service-contract';

/** What a recovery needs of the service. */
export interface RecoveryHooks {
  /** The sync schedule the user chose: it lived in the damaged file and is kept. */
  scheduleMinutes: () => number;
  /** A fresh cache was opened in place of the damaged one. */
  recovered: () => void;
  /** A sync holds the worker, between its requests too: it does not rest. */
  writerHeld: () => boolean;
}

export class CacheConnections {
  private readonly location: WorkerLocation;
  private readonly seal: RecordSeal;
  private writer: CacheWriter | null = null;
  /** A worker being started for a write, which every caller meanwhile waits for. */
  private starting: Promise<CacheWriter> | null = null;
  /** A worker that rested, while it closes its connection and ends. */
  private resting: Promise<void> | null = null;
  private readonly rest: WriterRest<CacheWriter>;
  private current: CustomerReader | null = null;
  private recovering: Promise<void> | null = null;
  private closing = false;
  private shownNotice: string | null = null;

  constructor(
    private readonly options: CustomerCacheOptions,
    readonly file: string,
    private readonly hooks: RecoveryHooks,
  ) {
    this.location = options.workerUrl ? workerLocation(options.workerUrl) : defaultWorkerLocation();
    this.seal = new RecordSeal(options.keys.keys);
    this.rest = new WriterRest({
      afterMs: options.writerRestMs ?? REST_AFTER_MS,
      writer: () => this.writer,
      held: () => this.hooks.writerHeld(),
      rest: (writer) => this.restWriter(writer),
    });
  }

  /** What the user is told of the cache (rebuilt, keys), or null. */
  get notice(): string | null {
    return this.shownNotice;
  }

  /** The read-only connection, while one is open. */
  get reader(): CustomerReader | null {
    return this.current;
  }

  /** True once the cache is closing: no new sync, no rebuild. */
  get closed(): boolean {
    return this.closing;
  }

  setNotice(notice: string): void {
    this.shownNotice = notice;
    this.options.logger?.warn({ environmentId: this.options.environmentId, notice }, 'customer cache rebuilt');
  }

  /** Opens the read-only connection. */
  openReader(): CustomerReader {
    this.current = new CustomerReader(openReader(this.file), this.seal, this.options.countCap);
    return this.current;
  }

  async startWriter(): Promise<CacheWriter> {
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
    this.rest.watch();
    return writer;
  }

  /** The worker: started again if it rested, restarted (and said) if it died. */
  async liveWriter(): Promise<CacheWriter> {
    if (this.closing) throw new Error('The customer cache is closed.');
    await this.resting;
    if (this.closing) throw new Error('The customer cache is closed.');
    if (this.writer?.alive) return this.writer;
    this.starting ??= this.startAgain().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private startAgain(): Promise<CacheWriter> {
    if (this.writer) {
      this.options.logger?.warn({ environmentId: this.options.environmentId }, 'customer cache worker restarted');
    }
    this.writer = null;
    return this.startWriter();
  }

  /** The idle worker closes its connection and ends; the next write starts another. */
  private restWriter(writer: CacheWriter): void {
    if (this.writer !== writer || this.closing) return;
    this.writer = null;
    this.resting = writer
      .stop()
      .catch(() => undefined)
      .finally(() => {
        this.resting = null;
      });
    this.options.logger?.info(
      { environmentId: this.options.environmentId },
      'customer cache worker resting until the next write',
    );
  }

  /** The worker once a recovery under way has finished, restarted if it died. */
  async settledWriter(): Promise<CacheWriter> {
    if (this.recovering) await this.recovering;
    return this.liveWriter();
  }

  /**
   * Builds the name pairs an upgrade left pending, behind the caller's back: searches use the names index
   * until it is done, and a sync asked meanwhile starts once it is. A failure (a full disk) leaves them
   * pending until the next opening.
   */
  buildNamePairs(): void {
    this.writer?.call('buildNamePairs').catch((e: unknown) => {
      this.options.logger?.warn(
        { environmentId: this.options.environmentId, error: errorMessage(e) },
        'customer name pairs not built; tried again at the next opening',
      );
    });
  }

  /** Runs a read; a damaged file is recovered and the read retried on the fresh cache. */
  async read<T>(work: (reader: CustomerReader) => T): Promise<T> {
    if (this.recovering) await this.recovering;
    if (!this.current) throw new Error('The customer cache is closed.');
    try {
      return work(this.current);
    } catch (e) {
      if (!isCorruption(e)) throw e;
      await this.recover(e);
      return work(this.current);
    }
  }

  /** Moves a damaged file aside, starts a fresh one and refills it from the service. */
  recover(cause: unknown): Promise<void> {
    this.recovering ??= (async () => {
      this.current?.close();
      this.current = null;
      const writer = await this.liveWriter();
      const { notice } = await writer.call('recover', errorMessage(cause));
      if (notice) this.setNotice(notice);
      // The schedule lived in the damaged file; keep the user's choice.
      const minutes = this.hooks.scheduleMinutes();
      if (minutes > 0) await writer.call('setSchedule', minutes);
      this.openReader();
      this.hooks.recovered();
    })().finally(() => {
      this.recovering = null;
    });
    return this.recovering;
  }

  /** From now on no sync starts and nothing is rebuilt (close follows). */
  beginClosing(): void {
    this.closing = true;
  }

  /** Waits for a recovery under way, then closes both connections. */
  async close(): Promise<void> {
    this.rest.stop();
    await this.recovering?.catch(() => undefined);
    this.current?.close();
    this.current = null;
    await this.starting?.catch(() => undefined);
    await this.resting;
    await this.writer?.stop().catch(() => undefined);
    this.writer = null;
  }
}
