// Looking into a Card Desk SQLite file from a second connection, as another process would.
import { DatabaseSync } from 'node:sqlite';
import { expect } from 'vitest';

/** The file is in WAL mode with `version` migrations applied. */
export function expectWalAtVersion(file: string, version: number): void {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: version });
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
  } finally {
    db.close();
  }
}

/** Marks the file as written by a Card Desk whose schema has `version` migrations. */
export function setSchemaVersion(file: string, version: number): void {
  const db = new DatabaseSync(file);
  try {
    db.exec(`PRAGMA user_version = ${version}`);
  } finally {
    db.close();
  }
}
