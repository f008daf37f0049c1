// Pages fetched but not yet stored. Each page goes to the cache worker as soon as it arrives (so the
// calling thread keeps nothing alive between its own tasks) and the worker stores them in order.
export class PageWriteQueue<P extends { page: number }, W> {
  private readonly sent: Promise<void>[] = [];
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly write: (page: P) => Promise<W>,
    private readonly onWritten: (written: W, page: number) => void,
  ) {}

  push(page: P): void {
    this.throwIfFailed();
    const done = this.write(page).then(
      (written) => {
        if (!this.failure) this.onWritten(written, page.page);
      },
      (error: unknown) => {
        this.failure ??= { error };
      },
    );
    this.sent.push(done);
    void done.finally(() => {
      const i = this.sent.indexOf(done);
      if (i >= 0) void this.sent.splice(i, 1); // the waiters hold their own handles
    });
  }

  /** Waits while `limit` or more pages are with the worker (keeps downloads from running far ahead). */
  async waitBelow(limit: number): Promise<void> {
    while (this.sent.length >= limit && !this.failure) await this.sent[0];
    this.throwIfFailed();
  }

  /** Waits until every page sent is written; throws the first write failure. */
  async drain(): Promise<void> {
    while (this.sent.length) await this.sent[0];
    this.throwIfFailed();
  }

  /** Waits for the pages already with the worker (it refuses any after a failed one). */
  async abandon(): Promise<void> {
    while (this.sent.length) await this.sent[0];
  }

  throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
