// The cache's writes: one transaction per synced page, together with the sync's resume point, so a page
// is stored whole or not at all and a sync interrupted at any moment resumes at the first missing page.
// Runs in the cache worker, which owns the only write connection.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { CacheFullError, isDiskFull } from './cache-errors';
import { beginFirstFill, hasNameOrder } from './first-fill';
import { FullTextIndexes } from '../search/full-text-indexes';
import { type PreparedRow, type PreparedRows, prepareRows } from './prepared-row';
import { UnreadableIds } from './unreadable-ids';
import type { CustomerRow } from '../search/search-fields';
import type { RecordSeal } from './record-seal';
import { SharedStrings } from './shared-strings';
import { GroupStore } from './sealed-groups';

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

export interface PageWrite {
  /** The sync's generation; null starts a new generation with this page (which must be page 0). */
  generation: number | null;
  page: number;
  totalPages: number | null;
  rows: CustomerRow[];
  /** ETag of page 0, kept until the sync completes. */
  etag?: string;
}

/** A page read on the page reader's thread (page-reader.ts): records sealed, with the shared strings they use. */
export interface PreparedPageWrite extends Omit<PageWrite, 'rows'>, PreparedRows {
  strings: [number, string][];
}

export interface PageWritten {
  generation: number;
  customersDone: number;
}

/** The keys of the meta table. */
type MetaKey =
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
  | 'unreadable_ids';

/**
 * New customers' emails go into customer_emails once this many are waiting (and when a sync completes):
 * sorted, a chunk touches each page of that table about once, where row by row every customer dirtied one.
 * Until then a new customer is found by name, phone and id but not yet by email.
 */
export const EMAIL_CHUNK = 100_000;

/** The `record` column of a row whose record is in a group (sealed-groups.ts); rows written before hold it sealed alone. */
const IN_GROUP = new Uint8Array(0);

/** Whether two blind indexes (or their absence) are the same. */
const sameBytes = (a: Uint8Array | null, b: Uint8Array | null): boolean =>
  a === null || b === null ? a === b : Buffer.compare(a, b) === 0;

export class CustomerStore {
  private readonly insertRow: StatementSync;
  private readonly findRow: StatementSync;
  private readonly lastSeq: StatementSync;
  private readonly indexEmailsAfter: StatementSync;
  private readonly indexEmail: StatementSync;
  private readonly unindexEmail: StatementSync;
  private readonly updateRow: StatementSync;
  private readonly updateRecord: StatementSync;
  /** Batches were written since the page cache was last emptied (endBulk). */
  private bulk = false;
  private readonly strings: SharedStrings;
  private readonly groups: GroupStore;
  private readonly indexes: FullTextIndexes;
  private readonly setMetaStmt: StatementSync;
  private readonly getMetaStmt: StatementSync;

  /** `seal`: the cache's keys (record-seal.ts); `emailChunk`: see EMAIL_CHUNK (tests use a small one). */
  constructor(
    private readonly db: DatabaseSync,
    private readonly seal: RecordSeal,
    private readonly emailChunk = EMAIL_CHUNK,
  ) {
    this.insertRow = db.prepare(
      'INSERT INTO customers (id, generation, names, email, phone, kyc, created, identity, record, shown, sealed_in, sealed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    );
    this.findRow = db.prepare('SELECT seq, names, email, phone, kyc, created, identity FROM customers WHERE id = ?');
    this.lastSeq = db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM customers');
    this.indexEmailsAfter = db.prepare(
      "INSERT INTO customer_emails (email, seq) SELECT email, seq FROM customers WHERE seq > ? AND email <> '' ORDER BY email, seq",
    );
    this.indexEmail = db.prepare("INSERT INTO customer_emails (email, seq) SELECT ?1, ?2 WHERE ?1 <> ''");
    this.unindexEmail = db.prepare('DELETE FROM customer_emails WHERE email = ? AND seq = ?');
    this.updateRow = db.prepare(
      'UPDATE customers SET generation = ?, names = ?, email = ?, phone = ?, kyc = ?, created = ?, identity = ?, record = ?, shown = ?, sealed_in = ?, sealed_at = ? WHERE seq = ?',
    );
    // Most rows a sync rewrites keep their indexed columns: this leaves the indexes alone.
    this.updateRecord = db.prepare(
      'UPDATE customers SET generation = ?, email = ?, phone = ?, record = ?, shown = ?, sealed_in = ?, sealed_at = ? WHERE seq = ?',
    );
    this.strings = new SharedStrings(db, seal);
    this.groups = new GroupStore(db);
    this.indexes = new FullTextIndexes(db);
    this.setMetaStmt = db.prepare(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    );
    this.getMetaStmt = db.prepare('SELECT value FROM meta WHERE key = ?');
  }

  /** Inserts or updates one customer and its index entries; true when it was new. Its record: entry `place` of group `group`. */
  private putRow(r: PreparedRow, generation: number, [group, place]: [number, number]): boolean {
    const record = IN_GROUP;
    const inserted = this.insertRow.run(
      r.id,
      generation,
      r.names,
      r.email,
      r.phone,
      r.kyc,
      r.created,
      r.identity,
      record,
      r.shown,
      group,
      place,
    );
    if (inserted.changes > 0) {
      this.indexes.add(inserted.lastInsertRowid, r);
      return true;
    }
    const old = this.findRow.get(r.id)!;
    const seq = Number(old.seq);
    const [names, email, phone] = [String(old.names), String(old.email), String(old.phone)];
    const created = old.created === null ? null : Number(old.created);
    const identity = old.identity instanceof Uint8Array ? old.identity : null;
    if (names === r.names && Number(old.kyc) === r.kyc && created === r.created && sameBytes(identity, r.identity)) {
      this.updateRecord.run(generation, r.email, r.phone, record, r.shown, group, place, seq);
    } else {
      const columns = [r.names, r.email, r.phone, r.kyc, r.created, r.identity, record, r.shown] as const;
      this.updateRow.run(generation, ...columns, group, place, seq);
    }
    // A customer not yet in customer_emails gets there with its current email in the next chunk.
    if (email !== r.email && seq <= (this.num('emails_through_seq') ?? 0)) {
      this.unindexEmail.run(email, seq);
      this.indexEmail.run(r.email, seq);
    }
    if (names !== r.names) this.indexes.replaceNames(seq, names, r);
    if (phone !== r.phone) this.indexes.replacePhone(seq, phone, r.phone);
    return false;
  }

  private meta(key: MetaKey): string | number | null {
    const v = this.getMetaStmt.get(key)?.value;
    return typeof v === 'string' || typeof v === 'number' ? v : null;
  }
  private num(key: MetaKey): number | null {
    const v = this.meta(key);
    return v === null ? null : Number(v);
  }
  private str(key: MetaKey): string | null {
    const v = this.meta(key);
    return v === null ? null : String(v);
  }
  private setMeta(key: MetaKey, value: string | number | null): void {
    this.setMetaStmt.run(key, value);
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
      this.indexNewEmails(this.emailChunk);
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
      this.indexNewEmails(this.emailChunk);
      this.db.exec('COMMIT');
    } catch (e) {
      throw this.rollBack(e);
    }
  }

  /**
   * Indexes the emails still waiting for their chunk, when a sync's pages stop (finished, failed, cancelled,
   * paused): a cache whose sync stopped part-way is searched by email through the index. Should this fail
   * (the disk still full), the reader reads the waiting rows instead (CustomerReader.emailTail).
   */
  indexWaitingEmails(): void {
    this.transaction(() => this.indexNewEmails(1));
  }

  /** Puts the emails of customers added since the last chunk into customer_emails once `atLeast` are waiting. */
  private indexNewEmails(atLeast: number): void {
    const through = this.num('emails_through_seq') ?? 0;
    const last = Number(this.lastSeq.get()?.seq ?? 0);
    if (last <= through || last - through < atLeast) return;
    this.indexEmailsAfter.run(through);
    this.setMeta('emails_through_seq', last);
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
    let generation = this.num('sync_generation') ?? 0;
    let done = this.num('sync_customers_done') ?? 0;
    if (write.generation === null) {
      if (write.page !== 0) throw new Error('A new sync generation starts at page 0.');
      generation += 1;
      done = 0;
      this.setMeta('sync_generation', generation);
      this.setMeta('sync_pending_etag', write.etag ?? null);
    } else if (write.generation !== generation || this.num('sync_next_page') !== write.page) {
      throw new Error(
        `Page ${write.page} of sync ${write.generation} is out of order; the cache expects page ${this.num('sync_next_page')} of sync ${generation}.`,
      );
    }
    // The first sync into an empty cache defers some index upkeep to its end (first-fill.ts).
    if (write.generation === null && this.lastSeq.get()?.seq === 0) beginFirstFill(this.db);
    this.indexes.refresh();
    let added = 0;
    const unreadable = new UnreadableIds(this.str('unreadable_ids'));
    const { rows, groups } = 'groups' in write ? write : prepareRows(write.rows, this.strings, this.seal);
    const stored = this.groups.add(groups);
    for (const row of rows) {
      if (this.putRow(row, generation, [stored[row.group]!, row.entry])) added++;
      unreadable.mark(row.id, row.unreadable === true);
    }
    if (unreadable.changed) this.setMeta('unreadable_ids', unreadable.text());
    done += write.rows.length;
    this.setMeta('customer_count', (this.num('customer_count') ?? 0) + added);
    this.setMeta('sync_next_page', write.page + 1);
    this.setMeta('sync_total_pages', write.totalPages);
    this.setMeta('sync_customers_done', done);
    return { generation, customersDone: done };
  }

  /** Completes a sync: drops customers the service no longer returned, remembers the ETag and time. */
  finishGeneration(generation: number, at: string): { pruned: number; customerCount: number } {
    return this.transaction(() => {
      if (this.num('sync_generation') !== generation)
        throw new Error(`Sync ${generation} is no longer the current one.`);
      this.indexNewEmails(1);
      this.db
        .prepare(
          'DELETE FROM customer_emails WHERE (email, seq) IN (SELECT email, seq FROM customers WHERE generation <> ?)',
        )
        .run(generation);
      this.indexes.dropOtherGenerations(generation);
      const pruned = Number(this.db.prepare('DELETE FROM customers WHERE generation <> ?').run(generation).changes);
      // A first fill (its name order still pending) rewrote no row, so left no group unused: the scan is
      // skipped at 1M customers' end (the rare id met twice leaves a group for a later sync to drop).
      if (pruned > 0 || hasNameOrder(this.db)) this.groups.dropUnused();
      const unreadable = new UnreadableIds(this.str('unreadable_ids'));
      const present = this.db.prepare('SELECT 1 AS here FROM customers WHERE id = ?');
      unreadable.keepOnly((id) => present.get(id) !== undefined);
      if (unreadable.changed) this.setMeta('unreadable_ids', unreadable.text());
      // Every row left has its email indexed (above). A new row takes max(seq) + 1, which after pruning the
      // highest seqs can be at or below the old mark: the mark follows the table down so those are indexed.
      this.setMeta('emails_through_seq', Number(this.lastSeq.get()?.seq ?? 0));
      this.setMeta('customer_count', Number(this.db.prepare('SELECT count(*) AS n FROM customers').get()?.n ?? 0));
      this.setMeta('etag', this.str('sync_pending_etag'));
      this.setMeta('last_synced_at', at);
      this.setMeta('last_total_pages', this.num('sync_total_pages'));
      for (const k of ['sync_next_page', 'sync_total_pages', 'sync_customers_done', 'sync_pending_etag'] as const)
        this.setMeta(k, null);
      return { pruned, customerCount: this.num('customer_count') ?? 0 };
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
    this.transaction(() => this.setMeta('last_synced_at', at));
  }

  setSchedule(minutes: number): void {
    this.transaction(() => this.setMeta('schedule_minutes', minutes));
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
