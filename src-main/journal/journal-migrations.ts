// Numbered schema migrations for journal.sqlite. `PRAGMA user_version` holds how many have run;
// append new steps, never edit a released one.
import type { Schema } from '../storage/sqlite-database';

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
  // 2: which definition of the fingerprint a row was written with (older rows are fingerprinted again on open).
  `ALTER TABLE entries ADD COLUMN fingerprint_version INTEGER NOT NULL DEFAULT 1;`,
  // 3: what the last look for an unknown outcome's result found (JSON), and how sure it is.
  `ALTER TABLE entries ADD COLUMN evidence_json TEXT;`,
  // 4: the address (origin: scheme, host, port) the write was sent to; null for rows written before.
  `ALTER TABLE entries ADD COLUMN origin TEXT;`,
  // 5: the batch (issue from a file) a write belongs to and its row in the file; null for single writes.
  `ALTER TABLE entries ADD COLUMN batch_id TEXT;
   ALTER TABLE entries ADD COLUMN batch_row INTEGER;
   CREATE INDEX entries_by_batch ON entries (batch_id, batch_row) WHERE batch_id IS NOT NULL;`,
  // 6: who made each write (the OS user name and the computer's name; null for rows written before), and
  //    the chain of events (journal-chain.ts): every change to an entry, hashed after the one before it.
  //    A journal that already holds entries is chained from its first opening after this (a first event
  //    says so, and each entry is recorded as it was then).
  `ALTER TABLE entries ADD COLUMN operator TEXT;
   ALTER TABLE entries ADD COLUMN host TEXT;
   CREATE TABLE events (
     seq INTEGER PRIMARY KEY,
     at TEXT NOT NULL,
     entry_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     operator TEXT NOT NULL,
     host TEXT NOT NULL,
     body TEXT NOT NULL,
     prev_hash TEXT NOT NULL,
     hash TEXT NOT NULL
   ) STRICT;
   CREATE INDEX events_by_entry ON events (entry_id, seq);`,
  // 7: the chain's key (journal-chain.ts): from `keyed_from` on, each event is an HMAC-SHA-256 under the
  //    journal key in the keychain (`key_id` names it, never holds it); `journal_id` names this journal in
  //    the head anchored in the keychain (chain-anchor.ts). The row is written at the first opening after this.
  `CREATE TABLE chain_key (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     journal_id TEXT NOT NULL,
     key_id TEXT NOT NULL,
     keyed_from INTEGER NOT NULL,
     at TEXT NOT NULL
   ) STRICT;`,
];

export const JOURNAL_SCHEMA: Schema = { name: 'journal.sqlite', migrations: MIGRATIONS };
export const JOURNAL_SCHEMA_VERSION = MIGRATIONS.length;
