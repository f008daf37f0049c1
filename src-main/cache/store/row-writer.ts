// One customer's row written: inserted with its full-text entries when new; when known, updated (only the
// record and the columns no index reads when the indexed ones are unchanged, which is most rows a sync
// rewrites) and its index entries and email entry moved where they changed.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { FullTextIndexes } from '../search/full-text-indexes';
import type { EmailChunks } from './email-chunks';
import type { PreparedRow } from './prepared-row';

/** The `record` column of a row whose record is in a group (sealed-groups.ts); rows written before hold it sealed alone. */
const IN_GROUP = new Uint8Array(0);

/** Whether two blind indexes (or their absence) are the same. */
const sameBytes = (a: Uint8Array | null, b: Uint8Array | null): boolean =>
  a === null || b === null ? a === b : Buffer.compare(a, b) === 0;

export class RowWriter {
  private readonly insertRow: StatementSync;
  private readonly findRow: StatementSync;
  private readonly updateRow: StatementSync;
  private readonly updateRecord: StatementSync;

  constructor(
    db: DatabaseSync,
    private readonly indexes: FullTextIndexes,
    private readonly emails: EmailChunks,
  ) {
    this.insertRow = db.prepare(
      'INSERT INTO customers (id, generation, names, email, phone, kyc, created, identity, record, shown, sealed_in, sealed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    );
    this.findRow = db.prepare('SELECT seq, names, email, phone, kyc, created, identity FROM customers WHERE id = ?');
    this.updateRow = db.prepare(
      'UPDATE customers SET generation = ?, names = ?, email = ?, phone = ?, kyc = ?, created = ?, identity = ?, record = ?, shown = ?, sealed_in = ?, sealed_at = ? WHERE seq = ?',
    );
    // Most rows a sync rewrites keep their indexed columns: this leaves the indexes alone.
    this.updateRecord = db.prepare(
      'UPDATE customers SET generation = ?, email = ?, phone = ?, record = ?, shown = ?, sealed_in = ?, sealed_at = ? WHERE seq = ?',
    );
  }

  /** Inserts or updates one customer and its index entries; true when it was new. Its record: entry `place` of group `group`. */
  put(r: PreparedRow, generation: number, group: number, place: number): boolean {
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
    if (email !== r.email) this.emails.changed(seq, email, r.email);
    if (names !== r.names) this.indexes.replaceNames(seq, names, r);
    if (phone !== r.phone) this.indexes.replacePhone(seq, phone, r.phone);
    return false;
  }
}
