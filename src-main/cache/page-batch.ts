// Synced pages stored in the cache worker as they arrive, several to a transaction: each page is read and
// written at once, the commit (and with it the answer for every page in it) waits until the batch is full
// or the caller says no page follows at once. A commit costs about as much as writing a page of rows (the full-text
// indexes flush their new entries and every index page touched goes to the log once per transaction), so
// one commit per page nearly doubled a sync's CPU.
import { type FetchedPage, type PageStored, readCustomerPage } from './customer-page';
import type { CustomerStore } from './customer-store';

/**
 * Pages per transaction unless the cache is opened with another figure. With the sync's page cache
 * (BULK_CACHE_KB) a batch's dirty index pages stay in memory until its commit writes each once.
 */
export const DEFAULT_PAGES_PER_TRANSACTION = 128;

/** How long a batch that is not full waits for a promised next page (one that fails never comes). */
export const BATCH_HOLD_MS = 200;

export interface PageBatchHooks {
  store(): CustomerStore;
  /** Pages per transaction at most. */
  maxPages(): number;
  answer(id: number, stored: PageStored): void;
  fail(id: number, error: unknown): void;
  /** No page came for BATCH_HOLD_MS after a commit: the sync's pages stopped (or paused) for now. */
  idle(): void;
}

export class PageBatch {
  private held: { id: number; stored: PageStored }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly hooks: PageBatchHooks) {}

  /** Reads and writes one page; an unreadable page commits the batch before it and stores nothing. */
  add(id: number, fetched: FetchedPage): void {
    this.clearIdleTimer();
    let stored: PageStored;
    try {
      const read = readCustomerPage(fetched.body, fetched.page);
      if (!read) {
        this.commit();
        this.hooks.answer(id, { readable: false });
        return;
      }
      const store = this.hooks.store();
      if (this.held.length === 0) store.beginBatch();
      const { generation, page, etag } = fetched;
      const written = store.addToBatch({
        generation,
        page,
        totalPages: read.totalPages,
        rows: read.rows,
        ...(etag ? { etag } : {}),
      });
      stored = { readable: true, ...written, customers: read.rows.length, totalPages: read.totalPages };
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

  /** Commits what is held and forgets the idle wait (the cache is closing). */
  close(): void {
    this.commit();
    this.clearIdleTimer();
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
