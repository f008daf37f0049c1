// Numbered schema migrations for known-cards.sqlite. `PRAGMA user_version` holds how many have run;
// append new steps, never edit a released one.
import type { Schema } from '../storage/sqlite-database';

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

export const KNOWN_CARDS_SCHEMA: Schema = { name: 'known-cards.sqlite', migrations: MIGRATIONS };
export const KNOWN_CARDS_SCHEMA_VERSION = MIGRATIONS.length;
