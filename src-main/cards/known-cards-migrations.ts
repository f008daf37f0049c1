// Numbered schema migrations for known-cards.sqlite. `PRAGMA user_version` holds how many have run;
// append new steps, never edit a released one.
import type { DatabaseSync } from 'node:sqlite';

const MIGRATIONS: readonly string[] = [
  // 1: one row per card id; the searchable fields as columns beside the card's full JSON.
  `CREATE TABLE cards (
     id TEXT PRIMARY KEY,
     customer_id TEXT,
     brand TEXT,
     last4 TEXT,
     status TEXT,
     client_reference TEXT,
     source TEXT NOT NULL,
     updated_at TEXT,
     sort_at TEXT NOT NULL,
     first_seen_at TEXT NOT NULL,
     last_seen_at TEXT NOT NULL,
     json TEXT NOT NULL
   ) STRICT;
   CREATE INDEX cards_by_sort ON cards (sort_at DESC, id DESC);
   CREATE INDEX cards_by_customer ON cards (customer_id, sort_at DESC);
   CREATE INDEX cards_by_client_reference ON cards (client_reference);`,
];

export const KNOWN_CARDS_SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the file up to the current schema, one step per transaction. */
export function migrateKnownCards(db: DatabaseSync): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  const current = row?.user_version ?? 0;
  if (current > MIGRATIONS.length) {
    throw new Error(
      `known-cards.sqlite has schema version ${current}, newer than this Card Desk understands (${MIGRATIONS.length}). Update Card Desk.`,
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
