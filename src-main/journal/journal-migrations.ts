// Numbered schema migrations for journal.sqlite. `PRAGMA user_version` holds how many have run;
// append new steps, never edit a released one.
import type { DatabaseSync } from 'node:sqlite';

const MIGRATIONS: readonly string[] = [
  // 1: one row per write the app attempted, in every environment.
  `CREATE TABLE entries (
     id TEXT PRIMARY KEY,
     seq INTEGER NOT NULL,
     at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     environment_id TEXT NOT NULL,
     operation TEXT NOT NULL,
     request_json TEXT NOT NULL,
     customer_id TEXT,
     client_reference TEXT,
     fingerprint TEXT NOT NULL,
     outcome TEXT NOT NULL,
     result_id TEXT,
     error TEXT,
     resend_acknowledged INTEGER NOT NULL DEFAULT 0
   ) STRICT;
   CREATE UNIQUE INDEX entries_by_seq ON entries (seq);
   CREATE INDEX entries_by_environment ON entries (environment_id, seq DESC);
   CREATE INDEX entries_by_fingerprint ON entries (environment_id, fingerprint, outcome);
   CREATE INDEX entries_by_outcome ON entries (outcome);`,
];

export const JOURNAL_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the file up to the current schema, one step per transaction. */
export function migrateJournal(db: DatabaseSync): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  const current = row?.user_version ?? 0;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `journal.sqlite has schema version ${current}, newer than this Card Desk understands (${MIGRATIONS.length}). Update Card Desk.`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw e;
    }
  }
}
