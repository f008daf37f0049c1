// A cache written before search lists read plain columns and records were sealed in groups (schema 8:
// each record sealed alone, no `shown` column) opens with its customers kept: migrations 9 and 10 run,
// every customer reads back whole, the search lists show them (opening their records, as before), and the
// next sync rewrites them into groups and `shown`, dropping nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customerListName } from '../../../src-shared/api/customer-name';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import { planSearch } from '../../../src-main/cache/search/search-plan';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { CustomerStore } from '../../../src-main/cache/store/customer-store';
import { openReader, openWriter } from '../../../src-main/cache/store/database';
import { encodeRecord } from '../../../src-main/cache/store/record-codec';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src-main/cache/store/schema';
import { SharedStrings } from '../../../src-main/cache/store/shared-strings';
import { schemaVersion } from '../../../src-main/storage/sqlite-database';
import { fillerCustomers } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

const SEALED_ALONE_SCHEMA = 8;
const customers = fillerCustomers(0, 120);

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-upgrade-'));
  file = join(dir, 'customers.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file as schema 8 wrote it: every record sealed alone under the customer's id, identity by blind index. */
function writeSealedAloneFile(): void {
  const db = new DatabaseSync(file);
  for (const m of MIGRATIONS.slice(0, SEALED_ALONE_SCHEMA)) db.exec(m);
  db.exec(`PRAGMA user_version = ${SEALED_ALONE_SCHEMA}`);
  const meta = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
  meta.run('key_id', testSeal.keyId());
  meta.run('customer_count', customers.length);
  meta.run('last_synced_at', '2026-11-20T08:00:00.000Z');
  const strings = new SharedStrings(db, testSeal);
  const insert = db.prepare(
    'INSERT INTO customers (id, generation, names, email, phone, kyc, created, identity, record) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const c of customers) {
    const row = customerRow(c);
    const record = testSeal.sealRecord(encodeRecord(c, row, strings), row.id);
    insert.run(
      row.id,
      row.names,
      row.email,
      row.phone,
      row.kyc,
      row.created,
      testSeal.blindIndex(row.identity),
      record,
    );
  }
  db.close();
}

describe('a cache written with each record sealed alone', () => {
  it('opens with its customers, lists them, and is rewritten into groups by the next sync', () => {
    writeSealedAloneFile();
    const { db, notice } = openWriter(file, testSeal);
    expect(notice).toBeNull();
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.prepare('SELECT count(*) AS n FROM customers WHERE shown IS NULL AND sealed_in IS NULL').get()?.n).toBe(
      customers.length,
    );

    const reader = new CustomerReader(openReader(file), testSeal);
    try {
      expect([...reader.scan()]).toEqual(customers);
      const c = customers[17]!;
      const listed = reader.search(planSearch(c._id), 5, true).customers;
      expect(listed.map((x) => [x._id, customerListName(x), x.emailAddress])).toEqual([
        [c._id, customerListName(c), c.emailAddress],
      ]);
    } finally {
      reader.close();
    }

    const store = new CustomerStore(db, testSeal);
    const { generation } = store.writePages([
      { generation: null, page: 0, totalPages: 1, rows: customers.map(customerRow) },
    ]);
    store.finishGeneration(generation, new Date().toISOString());
    expect(db.prepare('SELECT count(*) AS n FROM customers WHERE shown IS NULL OR sealed_in IS NULL').get()?.n).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM customers WHERE record <> X''").get()?.n).toBe(0);
    db.close();
    const after = new CustomerReader(openReader(file), testSeal);
    try {
      expect([...after.scan()]).toEqual(customers);
    } finally {
      after.close();
    }
  });
});
