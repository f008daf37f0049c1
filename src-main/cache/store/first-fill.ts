// The first sync into an empty cache (the first fill) defers two kinds of index upkeep to the moment its
// pages stop, where they cost a fraction of keeping up row by row:
// - The customer list's order by name (an index from migration 3). Each batch of new customers lands
//   all over it, a large share of a big sync's work, where one sort of the finished rows is quick
//   (docs/cache-design.md). Until it is built the list shows customers in the order they arrived
//   (CustomerReader.browse).
// - Merging the full-text indexes' segments. FTS5 merges a level's segments once FILL_AUTOMERGE of them
//   are there rather than four, and the whole index is merged into one once at the end ('optimize'),
//   which also makes searches after the fill faster than searches over a many-levelled index.
// The fill is pending while the name order is missing; it completes when the pages stop (the sync
// finished, failed, was cancelled or paused) or when the cache next opens.
import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../../storage/sqlite-database';

const NAME_ORDER_INDEX = 'customers_by_kyc_name';
const FULL_TEXT_INDEXES = ['customer_names', 'customer_phones', 'customer_name_pairs'] as const;
/** Segments of a level merged at once during the fill (FTS5's most); FTS5's default at rest. */
const FILL_AUTOMERGE = 64;
const RESTING_AUTOMERGE = 4;

/** Whether the customer list can be read in name order (no first fill is pending). */
export function hasNameOrder(db: DatabaseSync): boolean {
  const found = db
    .prepare("SELECT 1 AS one FROM sqlite_schema WHERE type = 'index' AND name = ?")
    .get(NAME_ORDER_INDEX);
  return found !== undefined;
}

function setMerging(db: DatabaseSync, segments: number): void {
  // FTS5 reads these settings as literals (a bound value is refused).
  const crisis = Math.max(16, segments);
  for (const index of FULL_TEXT_INDEXES) {
    db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('automerge', ${Math.trunc(segments)})`);
    db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('crisismerge', ${Math.trunc(crisis)})`);
  }
}

/** Starts a first fill (inside the first page's transaction: a page that fails leaves everything as it was). */
export function beginFirstFill(db: DatabaseSync): void {
  db.exec(`DROP INDEX IF EXISTS ${NAME_ORDER_INDEX}`);
  setMerging(db, FILL_AUTOMERGE);
}

/**
 * Completes a pending first fill in a transaction of its own: builds the name order (the same index
 * migration 3 made), merges each full-text index into one segment, and puts merging back to FTS5's
 * default. Nothing to do when no fill is pending.
 */
export function completeFirstFill(db: DatabaseSync): void {
  if (hasNameOrder(db)) return;
  inTransaction(db, () => {
    db.exec(`CREATE INDEX ${NAME_ORDER_INDEX} ON customers (kyc, names COLLATE NOCASE)`);
    for (const index of FULL_TEXT_INDEXES) db.exec(`INSERT INTO ${index} (${index}) VALUES ('optimize')`);
    setMerging(db, RESTING_AUTOMERGE);
  });
}
