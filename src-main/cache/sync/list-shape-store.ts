// The list's shape and the full-sweep setting in the cache's meta table, and the start of an incremental
// re-sync: it continues the last complete sync's generation from the first page it fetches, so its pages
// are stored, and an interruption resumed, exactly as a full sync's are. Runs in the cache worker.
import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from '../../storage/sqlite-database';
import { FULL_SWEEP_HOURS_KEY, LIST_SHAPE_KEY } from './list-shape';

export interface StoredShape {
  /** The shape as JSON (list-shape.ts), or null when none is known. */
  shape: string | null;
  fullSweepHours: number | null;
}

const get = (db: DatabaseSync, key: string): unknown =>
  db.prepare('SELECT value FROM meta WHERE key = ?').get(key)?.value;
const set = (db: DatabaseSync, key: string, value: string | number | null): void => {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    value,
  );
};

export function readStoredShape(db: DatabaseSync): StoredShape {
  return storedShapeOf((key) => get(db, key));
}

/** The stored shape and setting from the meta table's values, however read (the worker's or a read-only connection). */
export function storedShapeOf(value: (key: string) => unknown): StoredShape {
  const shape = value(LIST_SHAPE_KEY);
  const hours = value(FULL_SWEEP_HOURS_KEY);
  return {
    shape: typeof shape === 'string' ? shape : null,
    fullSweepHours: hours === undefined || hours === null ? null : Number(hours),
  };
}

export function writeShape(db: DatabaseSync, shape: string | null): void {
  inTransaction(db, () => set(db, LIST_SHAPE_KEY, shape));
}

export function writeFullSweepHours(db: DatabaseSync, hours: number): void {
  inTransaction(db, () => set(db, FULL_SWEEP_HOURS_KEY, hours));
}

/**
 * Starts an incremental re-sync of the complete sync `generation` at `page`, with the shape it will
 * leave (`shape`, its `pending` set): the next stored page must be `page` of that generation.
 */
export function beginIncremental(db: DatabaseSync, generation: number, page: number, shape: string): void {
  inTransaction(db, () => {
    continueGeneration(db, generation, page);
    set(db, LIST_SHAPE_KEY, shape);
  });
}

/**
 * Starts a feed's run (sync/feed-runner.ts) in the complete sync `generation`: its pages, from page 0, add to
 * that generation's customers, so completing it removes none of them.
 */
export function beginFeed(db: DatabaseSync, generation: number): void {
  inTransaction(db, () => continueGeneration(db, generation, 0));
}

function continueGeneration(db: DatabaseSync, generation: number, page: number): void {
  if (Number(get(db, 'sync_generation') ?? 0) !== generation)
    throw new Error(`Sync ${generation} is no longer the current one.`);
  if (get(db, 'sync_next_page') !== null && get(db, 'sync_next_page') !== undefined)
    throw new Error('Another sync is under way in the cache.');
  set(db, 'sync_next_page', page);
  set(db, 'sync_customers_done', 0);
  set(db, 'sync_pending_etag', (get(db, 'etag') as string | null | undefined) ?? null);
}
