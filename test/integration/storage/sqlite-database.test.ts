// Opening and migrating a real SQLite file: WAL and pragmas, one transaction per step, newer files refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, openSqlite, schemaVersion, type Schema } from '../../../src-main/storage/sqlite-database';
import { expectWalAtVersion, setSchemaVersion } from '../support/sqlite-file';

const schema: Schema = {
  name: 'things.sqlite',
  migrations: ['CREATE TABLE things (id TEXT PRIMARY KEY) STRICT', 'ALTER TABLE things ADD COLUMN label TEXT'],
};
const tables = (db: DatabaseSync) =>
  (db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map(
    (r) => r.name,
  );

describe('openSqlite', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'sqlite-database-'));
    file = join(folder, 'nested', 'things.sqlite');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('creates the folder and a WAL file at the schema version, with the pragmas asked for', () => {
    const db = openSqlite(file, { schema, pragmas: ['synchronous = FULL', 'cache_size = -1234'] });
    try {
      expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
      expect(db.prepare('PRAGMA cache_size').get()).toEqual({ cache_size: -1234 });
      db.prepare("INSERT INTO things (id, label) VALUES ('a', 'first')").run();
    } finally {
      db.close();
    }
    expectWalAtVersion(file, 2);
  });

  it('runs only the steps a file has not had, and keeps its rows', () => {
    const first = openSqlite(file, { schema: { ...schema, migrations: schema.migrations.slice(0, 1) } });
    first.prepare("INSERT INTO things (id) VALUES ('a')").run();
    expect(schemaVersion(first)).toBe(1);
    first.close();
    const db = openSqlite(file, { schema });
    try {
      expect(schemaVersion(db)).toBe(2);
      expect(db.prepare('SELECT id, label FROM things').all()).toEqual([{ id: 'a', label: null }]);
      migrate(db, schema);
      expect(schemaVersion(db)).toBe(2);
    } finally {
      db.close();
    }
  });

  it('rolls a failing step back whole and leaves the version at the last step that ran', () => {
    const broken: Schema = {
      ...schema,
      migrations: [schema.migrations[0]!, 'CREATE TABLE extra (x); CREATE TABLE things (y)'],
    };
    expect(() => openSqlite(file, { schema: broken })).toThrow(/already exists/);
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      expect(schemaVersion(db)).toBe(1);
      expect(tables(db)).toEqual(['things']);
    } finally {
      db.close();
    }
  });

  it("refuses a file from a newer Card Desk, naming the file, or with the schema's own error", () => {
    openSqlite(file, { schema }).close();
    setSchemaVersion(file, 3);
    expect(() => openSqlite(file, { schema })).toThrow(
      'things.sqlite has schema version 3, newer than this Card Desk understands (2). Update Card Desk.',
    );
    class TooNew extends Error {}
    const own: Schema = { ...schema, newerSchemaError: (found, known) => new TooNew(`${found} > ${known}`) };
    expect(() => openSqlite(file, { schema: own })).toThrow(TooNew);
    expect(() => openSqlite(file, { schema: own })).toThrow('3 > 2');
  });

  it('checks before the file is read, finishes after migrating, and closes the file when either throws', () => {
    const seen: string[] = [];
    const db = openSqlite(file, {
      schema,
      beforeOpen: (opened) => seen.push(`before: ${String(opened.prepare('PRAGMA journal_mode').get()?.journal_mode)}`),
      afterMigrate: (opened) => seen.push(`after: version ${schemaVersion(opened)}`),
    });
    db.close();
    expect(seen).toEqual(['before: delete', 'after: version 2']);

    let opened: DatabaseSync | undefined;
    expect(() =>
      openSqlite(file, {
        schema,
        beforeOpen: (d) => {
          opened = d;
          throw new Error('no FTS5');
        },
      }),
    ).toThrow('no FTS5');
    expect(opened?.isOpen).toBe(false);
    expect(() =>
      openSqlite(file, {
        schema,
        afterMigrate: (d) => {
          opened = d;
          throw new Error('no meta');
        },
      }),
    ).toThrow('no meta');
    expect(opened?.isOpen).toBe(false);
  });
});
