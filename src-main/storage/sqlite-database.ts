// Opening a Card Desk SQLite file: WAL, the file's own pragmas, and its numbered schema migrations.
// `PRAGMA user_version` holds how many migrations have run; a file from a newer Card Desk is refused.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PRIVATE_FOLDER_MODE, makeFilePrivate } from './private-files';

export interface Schema {
  /** How messages name the file, e.g. `journal.sqlite`. */
  name: string;
  /** Each step's SQL, oldest first; new steps are appended, a released one is never edited. */
  migrations: readonly string[];
  /** The error for a file whose schema is newer than `migrations` (default: names the file, asks for an update). */
  newerSchemaError?: (found: number, known: number) => Error;
}

export interface OpenSqliteOptions {
  schema: Schema;
  /** Pragmas set after `journal_mode = WAL` and before migrating, e.g. `synchronous = FULL`. */
  pragmas?: readonly string[];
  /** Runs first, before anything reads the file. */
  beforeOpen?: (db: DatabaseSync) => void;
  /** Runs once the schema is current; a throw here closes the file too. */
  afterMigrate?: (db: DatabaseSync) => void;
}

export function schemaVersion(db: DatabaseSync): number {
  return Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
}

/** Runs `work` in one write transaction: committed when it returns, rolled back when it throws. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (e) {
    try {
      db.exec('ROLLBACK');
    } catch {
      /* already rolled back (SQLite ends a transaction itself on some errors) */
    }
    throw e;
  }
}

/** Brings the file up to the schema's version, one step per transaction. */
export function migrate(db: DatabaseSync, { name, migrations, newerSchemaError }: Schema): void {
  const current = schemaVersion(db);
  if (current > migrations.length) {
    throw newerSchemaError
      ? newerSchemaError(current, migrations.length)
      : new Error(
          `${name} has schema version ${current}, newer than this Card Desk understands (${migrations.length}). Update Card Desk.`,
        );
  }
  for (let version = current; version < migrations.length; version++) {
    inTransaction(db, () => {
      db.exec(migrations[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}

/** Opens (creating its folder and the file) and migrates `file`; on any failure the file is closed again. */
export function openSqlite(
  file: string,
  { schema, pragmas = [], beforeOpen, afterMigrate }: OpenSqliteOptions,
): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const db = new DatabaseSync(file, { timeout: 5_000 });
  try {
    // Before the first write, so the WAL and shared-memory files SQLite makes next get the same mode.
    makeFilePrivate(file);
    beforeOpen?.(db);
    // The first statement that reads the file: a damaged header fails here with SQLITE_NOTADB.
    db.exec('PRAGMA journal_mode = WAL');
    for (const pragma of pragmas) db.exec(`PRAGMA ${pragma}`);
    migrate(db, schema);
    afterMigrate?.(db);
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}
