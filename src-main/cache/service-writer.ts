// The cache worker as the service runs it (the only writer of the file): started with the cache, resting
// while idle (threads/writer-rest.ts), started again by the next write, restarted (and said) if it died.
// Callers that arrive while one starts share it, and one that rests has closed the file before the next
// opens it.
import { CacheUnavailableError } from './store/cache-errors';
import { DEFAULT_PAGES_PER_TRANSACTION } from './sync/page-batch';
import { CacheWorkerError, CacheWriter } from './threads/cache-writer';
import { defaultWorkerLocation, workerLocation, type WorkerLocation } from './threads/worker-location';
import { REST_AFTER_MS, WriterRest } from './threads/writer-rest';
import type { CustomerCacheOptions } from './service-contract';

export interface ServiceWriterHooks {
  /** A sync holds the worker, between its requests too: it does not rest. */
  held: () => boolean;
  /** What the user is told: the worker found the file damaged, emptied or under other keys. */
  notice: (text: string) => void;
  /** A worker started again found the file bad and opened a fresh one in its place. */
  replaced: (writer: CacheWriter) => Promise<void>;
}

export class ServiceWriter {
  private readonly location: WorkerLocation;
  private writer: CacheWriter | null = null;
  /** A worker being started for a write, which every caller meanwhile waits for. */
  private starting: Promise<CacheWriter> | null = null;
  /** A worker that rested, while it closes its connection and ends. */
  private resting: Promise<void> | null = null;
  private readonly rest: WriterRest<CacheWriter>;
  private stopped = false;

  constructor(
    private readonly options: CustomerCacheOptions,
    private readonly file: string,
    private readonly hooks: ServiceWriterHooks,
  ) {
    this.location = options.workerUrl ? workerLocation(options.workerUrl) : defaultWorkerLocation();
    this.rest = new WriterRest({
      afterMs: options.writerRestMs ?? REST_AFTER_MS,
      writer: () => this.writer,
      held: () => this.hooks.held(),
      rest: (writer) => this.restWriter(writer),
    });
  }

  /** The worker running now, or null (none started yet, resting, or died). */
  get running(): CacheWriter | null {
    return this.writer?.alive ? this.writer : null;
  }

  /** Starts the first worker, as the cache opens. */
  async start(): Promise<CacheWriter> {
    return (await this.open()).writer;
  }

  /** The worker: started again if it rested, restarted (and said) if it died. */
  async live(): Promise<CacheWriter> {
    await this.resting;
    if (this.stopped) throw new Error('The customer cache is closed.');
    const running = this.running;
    if (running) return running;
    this.starting ??= this.startAgain().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** Once it returns, no worker has the file open but `running`. */
  async settled(): Promise<void> {
    await this.starting?.catch(() => undefined);
    await this.resting;
  }

  /** Closes the worker's connection and ends its thread; none starts again. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.rest.stop();
    await this.settled();
    await this.writer?.stop().catch(() => undefined);
    this.writer = null;
  }

  /**
   * Starts a worker on the file. `replaced`: the worker found the file damaged, emptied or under other keys and
   * opened a fresh one in its place (the notice says so).
   */
  private async open(): Promise<{ writer: CacheWriter; replaced: boolean }> {
    const writer = new CacheWriter(this.location);
    let notice: string | null;
    try {
      const { maxSizeBytes, maxPagesPerTransaction = DEFAULT_PAGES_PER_TRANSACTION } = this.options;
      ({ notice } = await writer.call('open', {
        file: this.file,
        keys: this.options.keys.keys,
        ...(maxSizeBytes ? { maxSizeBytes } : {}),
        maxPagesPerTransaction,
      }));
    } catch (e) {
      await writer.stop().catch(() => undefined);
      if (e instanceof CacheWorkerError && e.kind === 'unavailable') throw new CacheUnavailableError(e.message);
      throw e;
    }
    if (notice) this.hooks.notice(notice);
    this.writer = writer;
    this.rest.watch();
    return { writer, replaced: notice !== null };
  }

  private async startAgain(): Promise<CacheWriter> {
    if (this.writer) {
      this.options.logger?.warn({ environmentId: this.options.environmentId }, 'customer cache worker restarted');
    }
    this.writer = null;
    const { writer, replaced } = await this.open();
    if (replaced) await this.hooks.replaced(writer);
    return writer;
  }

  /** The idle worker closes its connection and ends; the next write starts another. */
  private restWriter(writer: CacheWriter): void {
    if (this.writer !== writer || this.stopped) return;
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
}
