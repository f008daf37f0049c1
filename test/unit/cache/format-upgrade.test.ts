// A cache written before records were bound to their customers' ids (schema 10: groups with a 32-bit check of
// each id, the email, phone, KYC state and creation time taken from the readable columns; schema 8: each
// record sealed alone) is never read: migration 11 marks it, and opening it deletes it and starts an empty
// cache at the current schema, with a notice saying why, for the next sync to fill. An empty cache of
// either schema is simply brought up to date.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWriter } from '../../../src-main/cache/store/database';
import { keyCheckNotice } from '../../../src-main/cache/store/key-check';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src-main/cache/store/schema';
import { schemaVersion } from '../../../src-main/storage/sqlite-database';
import { testSeal } from '../../support/cache-keys';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-upgrade-'));
  file = join(dir, 'customers.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file as schema `version` left it, under today's keys, holding one customer when `withCustomer`. */
function writeOldFile(version: number, withCustomer: boolean): void {
  const db = new DatabaseSync(file);
  for (const m of MIGRATIONS.slice(0, version)) db.exec(m);
  db.exec(`PRAGMA user_version = ${version}`);
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('key_id', ?)").run(testSeal.keyId());
  if (withCustomer) {
    db.prepare(
      `INSERT INTO customers (id, generation, names, email, phone, kyc, created, record) VALUES ('5e00000000000000000000a1', 1, 'ada obi', 'ada@example.ng', '8031234567', 1, 0, X'00')`,
    ).run();
    if (version >= 10) db.exec(`INSERT INTO sealed_records (bytes) VALUES (X'0102')`);
  }
  db.close();
}

describe('a cache from before records were bound to their ids', () => {
  it.each([8, 10])('of schema %i holding customers is deleted at opening, never read, and starts empty', (version) => {
    writeOldFile(version, true);
    const { db, notice } = openWriter(file, testSeal);
    try {
      expect(notice).toBe(keyCheckNotice('unbound'));
      expect(notice).toContain('took a customer');
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      expect(db.prepare('SELECT count(*) AS n FROM customers').get()?.n).toBe(0);
      expect(db.prepare('SELECT count(*) AS n FROM sealed_records').get()?.n).toBe(0);
      expect(db.prepare("SELECT value FROM meta WHERE key = 'unbound_records'").get()).toBeUndefined();
      expect(db.prepare("SELECT value FROM meta WHERE key = 'key_id'").get()?.value).toBe(testSeal.keyId());
    } finally {
      db.close();
    }
  });

  it.each([8, 10])('of schema %i holding nothing is brought up to date as it is', (version) => {
    writeOldFile(version, false);
    const { db, notice } = openWriter(file, testSeal);
    try {
      expect(notice).toBeNull();
      expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
      expect(existsSync(file)).toBe(true);
    } finally {
      db.close();
    }
  });
});
