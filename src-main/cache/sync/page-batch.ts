// Synced pages stored in the cache worker as they arrive, several to a transaction: each page is read (off
// the worker's thread, see page-reader-thread.ts) and written at once, in the order pages came; the commit
// (and with it the answer for every page in it) waits until the batch is full or the caller says no page
// follows at once. A commit costs about as much as writing a page of rows (the full-text indexes flush their
// new entries and every index page touched goes to the log once per transaction), so one commit per page
// cost a sync much of its CPU (docs/cache-design.md).
import type { FetchedPage, PageStored } from './customer-page';
import type { CustomerStore } from '../store/customer-store';
import type { PreparedPage } from './page-reader';

/**
 * Pages per transaction unless the cache is opened with another figure (a batch also ends after
 * BATCH_HOLD_MS; see add).
 */
export const DEFAULT_PAGES_PER_TRANSACTION = 128;

/** How long a batch that is not full waits for a promised next page (one that fails never comes). */
export const BATCH_HOLD_MS = 200;

export interface PageBatchHooks {
  store(): CustomerStore;
  /** Pages per transaction at most. */
  maxPages(): number;
  /** Reads a page's bytes into rows to write (page-reader.ts); its bytes are handed over. */
  read(page: number, body: Uint8Array): Promise<PreparedPage>;
  answer(id: number, stored: PageStored): void;
  fail(id: number, error: unknown): void;
  /** No page came for BATCH_HOLD_MS after a commit: the sync's pages stopped (or paused) for now. */
  idle(): void;
}

type Meta = Omit<FetchedPage, 'body'>;

export class PageBatch {
  private held: { id: number; stored: PageStored }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  /** The pages being read, in order: each is written once the ones before it were. */
  private queue: Promise<void> = Promise.resolve();
  /** Pages read for an earlier opening of the cache are not written to this one. */
  private epoch = 0;

  constructor(private readonly hooks: PageBatchHooks) {}

  /** Reads a page, then writes it after the pages before it; resolves once it is written or held (tests wait on it). */
  add(id: number, fetched: FetchedPage): Promise<void> {
    this.clearIdleTimer();
    const { body, ...meta } = fetched;
    const epoch = this.epoch;
    const reading = this.hooks.read(fetched.page, body);
    this.queue = this.queue.then(
      () =>
        reading.then(
          (prepared) => this.write(id, meta, prepared, epoch),
          (e: unknown) => this.unread(id, e, epoch),
        ),
      () => undefined,
    );
    return this.queue;
  }

  /** Writes one read page; an unreadable page commits the batch before it and stores nothing. */
  private write(id: number, fetched: Meta, prepared: PreparedPage, epoch: number): void {
    if (epoch !== this.epoch) return this.hooks.fail(id, new Error('The cache was closed before the page was stored.'));
    let stored: PageStored;
    try {
      if (!prepared.readable) {
        this.commit();
        this.hooks.answer(id, { readable: false });
        return;
      }
      const store = this.hooks.store();
      if (this.held.length === 0) store.beginBatch();
      const { generation, page, etag, feedSeq } = fetched;
      const written = store.addPreparedToBatch({
        generation,
        page,
        totalPages: prepared.totalPages,
        rows: prepared.rows,
        groups: prepared.groups,
        strings: prepared.strings,
        ...(etag ? { etag } : {}),
        ...(feedSeq === undefined ? {} : { feedSeq }),
        ...(prepared.removed ? { removed: prepared.removed } : {}),
      });
      stored = {
        readable: true,
        ...written,
        customers: prepared.sent,
        totalPages: prepared.totalPages,
        ...(prepared.notes ? { notes: prepared.notes } : {}),
      };
    } catch (e) {
      // The store rolled the batch back: none of its pages is stored.
      this.failAll(e);
      this.hooks.fail(id, e);
      return;
    }
    this.held.push({ id, stored });
    if (this.held.length >= this.hooks.maxPages() || !fetched.moreComing) this.commit();
    else this.timer ??= setTimeout(() => this.commit(), BATCH_HOLD_MS);
  }

  /** The page could not be read (the reader's thread failed): the pages before it are kept, it is not. */
  private unread(id: number, e: unknown, epoch: number): void {
    if (epoch === this.epoch) this.commit();
    this.hooks.fail(id, e);
  }

  /** Commits the pages held, then answers each; before any other operation touches the cache. */
  commit(): void {
    this.clearTimer();
    if (this.held.length === 0) return;
    const held = this.held;
    this.held = [];
    try {
      this.hooks.store().commitBatch();
    } catch (e) {
      for (const h of held) this.hooks.fail(h.id, e);
      return;
    }
    for (const h of held) this.hooks.answer(h.id, h.stored);
    this.clearIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      this.hooks.idle();
    }, BATCH_HOLD_MS);
    this.idleTimer.unref?.();
  }

  /** Commits what is held and forgets the idle wait and any page still being read (the cache is closing). */
  close(): void {
    this.commit();
    this.clearIdleTimer();
    this.epoch++;
  }

  private failAll(e: unknown): void {
    this.clearTimer();
    const held = this.held;
    this.held = [];
    for (const h of held) this.hooks.fail(h.id, e);
  }

  private clearIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
