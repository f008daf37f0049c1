// The cache's writes: one transaction per synced page, together with the sync's resume point, so a page
// is stored whole or not at all and a sync interrupted at any moment resumes at the first missing page.
// Runs in the cache worker, which owns the only write connection. A row's write is RowWriter's
// (row-writer.ts), the email index's chunks EmailChunks' (email-chunks.ts), the meta table MetaTable's
// (meta-table.ts); the store orders them into pages, transactions and generations.
import type { DatabaseSync } from 'node:sqlite';
import { CacheFullError, isDiskFull } from './cache-errors';
import { EmailChunks } from './email-chunks';
import { beginFirstFill, hasNameOrder } from './first-fill';
import { FullTextIndexes } from '../search/full-text-indexes';
import { MetaTable, type SyncState } from './meta-table';
import { type PreparedRows, prepareRows } from './prepared-row';
import { RowWriter } from './row-writer';
import { UnreadableIds } from './unreadable-ids';
import type { CustomerRow } from '../search/search-fields';
import type { RecordSeal } from './record-seal';
import { SharedStrings } from './shared-strings';
import { GroupStore } from './sealed-groups';

export type { SyncState } from './meta-table';

export interface PageWrite {
  /** The sync's generation; null starts a new generation with this page (which must be page 0). */
  generation: number | null;
  page: number;
  totalPages: number | null;
  rows: CustomerRow[];
  /** ETag of page 0, kept until the sync completes. */
  etag?: string;
  /** The feed's last change this page holds (a feed fills the cache, service-feed.ts), kept with the page. */
  feedSeq?: number;
  /**
   * Customers a feed no longer lists (the team copy marked them deleted): marked with REMOVED_GENERATION
   * in the page's transaction, so the feed's run, when it completes, prunes them as any sync prunes.
   */
  removed?: string[];
}

/** The generation of a row a feed removed: no sync's, so finishGeneration deletes it with its index entries. */
const REMOVED_GENERATION = -1;

function markRemoved(db: DatabaseSync, ids: readonly string[]): void {
  const mark = db.prepare('UPDATE customers SET generation = ? WHERE id = ?');
  for (const id of ids) mark.run(REMOVED_GENERATION, id);
}

/** A page read on the page reader's thread (page-reader.ts): records sealed, with the shared strings they use. */
export interface PreparedPageWrite extends Omit<PageWrite, 'rows'>, PreparedRows {
  strings: [number, string][];
}

export interface PageWritten {
  generation: number;
  customersDone: number;
}

/**
 * New customers' emails go into customer_emails once this many are waiting (and when a sync completes):
 * sorted, a chunk touches each page of that table about once, where row by row every customer dirtied one.
 * Until then a new customer is found by name, phone and id but not yet by email.
 */
export const EMAIL_CHUNK = 100_000;

export class CustomerStore {
  /** Batches were written since the page cache was last emptied (endBulk). */
  private bulk = false;
  private readonly meta: MetaTable;
  private readonly emails: EmailChunks;
  private readonly rows: RowWriter;
  private readonly strings: SharedStrings;
  private readonly groups: GroupStore;
  private readonly indexes: FullTextIndexes;

  /** `seal`: the cache's keys (record-seal.ts); `emailChunk`: see EMAIL_CHUNK (tests use a small one). */
  constructor(
    private readonly db: DatabaseSync,
    private readonly seal: RecordSeal,
    private readonly emailChunk = EMAIL_CHUNK,
  ) {
    this.meta = new MetaTable(db);
    this.emails = new EmailChunks(db, this.meta);
    this.strings = new SharedStrings(db, seal);
    this.groups = new GroupStore(db);
    this.indexes = new FullTextIndexes(db);
    this.rows = new RowWriter(db, this.indexes, this.emails);
  }

  syncState(): SyncState {
    return this.meta.syncState();
  }

  /** The last change of a feed the cache holds; null when no feed filled it. */
  feedSeq(): number | null {
    return this.meta.num('feed_seq');
  }

  /** Stores pages (consecutive, of one sync) and the resume point after the last, atomically. */
  writePages(pages: PageWrite[]): PageWritten {
    return this.writeBatch([pages])[0]!;
  }

  /** Several writePages in one transaction: all stored, or none. One result per entry. */
  writeBatch(batch: PageWrite[][]): PageWritten[] {
    if (batch.length === 0 || batch.some((pages) => pages.length === 0)) throw new Error('No page to write.');
    return this.transaction(() => {
      const written = batch.map((pages) => {
        let last!: PageWritten;
        for (const page of pages) last = this.applyPage(page);
        return last;
      });
      this.emails.indexNew(this.emailChunk);
      return written;
    });
  }

  /**
   * Starts a batch of pages stored as they arrive (see PageBatch): addToBatch each, then commitBatch.
   * A failure rolls the whole batch back and throws, as writeBatch does.
   */
  beginBatch(): void {
    this.bulk = true;
    this.db.exec('BEGIN IMMEDIATE');
  }

  /**
   * The batches stopped: the page cache's pages are freed (outside a transaction). Batches are written
   * with the resting page cache (database.ts, WRITER_CACHE_KB): a larger one held more of a batch's dirty index
   * pages until its commit, but since the first sync builds the name order at its end it bought little of a
   * sync's time for more resident memory, which the allocator kept after the sync (docs/cache-design.md).
   */
  endBulk(): void {
    if (!this.bulk) return;
    this.bulk = false;
    this.db.exec('PRAGMA shrink_memory');
  }

  addToBatch(page: PageWrite): PageWritten {
    try {
      return this.applyPage(page);
    } catch (e) {
      throw this.rollBack(e);
    }
  }

  commitBatch(): void {
    try {
      this.emails.indexNew(this.emailChunk);
      this.db.exec('COMMIT');
    } catch (e) {
      throw this.rollBack(e);
    }
  }

  /**
   * Indexes the emails still waiting for their chunk, when a sync's pages stop (finished, failed, cancelled,
   * paused): a cache whose sync stopped part-way is searched by email through the index. Should this fail
   * (the disk still full), the reader reads the waiting rows instead (search/matching-rows.ts, emailTail).
   */
  indexWaitingEmails(): void {
    this.transaction(() => this.emails.indexNew(1));
  }

  /** As addToBatch, for a page the page reader prepared. */
  addPreparedToBatch(page: PreparedPageWrite): PageWritten {
    try {
      this.strings.addNumberedStrings(page.strings);
      return this.applyPage(page);
    } catch (e) {
      throw this.rollBack(e);
    }
  }

  private applyPage(write: PageWrite | PreparedPageWrite): PageWritten {
    const { generation, done } = this.meta.pageStarts(write);
    // The first sync into an empty cache defers some index upkeep to its end (first-fill.ts).
    if (write.generation === null && this.emails.lastSeq() === 0) beginFirstFill(this.db);
    this.indexes.refresh();
    let added = 0;
    const unreadable = new UnreadableIds(this.meta.str('unreadable_ids'));
    const { rows, groups } = 'groups' in write ? write : prepareRows(write.rows, this.strings, this.seal);
    const stored = this.groups.add(groups);
    for (const row of rows) {
      if (this.rows.put(row, generation, stored[row.group]!, row.entry)) added++;
      unreadable.mark(row.id, row.unreadable === true);
    }
    // Only a feed's page removes: the API's envelope has no `removed`, and one it sent would not count.
    if (write.feedSeq !== undefined && write.removed) markRemoved(this.db, write.removed);
    if (unreadable.changed) this.meta.set('unreadable_ids', unreadable.text());
    if (this.indexes.takeDropped() > 0) this.meta.set('index_purge_pending', 1);
    const customersDone = done + write.rows.length;
    this.meta.pageStored(write, customersDone, added);
    return { generation, customersDone };
  }

  /** Completes a sync: drops customers the service no longer returned, remembers the ETag and time. */
  finishGeneration(generation: number, at: string): { pruned: number; customerCount: number } {
    return this.transaction(() => {
      if (this.meta.num('sync_generation') !== generation)
        throw new Error(`Sync ${generation} is no longer the current one.`);
      this.emails.indexNew(1);
      this.emails.dropOtherGenerations(generation);
      this.indexes.dropOtherGenerations(generation);
      const pruned = Number(this.db.prepare('DELETE FROM customers WHERE generation <> ?').run(generation).changes);
      // A first fill (its name order still pending) rewrote no row, so left no group unused: the scan is
      // skipped at 1M customers' end (the rare id met twice leaves a group for a later sync to drop).
      if (pruned > 0 || hasNameOrder(this.db)) this.groups.dropUnused();
      // Words of pruned customers and changed names leave the indexes (full-text-indexes.ts).
      if (pruned > 0 || this.meta.num('index_purge_pending') === 1) {
        this.indexes.purge();
        this.meta.set('index_purge_pending', 0);
      }
      const unreadable = new UnreadableIds(this.meta.str('unreadable_ids'));
      const present = this.db.prepare('SELECT 1 AS here FROM customers WHERE id = ?');
      unreadable.keepOnly((id) => present.get(id) !== undefined);
      if (unreadable.changed) this.meta.set('unreadable_ids', unreadable.text());
      this.emails.markAllIndexed();
      this.meta.set('customer_count', Number(this.db.prepare('SELECT count(*) AS n FROM customers').get()?.n ?? 0));
      this.meta.syncCompleted(at);
      return { pruned, customerCount: this.meta.num('customer_count') ?? 0 };
    });
  }

  /**
   * Gives pages freed by pruning and by SQLite's merging of the full-text segments back to the disk
   * (files made with auto_vacuum = INCREMENTAL, see database.ts; older files keep them for reuse).
   */
  reclaimFreePages(): void {
    this.db.exec('PRAGMA incremental_vacuum');
  }

  /** Copies the write-ahead log into the file and empties it (after a sync it can hold ~40 MB). */
  checkpoint(): void {
    this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  }

  /** The service said nothing changed (304): the cache is as fresh as if it had synced now. */
  markUnchanged(at: string): void {
    this.transaction(() => this.meta.set('last_synced_at', at));
  }

  setSchedule(minutes: number): void {
    this.transaction(() => this.meta.set('schedule_minutes', minutes));
  }

  private transaction<T>(work: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (e) {
      throw this.rollBack(e);
    }
  }

  /** Rolls the open transaction back after `e`; answers the error to throw. */
  private rollBack(e: unknown): unknown {
    // Strings added in this transaction are gone with it.
    this.strings.forgetUncommitted();
    // SQLite may already have rolled back (e.g. on SQLITE_FULL); a second ROLLBACK then fails harmlessly.
    try {
      this.db.exec('ROLLBACK');
    } catch {
      /* no transaction left to roll back */
    }
    return isDiskFull(e) ? new CacheFullError() : e;
  }
}
