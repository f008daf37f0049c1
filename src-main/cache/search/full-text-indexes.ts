// Keeping the cache's full-text indexes in step with the customers table, in the store's transaction:
// names and phone numbers (external content: FTS5 forgets a row given the words it indexed for it) and
// the name pairs (contentless, given the same way: name-pairs.ts). Not by triggers: an FTS5 insert from
// a trigger flushes the index on every row and costs several times more (docs/cache-design.md).
// A word FTS5 is told to forget stays in the index's segments until they are merged: `purge` merges each index
// into one segment without the forgotten words, and secure_delete (database.ts) zeroes the pages that frees,
// so a pruned customer's name words and phone, or a changed name's old words, leave the file.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { namePairs } from './name-pairs';
import { NAME_PAIRS_PENDING_SQL } from './name-pairs-index';

/** A customer's indexed columns; `pairs` is namePairs(names), worked out on the page reader's thread. */
export interface IndexedColumns {
  names: string;
  phone: string;
  pairs: string;
}

export class FullTextIndexes {
  private readonly addNames: StatementSync;
  private readonly dropNames: StatementSync;
  private readonly addPhone: StatementSync;
  private readonly dropPhone: StatementSync;
  private readonly addPairs: StatementSync;
  private readonly dropPairs: StatementSync;
  private readonly pairsPending: StatementSync;
  /** False while the pairs wait for their one-time build (name-pairs-index.ts), which adds every row's. */
  private keepPairs = true;
  /** Rows whose words were forgotten since `takeDropped` was last asked. */
  private dropped = 0;

  constructor(private readonly db: DatabaseSync) {
    this.addNames = db.prepare('INSERT INTO customer_names (rowid, names) VALUES (?, ?)');
    this.dropNames = db.prepare("INSERT INTO customer_names (customer_names, rowid, names) VALUES ('delete', ?, ?)");
    this.addPhone = db.prepare('INSERT INTO customer_phones (rowid, phone) VALUES (?, ?)');
    this.dropPhone = db.prepare("INSERT INTO customer_phones (customer_phones, rowid, phone) VALUES ('delete', ?, ?)");
    this.addPairs = db.prepare('INSERT INTO customer_name_pairs (rowid, pairs) VALUES (?, ?)');
    this.dropPairs = db.prepare(
      "INSERT INTO customer_name_pairs (customer_name_pairs, rowid, pairs) VALUES ('delete', ?, ?)",
    );
    this.pairsPending = db.prepare(NAME_PAIRS_PENDING_SQL);
  }

  /** Reads whether the pairs are kept row by row; at the start of each page (a build may have run since). */
  refresh(): void {
    this.keepPairs = this.pairsPending.get() === undefined;
  }

  /** A new customer's entries. */
  add(seq: number | bigint, row: IndexedColumns): void {
    this.addNames.run(seq, row.names);
    this.addPhone.run(seq, row.phone);
    if (this.keepPairs && row.pairs) this.addPairs.run(seq, row.pairs);
  }

  /** A stored customer's names changed from `old`. */
  replaceNames(seq: number, old: string, row: IndexedColumns): void {
    this.dropped++;
    this.dropNames.run(seq, old);
    this.addNames.run(seq, row.names);
    if (!this.keepPairs) return;
    const oldPairs = namePairs(old);
    if (oldPairs) this.dropPairs.run(seq, oldPairs);
    if (row.pairs) this.addPairs.run(seq, row.pairs);
  }

  /** A stored customer's phone number changed from `old`. */
  replacePhone(seq: number, old: string, phone: string): void {
    this.dropped++;
    this.dropPhone.run(seq, old);
    this.addPhone.run(seq, phone);
  }

  /** How many rows had words forgotten since the last ask (a page's). */
  takeDropped(): number {
    const n = this.dropped;
    this.dropped = 0;
    return n;
  }

  /** Merges each index into one segment, leaving out every word forgotten (FTS5 'optimize'). */
  purge(): void {
    for (const index of ['customer_names', 'customer_phones', 'customer_name_pairs'])
      this.db.exec(`INSERT INTO ${index} (${index}) VALUES ('optimize')`);
  }

  /** Forgets the entries of every customer not of `generation` (before they are deleted). */
  dropOtherGenerations(generation: number): void {
    this.refresh();
    const others = 'FROM customers WHERE generation <> ?';
    this.db
      .prepare(`INSERT INTO customer_names (customer_names, rowid, names) SELECT 'delete', seq, names ${others}`)
      .run(generation);
    this.db
      .prepare(`INSERT INTO customer_phones (customer_phones, rowid, phone) SELECT 'delete', seq, phone ${others}`)
      .run(generation);
    if (!this.keepPairs) return;
    // name_pairs(): registered on the write connection (name-pairs-index.ts).
    this.db
      .prepare(
        `INSERT INTO customer_name_pairs (customer_name_pairs, rowid, pairs) SELECT 'delete', seq, pairs FROM (SELECT seq, name_pairs(names) AS pairs ${others}) WHERE pairs <> ''`,
      )
      .run(generation);
  }
}
