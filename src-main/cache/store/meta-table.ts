// The cache file's `meta` table: the sync's state and resume point, the ETag, the schedule, the row
// count, how far emails are indexed and the ids of odd records, each under a key of its own; and the
// sync's bookkeeping in it, page by page, written in the transaction of the page it counts.
import type { DatabaseSync, StatementSync } from 'node:sqlite';

/** The keys of the meta table. */
export type MetaKey =
  | 'sync_generation'
  | 'sync_next_page'
  | 'sync_total_pages'
  | 'sync_customers_done'
  | 'sync_pending_etag'
  | 'etag'
  | 'last_synced_at'
  | 'last_total_pages'
  | 'customer_count'
  | 'schedule_minutes'
  | 'emails_through_seq'
  | 'unreadable_ids'
  /** 1 while words were dropped from the full-text indexes since they were last purged (full-text-indexes.ts). */
  | 'index_purge_pending'
  /** The last change of a feed (the team database's change_seq) the cache holds, when a feed fills it. */
  | 'feed_seq';

export interface SyncState {
  /** The generation rows of the running (or last) sync are marked with. */
  generation: number;
  /** The next page to fetch of an unfinished sync; null when none is pending. */
  nextPage: number | null;
  totalPages: number | null;
  /** Customers stored so far by the unfinished sync. */
  customersDone: number;
  /** ETag of page 0 of the last complete sync. */
  etag: string | null;
  lastSyncedAt: string | null;
  lastTotalPages: number | null;
  customerCount: number;
  scheduleMinutes: number;
}

export class MetaTable {
  private readonly setStmt: StatementSync;
  private readonly getStmt: StatementSync;

  constructor(db: DatabaseSync) {
    this.setStmt = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.getStmt = db.prepare('SELECT value FROM meta WHERE key = ?');
  }

  get(key: MetaKey): string | number | null {
    const v = this.getStmt.get(key)?.value;
    return typeof v === 'string' || typeof v === 'number' ? v : null;
  }

  num(key: MetaKey): number | null {
    const v = this.get(key);
    return v === null ? null : Number(v);
  }

  str(key: MetaKey): string | null {
    const v = this.get(key);
    return v === null ? null : String(v);
  }

  set(key: MetaKey, value: string | number | null): void {
    this.setStmt.run(key, value);
  }

  syncState(): SyncState {
    return {
      generation: this.num('sync_generation') ?? 0,
      nextPage: this.num('sync_next_page'),
      totalPages: this.num('sync_total_pages'),
      customersDone: this.num('sync_customers_done') ?? 0,
      etag: this.str('etag'),
      lastSyncedAt: this.str('last_synced_at'),
      lastTotalPages: this.num('last_total_pages'),
      customerCount: this.num('customer_count') ?? 0,
      scheduleMinutes: this.num('schedule_minutes') ?? 0,
    };
  }

  /**
   * The generation a page is stored in and the customers its sync stored before it. A page of a new
   * generation (`generation` null) starts it, and must be page 0; any other must be the next page of the
   * current generation.
   */
  pageStarts(write: { generation: number | null; page: number; etag?: string }): { generation: number; done: number } {
    let generation = this.num('sync_generation') ?? 0;
    let done = this.num('sync_customers_done') ?? 0;
    if (write.generation === null) {
      if (write.page !== 0) throw new Error('A new sync generation starts at page 0.');
      generation += 1;
      done = 0;
      this.set('sync_generation', generation);
      this.set('sync_pending_etag', write.etag ?? null);
    } else if (write.generation !== generation || this.num('sync_next_page') !== write.page) {
      throw new Error(
        `Page ${write.page} of sync ${write.generation} is out of order; the cache expects page ${this.num('sync_next_page')} of sync ${generation}.`,
      );
    }
    return { generation, done };
  }

  /** A page stored: `added` new customers counted, the sync's count so far, and the resume point after it. */
  pageStored(
    write: { page: number; totalPages: number | null; feedSeq?: number },
    customersDone: number,
    added: number,
  ): void {
    this.set('customer_count', (this.num('customer_count') ?? 0) + added);
    if (write.feedSeq !== undefined) this.set('feed_seq', write.feedSeq);
    this.set('sync_next_page', write.page + 1);
    this.set('sync_total_pages', write.totalPages);
    this.set('sync_customers_done', customersDone);
  }

  /** A sync completed at `at`: its ETag and page count become the last sync's, and its resume point goes. */
  syncCompleted(at: string): void {
    this.set('etag', this.str('sync_pending_etag'));
    this.set('last_synced_at', at);
    this.set('last_total_pages', this.num('sync_total_pages'));
    for (const k of ['sync_next_page', 'sync_total_pages', 'sync_customers_done', 'sync_pending_etag'] as const)
      this.set(k, null);
  }
}
