// The email index's upkeep: new customers' emails go into customer_emails in sorted chunks (EMAIL_CHUNK in
// customer-store.ts) rather than row by row, `meta.emails_through_seq` marking the last row indexed. A
// sorted chunk touches each page of that table about once, where row by row every customer dirtied one.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { MetaTable } from './meta-table';

export class EmailChunks {
  private readonly lastSeqStmt: StatementSync;
  private readonly indexEmailsAfter: StatementSync;
  private readonly indexEmail: StatementSync;
  private readonly unindexEmail: StatementSync;

  constructor(
    private readonly db: DatabaseSync,
    private readonly meta: MetaTable,
  ) {
    this.lastSeqStmt = db.prepare('SELECT coalesce(max(seq), 0) AS seq FROM customers');
    this.indexEmailsAfter = db.prepare(
      "INSERT INTO customer_emails (email, seq) SELECT email, seq FROM customers WHERE seq > ? AND email <> '' ORDER BY email, seq",
    );
    this.indexEmail = db.prepare("INSERT INTO customer_emails (email, seq) SELECT ?1, ?2 WHERE ?1 <> ''");
    this.unindexEmail = db.prepare('DELETE FROM customer_emails WHERE email = ? AND seq = ?');
  }

  /** The last row of the customers table (0 when it is empty). */
  lastSeq(): number {
    return Number(this.lastSeqStmt.get()?.seq ?? 0);
  }

  /** Puts the emails of customers added since the last chunk into customer_emails once `atLeast` are waiting. */
  indexNew(atLeast: number): void {
    const through = this.meta.num('emails_through_seq') ?? 0;
    const last = this.lastSeq();
    if (last <= through || last - through < atLeast) return;
    this.indexEmailsAfter.run(through);
    this.meta.set('emails_through_seq', last);
  }

  /** Row `seq`'s email changed: its entry follows. A row not yet indexed gets there with its current email in the next chunk. */
  changed(seq: number, before: string, after: string): void {
    if (seq > (this.meta.num('emails_through_seq') ?? 0)) return;
    this.unindexEmail.run(before, seq);
    this.indexEmail.run(after, seq);
  }

  /** Drops the entries of rows of other generations than `generation` (before those rows are deleted). */
  dropOtherGenerations(generation: number): void {
    this.db
      .prepare(
        'DELETE FROM customer_emails WHERE (email, seq) IN (SELECT email, seq FROM customers WHERE generation <> ?)',
      )
      .run(generation);
  }

  /**
   * Every row left has its email indexed. A new row takes max(seq) + 1, which after pruning the highest
   * seqs can be at or below the old mark: the mark follows the table down so those are indexed.
   */
  markAllIndexed(): void {
    this.meta.set('emails_through_seq', this.lastSeq());
  }
}
