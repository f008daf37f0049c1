// The cache's schema as numbered migrations; `PRAGMA user_version` records how many have run.
// A new version appends a migration; a shipped migration is never edited.
import type { DatabaseSync } from 'node:sqlite';
import type { Schema } from '../../storage/sqlite-database';
import { CacheUnavailableError, CacheUnreadableError } from './cache-errors';

export const MIGRATIONS: readonly string[] = [
  // 1: customers with their searchable columns; a B-tree index of emails (a prefix is a range); and two
  //    full-text indexes, of name words and of phone numbers. Both are external-content FTS5 tables (the
  //    words live once, in customers) kept in step by CustomerStore in the same transaction as each row,
  //    not by triggers: an FTS5 insert from a trigger flushes the index on every row and costs several
  //    times more. Phones are in FTS5 rather than a B-tree because at a million rows a random insert
  //    into a B-tree dirties a page per row while FTS5 writes sorted segments; emails stay in a B-tree
  //    because nearly every email is its own word, and an FTS5 prefix longer than its prefix indexes
  //    walks every word that starts with it.
  //    meta holds the sync state, ETag, schedule and row count.
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

  CREATE VIRTUAL TABLE customer_names USING fts5 (
    names, content = 'customers', content_rowid = 'seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  );
  CREATE VIRTUAL TABLE customer_phones USING fts5 (
    phone, content = 'customers', content_rowid = 'seq', prefix = '1 2 3'
  );
  `,
  // 2: emails move from the B-tree index on customers to a table of their own, (email, seq), that the
  //    store fills in sorted chunks of newly synced customers (EMAIL_CHUNK) rather than row by row: a
  //    random insert into an email index dirtied one page of it per synced customer, a large share of a
  //    sync's cost. meta.emails_through_seq: customers up to this seq have their email in customer_emails.
  `
  CREATE TABLE customer_emails (email TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (email, seq)) WITHOUT ROWID;
  INSERT INTO customer_emails (email, seq) SELECT email, seq FROM customers WHERE email <> '' ORDER BY email, seq;
  DROP INDEX customers_email;
  INSERT INTO meta (key, value) VALUES ('emails_through_seq', (SELECT coalesce(max(seq), 0) FROM customers));
  `,
  // 3: a customer's record moves from full JSON to a compact form (record-codec.ts; a row still holding
  //    JSON is read as JSON until a sync rewrites it), with strings many customers share (business,
  //    city, document addresses with the id taken out...) stored once in customer_strings. Columns for
  //    what lists sort and filter by and what search looks up exactly: kyc (0 not approved, 1 approved,
  //    2 unknown), created (createdAt in ms), identity (the BVN/NIN number). Indexes: the customer list
  //    by KYC then name or date (an unfiltered list merges the three KYC ranges), the id's last 8
  //    characters (ids show as their last 8), and identity numbers.
  `
  ALTER TABLE customers RENAME COLUMN json TO record;
  ALTER TABLE customers ADD COLUMN kyc INTEGER NOT NULL DEFAULT 2;
  ALTER TABLE customers ADD COLUMN created INTEGER;
  ALTER TABLE customers ADD COLUMN identity TEXT;
  UPDATE customers SET
    kyc = CASE json_type(record, '$.isApproved') WHEN 'true' THEN 1 WHEN 'false' THEN 0 ELSE 2 END,
    created = CAST(round((julianday(json_extract(record, '$.createdAt')) - 2440587.5) * 86400000) AS INTEGER),
    identity = CASE json_type(record, '$.individual.identity.number')
      WHEN 'text' THEN nullif(json_extract(record, '$.individual.identity.number'), '') END;
  CREATE TABLE customer_strings (n INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
  CREATE INDEX customers_by_kyc_name ON customers (kyc, names COLLATE NOCASE);
  CREATE INDEX customers_by_kyc_created ON customers (kyc, created);
  CREATE INDEX customers_id_tail ON customers (substr(id, -8));
  CREATE INDEX customers_identity ON customers (identity) WHERE identity IS NOT NULL;
  `,
  // 4: the full-text indexes sized to the queries. Search asks only whether a row has each word (no
  //    phrases, no ranking): detail = none keeps no positions and columnsize = 0 no per-row sizes, which
  //    makes them much smaller. Prefix indexes make a typed prefix one doclist instead of a merge of every word that
  //    starts with it: names 1-6 letters, phones 3-6 digits (a search starts at 3 digits, and past 6 few
  //    numbers share a prefix). Rebuilt from the customers table.
  `
  DROP TABLE customer_names;
  DROP TABLE customer_phones;
  CREATE VIRTUAL TABLE customer_names USING fts5 (
    names, content = 'customers', content_rowid = 'seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6', detail = none, columnsize = 0
  );
  CREATE VIRTUAL TABLE customer_phones USING fts5 (
    phone, content = 'customers', content_rowid = 'seq', prefix = '3 4 5 6', detail = none, columnsize = 0
  );
  INSERT INTO customer_names (customer_names) VALUES ('rebuild');
  INSERT INTO customer_phones (customer_phones) VALUES ('rebuild');
  `,
  // 5: the words of the names index, in order (FTS5's own vocabulary; nothing stored): a name prefix
  //    longer than the prefix indexes is looked up here as the words it starts (customer-reader.ts).
  `
  CREATE VIRTUAL TABLE customer_name_words USING fts5vocab (customer_names, 'row');
  `,
  // 6: the names index's vocabulary one row per occurrence (nothing stored). It finds the first word at
  //    or after a point without counting anything (one seek), where customer_name_words counts the
  //    rows of each word it passes (slow for a common first name; docs/cache-design.md): a name prefix longer
  //    than the prefix indexes is read as the words it starts, and a typed word is known to be whole
  //    when it starts no longer word (customer-reader.ts). customer_name_words goes.
  `
  DROP TABLE customer_name_words;
  CREATE VIRTUAL TABLE customer_name_instances USING fts5vocab (customer_names, 'instance');
  `,
  // 7: the name-pairs index (name-pairs.ts): every ordered pair of two of a customer's name words, and
  //    each word with the first letter of another, as one token each, so a search for a whole word and
  //    the start of another reads only the whole word's rows. Contentless (the pairs are worked out from
  //    names, and given again to forget a row), no prefix indexes (a pair's prefix is one word and the
  //    start of another: few rows). A file that already holds customers marks their pairs pending; the
  //    worker builds them once after opening (name-pairs-index.ts), and until then searches use the
  //    names index alone.
  `
  CREATE VIRTUAL TABLE customer_name_pairs USING fts5 (
    pairs, content = '', detail = none, columnsize = 0, tokenize = 'unicode61 remove_diacritics 2'
  );
  INSERT INTO meta (key, value) SELECT 'name_pairs_pending', 1 WHERE EXISTS (SELECT 1 FROM customers);
  `,
  // 8: records are sealed (AES-256-GCM under the environment's data key, record-seal.ts): `record` and
  //    customer_strings.text hold sealed bytes, `identity` the number's blind index (HMAC-SHA-256, 8
  //    bytes), and meta.key_id names the keys. A file that already holds customers or strings holds them
  //    in plain form: it is marked, and the worker deletes it at opening and the cache is synced again
  //    (key-check.ts). Converting it in place would rewrite every row, as a sync does, and still leave
  //    the plain records in the file's free pages and its log until a VACUUM rewrote the file once more;
  //    a fresh file never held them.
  `
  INSERT INTO meta (key, value) SELECT 'plain_records', 1
    WHERE EXISTS (SELECT 1 FROM customers) OR EXISTS (SELECT 1 FROM customer_strings);
  `,
  // 9: `shown`, the name the lists show, from the name words already readable in `names`: how many of
  //    its first words (an integer, no bytes for 0 and 1, one up to 127), or the name itself when it is
  //    not those words (search-fields.ts, shownName). Search lists are read from the plain columns
  //    alone; a record is opened only where the whole customer is needed. Rows written before hold
  //    NULL and are opened as before until a sync rewrites them.
  `
  ALTER TABLE customers ADD COLUMN shown;
  `,
  // 10: records sealed in groups (sealed-groups.ts): the records of one page's customers in AES-256-GCM
  //    messages of about 2 KB, each a row of sealed_records; a customer's row names its group
  //    (`sealed_in`) and its record's entry in it (`sealed_at`), and its `record` is empty. Rows written before keep their
  //    record sealed alone, and are read as such until a sync rewrites them.
  `
  CREATE TABLE sealed_records (n INTEGER PRIMARY KEY, bytes BLOB NOT NULL);
  ALTER TABLE customers ADD COLUMN sealed_in;
  ALTER TABLE customers ADD COLUMN sealed_at;
  `,
  // 11: a group is bound to its customers' ids by GCM's additional data (`ids`, sealed-groups.ts), and a
  //    record holds every field of its customer (record-codec.ts): none is taken from the readable columns,
  //    which are search terms only. Records written before were bound by a 32-bit check of the id and took
  //    the email, phone, KYC state and creation time from the columns: a file that holds any is marked, and
  //    the worker deletes it at opening and the cache is synced again (key-check.ts), as for migration 8.
  `
  ALTER TABLE sealed_records ADD COLUMN ids BLOB;
  INSERT INTO meta (key, value) SELECT 'unbound_records', 1
    WHERE EXISTS (SELECT 1 FROM customers) OR EXISTS (SELECT 1 FROM sealed_records);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Fails clearly when this SQLite lacks FTS5 (every Node 22.5+/Electron 35+ build has it). */
export function requireFts5(db: DatabaseSync): void {
  const row = db.prepare("SELECT sqlite_compileoption_used('ENABLE_FTS5') AS fts5").get();
  if (!row || row.fts5 !== 1) {
    throw new CacheUnavailableError(
      'The built-in SQLite has no FTS5 full-text search, which the customer search needs.',
    );
  }
}

export const CACHE_SCHEMA: Schema = {
  name: 'the customer cache',
  migrations: MIGRATIONS,
  newerSchemaError: (found, known) =>
    new CacheUnreadableError(`The cache was written by a newer Card Desk (schema ${found}, this one knows ${known}).`),
};
