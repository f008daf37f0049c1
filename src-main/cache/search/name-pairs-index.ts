// The name-pairs index (name-pairs.ts) on the write connection: the SQL function that works out a
// customer's pairs from its names, and the one-time build of every customer's pairs in a file that
// already held customers when migration 7 added the index.
import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../../storage/sqlite-database';
import { namePairs } from './name-pairs';

/** Makes `name_pairs(names)` available to the connection's statements (the store's pruning, the build). */
export function registerNamePairs(db: DatabaseSync): void {
  db.function('name_pairs', { deterministic: true }, (names) => namePairs(typeof names === 'string' ? names : ''));
}

/** A row when the pairs of the customers stored before the upgrade are still to be built. */
export const NAME_PAIRS_PENDING_SQL = "SELECT 1 AS one FROM meta WHERE key = 'name_pairs_pending'";

/** Whether the pairs of the customers stored before the upgrade are still to be built. */
export function namePairsPending(db: DatabaseSync): boolean {
  return db.prepare(NAME_PAIRS_PENDING_SQL).get() !== undefined;
}

/**
 * Builds every customer's pairs in one transaction (once, on the worker's thread; searches use the names
 * index meanwhile) and merges them into one segment. True when it ran.
 */
export function buildNamePairs(db: DatabaseSync): boolean {
  if (!namePairsPending(db)) return false;
  inTransaction(db, () => {
    db.exec(
      "INSERT INTO customer_name_pairs (rowid, pairs) SELECT seq, pairs FROM (SELECT seq, name_pairs(names) AS pairs FROM customers) WHERE pairs <> ''",
    );
    db.exec("INSERT INTO customer_name_pairs (customer_name_pairs) VALUES ('optimize')");
    db.exec("DELETE FROM meta WHERE key = 'name_pairs_pending'");
  });
  return true;
}
