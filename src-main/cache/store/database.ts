// Opening the cache file: the write connection (in the worker) migrates it and moves an unreadable file
// aside (every set-aside copy is kept until a sync has rebuilt the cache; the worker then keeps only the
// newest); read connections (on the calling thread) only ever read.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSqlite } from '../../storage/sqlite-database';
import { PRIVATE_FOLDER_MODE } from '../../storage/private-files';
import { isCorruption } from './cache-errors';
import { errorMessage } from '../../errors/error-message';
import { registerNamePairs } from '../search/name-pairs-index';
import { checkKeys, keyCheckNotice } from './key-check';
import type { RecordSeal } from './record-seal';
import { CACHE_SCHEMA, requireFts5 } from './schema';

/**
 * The write connection's page cache (KB), which is also the most memory its sorts take (SQLite sizes a
 * sort's in-memory runs by cache_size): a sync's writes are appends and FTS5 segments, which a larger
 * cache does not make faster. It is kept small for what the sorts leave behind: building the name order
 * at the end of a first fill and each chunk of emails grow a block by doubling up to this size, and once
 * glibc has freed a block of 8 MB it serves everything below 8 MB from its arenas and keeps up to 16 MB
 * free in each, for the rest of the process's life. A small cache keeps the main process's memory down
 * after a sync and its searches, for a sync a little slower (the sorts spill to temporary files; the
 * figures: docs/cache-design.md). The store frees the page cache when a sync's batches
 * stop (CustomerStore.endBulk).
 */
export const WRITER_CACHE_KB = 1000;

export interface OpenedWriter {
  db: DatabaseSync;
  /** Set when the file was unreadable and a fresh cache replaced it. */
  notice: string | null;
}

export interface WriterOptions {
  /** Caps the file's size (PRAGMA max_page_count); writes past it fail as a full disk would. */
  maxSizeBytes?: number;
}

function connectWriter(file: string, options: WriterOptions): DatabaseSync {
  return openSqlite(file, {
    schema: CACHE_SCHEMA,
    beforeOpen: (db) => {
      requireFts5(db);
      registerNamePairs(db);
      // Takes effect on a new file only, before anything is written to it (SQLite ignores it once tables
      // exist): pages freed by pruning and by merging the full-text indexes can then be handed back to
      // the disk (CustomerStore.reclaimFreePages).
      db.exec('PRAGMA auto_vacuum = INCREMENTAL');
    },
    pragmas: [
      // WAL + NORMAL survives a crash of the app (a killed process loses nothing committed).
      'synchronous = NORMAL',
      // What a sync deletes or rewrites (a pruned customer's name words, email and phone, its index entries)
      // is overwritten with zeros, in its page and on the free list, rather than left in the file's free space.
      'secure_delete = ON',
      `cache_size = -${WRITER_CACHE_KB}`,
      // Checkpoint every ~40 MB of WAL rather than 4 MB: index pages rewritten by many syncs' pages are then
      // copied into the file once, not once per few pages.
      'wal_autocheckpoint = 10000',
    ],
    afterMigrate: (db) => {
      db.prepare("SELECT value FROM meta WHERE key = 'customer_count'").get();
      if (options.maxSizeBytes) {
        const pageSize = Number(db.prepare('PRAGMA page_size').get()?.page_size ?? 4096);
        db.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(options.maxSizeBytes / pageSize))}`);
      }
    },
  });
}

/**
 * Opens (creating or migrating) the cache under `seal`'s keys; an unreadable file is moved aside and
 * replaced, and one written under other keys or before records were sealed is deleted and replaced.
 */
export function openWriter(
  file: string,
  seal: RecordSeal,
  options: WriterOptions = {},
  now: () => Date = () => new Date(),
): OpenedWriter {
  const opened = openUnchecked(file, options, now);
  const check = checkKeys(opened.db, seal);
  if (check === 'ok') return opened;
  opened.db.close();
  deleteCacheFile(file);
  // Damaged copies set aside beside a file from before sealing held their customers in plain form too.
  if (check === 'plain') deleteSetAsideCopies(file);
  const db = connectWriter(file, options);
  checkKeys(db, seal);
  return { db, notice: keyCheckNotice(check) };
}

/** Deletes the file with its WAL files. */
export function deleteCacheFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

/** Deletes the `<file>.corrupt-*` copies (and their WAL files) set aside beside the file. */
function deleteSetAsideCopies(file: string): void {
  const prefix = `${basename(file)}.corrupt-`;
  for (const name of readdirSync(dirname(file))) {
    if (name.startsWith(prefix)) rmSync(join(dirname(file), name), { force: true });
  }
}

function openUnchecked(file: string, options: WriterOptions, now: () => Date): OpenedWriter {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // A cache file is never 0 bytes once made (it is migrated at once): an empty one was emptied.
  if (existsSync(file) && statSync(file).size === 0) {
    const movedTo = moveAside(file, now());
    const db = connectWriter(file, options);
    return { db, notice: emptiedNotice(movedTo) };
  }
  try {
    return { db: connectWriter(file, options), notice: null };
  } catch (e) {
    if (!isCorruption(e)) throw e;
    const movedTo = moveAside(file, now());
    const db = connectWriter(file, options);
    return { db, notice: unreadableNotice(movedTo, e) };
  }
}

export function emptiedNotice(movedTo: string): string {
  return `The customer cache was empty: its file had been emptied. It was set aside as ${basename(movedTo)} and is being rebuilt from the service.`;
}

export function unreadableNotice(movedTo: string, cause: unknown): string {
  return `The customer cache could not be read (${errorMessage(cause)}). It was set aside as ${basename(movedTo)} and is being rebuilt from the service.`;
}

/** Renames the file (and its WAL) to `<file>.corrupt-<time>`; returns the new name. */
export function moveAside(file: string, at: Date): string {
  const target = `${file}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}`;
  if (existsSync(file)) renameSync(file, target);
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}

/**
 * The read connection's page cache (KB). Searches read few pages, and a page SQLite does not hold comes
 * from the OS's file cache: at 1M customers a search costs the same CPU with 2 MB as with 8 MB or 400 MB
 * (docs/benchmarks.md), and the main process keeps 6 MB less.
 */
export const READER_CACHE_KB = 2000;

/** A read-only connection for searches; never writes, so it may live on the Electron main thread. */
export function openReader(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 1000 });
  try {
    requireFts5(db);
    db.exec(`PRAGMA cache_size = -${READER_CACHE_KB}`);
    db.prepare("SELECT value FROM meta WHERE key = 'customer_count'").get();
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}
