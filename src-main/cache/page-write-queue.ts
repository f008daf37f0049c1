// Pages fetched but not yet stored, written in order by the cache worker while the next pages download.
import type { PageWrite, PageWritten } from './customer-store';

export type WritePages = (pages: PageWrite[]) => Promise<PageWritten>;

export class PageWriteQueue {
  private readonly queue: PageWrite[] = [];
  private inFlight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly write: WritePages,
    private readonly onWritten: (written: PageWritten, lastPage: number) => void,
    /** Pages per transaction: 1 keeps every page its own transaction. */
    private readonly maxPagesPerWrite = 1,
  ) {}

  push(page: PageWrite): void {
    this.throwIfFailed();
    this.queue.push(page);
    this.kick();
  }

  private kick(): void {
    if (this.inFlight || this.queue.length === 0 || this.failure) return;
    const batch = this.queue.splice(0, this.maxPagesPerWrite);
    const lastPage = batch[batch.length - 1]!.page;
    this.inFlight = this.write(batch)
      .then(
        (written) => this.onWritten(written, lastPage),
        (error: unknown) => {
          this.failure ??= { error };
          this.queue.length = 0;
        },
      )
      .finally(() => {
        this.inFlight = null;
        this.kick();
      });
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Waits while `limit` or more pages wait to be written (keeps downloads from running far ahead). */
  async waitBelow(limit: number): Promise<void> {
    while (this.queue.length >= limit && this.inFlight) await this.inFlight;
    this.throwIfFailed();
  }

  /** Waits until every queued page is written; throws the first write failure. */
  async drain(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    this.throwIfFailed();
  }

  /** Forgets pages not yet handed to the worker and waits for the one being written. */
  async abandon(): Promise<void> {
    this.queue.length = 0;
    while (this.inFlight) await this.inFlight;
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
