// The customer cache's two connections to its file: the cache worker (the only writer: service-writer.ts)
// and the read-only connection searches run on. A read that finds the file damaged has it moved aside and a
// fresh one started (recover), then is tried again on the fresh cache; so does a file the worker finds bad
// when it starts again after a rest.
import { errorMessage } from '../errors/error-message';
import { isCorruption } from './store/cache-errors';
import { CustomerReader } from './store/customer-reader';
import { moveAside, openReader, unreadableNotice } from './store/database';
import { RecordSeal } from './store/record-seal';
import type { CacheWriter } from './threads/cache-writer';
import type { CustomerCacheOptions } from './service-contract';
import { ServiceWriter } from './service-writer';

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
  private readonly seal: RecordSeal;
  private readonly worker: ServiceWriter;
  private current: CustomerReader | null = null;
  private recovering: Promise<void> | null = null;
  private closing = false;
  private shownNotice: string | null = null;

  constructor(
    private readonly options: CustomerCacheOptions,
    readonly file: string,
    private readonly hooks: RecoveryHooks,
  ) {
    this.seal = new RecordSeal(options.keys.keys);
    this.worker = new ServiceWriter(options, file, {
      held: () => this.hooks.writerHeld(),
      notice: (text) => this.setNotice(text),
      // A recovery under way moves the search connection and refills the cache itself.
      replaced: (writer) => (this.recovering ? Promise.resolve() : this.adoptFreshFile(writer)),
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

  startWriter(): Promise<CacheWriter> {
    return this.worker.start();
  }

  /** The worker: started again if it rested, restarted (and said) if it died. */
  liveWriter(): Promise<CacheWriter> {
    if (this.closing) return Promise.reject(new Error('The customer cache is closed.'));
    return this.worker.live();
  }

  /**
   * The search connection moves to the fresh file, which keeps the user's schedule (it lived in the file set
   * aside) and is refilled.
   */
  private async adoptFreshFile(writer: CacheWriter): Promise<void> {
    this.current?.close();
    this.openReader();
    const minutes = this.hooks.scheduleMinutes();
    if (minutes > 0) await writer.call('setSchedule', minutes);
    this.hooks.recovered();
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
    this.worker.running?.call('buildNamePairs').catch((e: unknown) => {
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
      await this.adoptFreshFile(await this.recoveredWriter(cause));
    })().finally(() => {
      this.recovering = null;
    });
    return this.recovering;
  }

  /**
   * A worker on a fresh file in place of the damaged one. A running worker sets the file aside itself; when
   * none runs (it rested, or died), nothing has the file open once the search connection is closed, and it
   * is set aside here, so no worker opens the damaged file first.
   */
  private async recoveredWriter(cause: unknown): Promise<CacheWriter> {
    await this.worker.settled();
    const running = this.worker.running;
    if (!running) {
      this.setNotice(unreadableNotice(moveAside(this.file, new Date()), cause));
      return this.liveWriter();
    }
    const { notice } = await running.call('recover', errorMessage(cause));
    if (notice) this.setNotice(notice);
    return running;
  }

  /** From now on no sync starts and nothing is rebuilt (close follows). */
  beginClosing(): void {
    this.closing = true;
  }

  /** Waits for a recovery under way, then closes both connections. */
  async close(): Promise<void> {
    await this.recovering?.catch(() => undefined);
    this.current?.close();
    this.current = null;
    await this.worker.stop();
  }
}
