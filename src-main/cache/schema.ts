// The cache's schema as numbered migrations; `PRAGMA user_version` records how many have run.
// A new version appends a migration; a shipped migration is never edited.
import type { DatabaseSync } from 'node:sqlite';
import { CacheUnavailableError, CacheUnreadableError } from './cache-errors';

export const MIGRATIONS: readonly string[] = [
  // 1: customers with their searchable columns, a full-text index of names kept in step by triggers,
  //    and a key/value meta table (sync state, ETag, schedule, row count).
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
  INSERT INTO meta (key, value) VALUES ('customer_count', 0), ('sync_generation', 0), ('schedule_minutes', 0);

  CREATE TABLE customers (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    generation INTEGER NOT NULL,
    names TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    json TEXT NOT NULL
  );
  CREATE INDEX customers_email ON customers (email);
  CREATE INDEX customers_phone ON customers (phone);

  CREATE VIRTUAL TABLE customer_names USING fts5 (
    names, content = 'customers', content_rowid = 'seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  );

  CREATE TRIGGER customers_inserted AFTER INSERT ON customers BEGIN
    INSERT INTO customer_names (rowid, names) VALUES (new.seq, new.names);
    UPDATE meta SET value = value + 1 WHERE key = 'customer_count';
  END;
  CREATE TRIGGER customers_deleted AFTER DELETE ON customers BEGIN
    INSERT INTO customer_names (customer_names, rowid, names) VALUES ('delete', old.seq, old.names);
    UPDATE meta SET value = value - 1 WHERE key = 'customer_count';
  END;
  CREATE TRIGGER customers_renamed AFTER UPDATE OF names ON customers WHEN old.names IS NOT new.names BEGIN
    INSERT INTO customer_names (customer_names, rowid, names) VALUES ('delete', old.seq, old.names);
    INSERT INTO customer_names (rowid, names) VALUES (new.seq, new.names);
  END;
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Fails clearly when this SQLite lacks FTS5 (every Node 22.5+/Electron 35+ build has it). */
export function requireFts5(db: DatabaseSync): void {
  const row = db.prepare("SELECT sqlite_compileoption_used('ENABLE_FTS5') AS fts5").get();
  if (!row || row.fts5 !== 1) {
    throw new CacheUnavailableError('The built-in SQLite has no FTS5 full-text search, which the customer search needs.');
  }
}

export function schemaVersion(db: DatabaseSync): number {
  return Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
}

/** Runs the migrations this file has not yet applied, each in its own transaction. */
export function migrate(db: DatabaseSync): void {
  const current = schemaVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new CacheUnreadableError(`The cache was written by a newer Card Desk (schema ${current}, this one knows ${SCHEMA_VERSION}).`);
  }
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[v]!);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
}
