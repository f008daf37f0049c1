// When the cache worker rests. Its work comes in bursts (a sync, a setting saved, a team feed's changes)
// with long quiet spells between them, and a worker idle in between still holds its thread, its V8 heap and
// its connection: ~13 MB of the main process at 1M customers (docs/benchmarks.md). Once it has been given
// nothing for REST_AFTER_MS and no sync holds it, it is stopped; the next write starts another (~0.1 s, off
// the operator's path: searches run on the main thread's own connection).

/** How long the worker must have been idle before it rests. */
export const REST_AFTER_MS = 10_000;

/** What the watch reads of the running worker (CacheWriter). */
export interface RestingWriter {
  readonly alive: boolean;
  /** A count that moves whenever the worker is given something to do. */
  readonly requests: number;
  /** A request waits for its answer. */
  readonly busy: boolean;
}

export interface WriterRestOptions<W extends RestingWriter> {
  /** Idle time before a rest (REST_AFTER_MS unless tests shorten it). */
  afterMs: number;
  /** The running worker, or null. */
  writer: () => W | null;
  /** Something holds the worker between its requests (a sync waiting for its next page). */
  held: () => boolean;
  /** Stops the worker: it has rested. */
  rest: (writer: W) => void;
}

/**
 * Watches the running worker from `watch()` to `stop()`, looking a few times per `afterMs`: it rests once
 * it has been seen idle, unheld and given nothing new for at least `afterMs`.
 */
export class WriterRest<W extends RestingWriter> {
  private timer: ReturnType<typeof setInterval> | null = null;
  private seen: { writer: W; requests: number; since: number } | null = null;

  constructor(private readonly options: WriterRestOptions<W>) {}

  /** Starts watching (again); a worker just started counts as just used. */
  watch(): void {
    this.seen = null;
    if (this.timer) return;
    const every = Math.max(1, Math.floor(this.options.afterMs / 4));
    this.timer = setInterval(() => this.look(), every);
    // A quiet worker never keeps the app running.
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.seen = null;
  }

  private look(): void {
    const writer = this.options.writer();
    if (!writer?.alive) return this.stop();
    const now = performance.now();
    const { requests } = writer;
    if (writer.busy || this.options.held() || this.seen?.writer !== writer || this.seen.requests !== requests) {
      this.seen = { writer, requests, since: now };
      return;
    }
    if (now - this.seen.since < this.options.afterMs) return;
    this.stop();
    this.options.rest(writer);
  }
}
