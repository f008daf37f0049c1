// The first sync into an empty cache goes without the list's name order and builds it when its pages
// stop; meanwhile the list is in arrival order and says so. On a real SQLite file, read on a second
// connection as the app reads it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { CustomerStore } from '../../../src-main/cache/store/customer-store';
import { openReader, openWriter } from '../../../src-main/cache/store/database';
import { completeFirstFill, hasNameOrder } from '../../../src-main/cache/store/first-fill';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import { fillerCustomers } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

let dir: string;
let db: DatabaseSync;
let store: CustomerStore;
let reader: CustomerReader;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-name-order-'));
  const file = join(dir, 'customers.sqlite');
  db = openWriter(file, testSeal).db;
  store = new CustomerStore(db, testSeal);
  reader = new CustomerReader(openReader(file), testSeal);
});
afterEach(() => {
  reader.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

// 300 customers arriving in an order that is neither by name nor by date: every third not approved,
// created on dates that run backwards in blocks.
const arriving: Customer[] = fillerCustomers(0, 300).map((c, i) => ({
  ...c,
  isApproved: i % 3 !== 0,
  createdAt: new Date(Date.UTC(2024, 0, 1 + (i % 50), 0, 0, 300 - i)).toISOString(),
}));
const rowsOf = (cs: Customer[]) => cs.map(customerRow);
const ids = (cs: Customer[]) => cs.map((c) => c._id);
const names = (c: Customer) => customerRow(c).names.toLowerCase();
/** A full-text index's merge setting as FTS5 stored it (absent: FTS5's default, 4). */
const automerge = (index: string) =>
  Number(db.prepare(`SELECT v FROM ${index}_config WHERE k = 'automerge'`).get()?.v ?? 4);
/** Segments in a full-text index. */
const segments = (index: string) => Number(db.prepare(`SELECT count(DISTINCT segid) AS n FROM ${index}_idx`).get()?.n);

describe('the first sync into an empty cache', () => {
  it('is dropped by the first page into an empty cache, and the list says it is in arrival order', () => {
    expect(hasNameOrder(db)).toBe(true);
    const { generation } = store.writePages([
      { generation: null, page: 0, totalPages: 3, rows: rowsOf(arriving.slice(0, 100)) },
    ]);
    store.writePages([{ generation, page: 1, totalPages: 3, rows: rowsOf(arriving.slice(100, 200)) }]);
    expect(hasNameOrder(db)).toBe(false);
    // Segments are merged less often while the fill runs.
    expect([automerge('customer_names'), automerge('customer_phones')]).toEqual([64, 64]);

    const byName = reader.browse({ sort: 'name', limit: 30, offset: 10 });
    expect(byName.nameOrderPending).toBe(true);
    expect(byName.total).toBe(200);
    expect(ids(byName.customers)).toEqual(ids(arriving.slice(10, 40)));
    const backwards = reader.browse({ sort: 'name', direction: 'desc', limit: 5 });
    expect(ids(backwards.customers)).toEqual(ids(arriving.slice(195, 200).reverse()));
    const notApproved = reader.browse({ sort: 'name', kyc: 'notApproved', limit: 200 });
    expect(ids(notApproved.customers)).toEqual(ids(arriving.slice(0, 200).filter((c) => c.isApproved === false)));
    expect(notApproved.total).toBe(notApproved.customers.length);
    // By KYC state: not approved first, by date within each state (the date order is still there).
    const byKyc = reader.browse({ sort: 'kyc', limit: 200 });
    expect(byKyc.nameOrderPending).toBe(true);
    const created = (c: Customer) => Date.parse(c.createdAt!);
    const expected = [...arriving.slice(0, 200)].sort(
      (a, b) => Number(a.isApproved) - Number(b.isApproved) || created(a) - created(b),
    );
    expect(ids(byKyc.customers)).toEqual(ids(expected));
    // The date order never waits.
    expect(reader.browse({ sort: 'createdAt', limit: 5 }).nameOrderPending).toBe(false);
  });

  it('is built in one go when the pages stop, and the list is by name again', () => {
    const { generation } = store.writePages([
      { generation: null, page: 0, totalPages: 3, rows: rowsOf(arriving.slice(0, 150)) },
    ]);
    store.writePages([{ generation, page: 1, totalPages: 3, rows: rowsOf(arriving.slice(150)) }]);
    expect(segments('customer_names')).toBeGreaterThan(1);
    completeFirstFill(db);
    expect(hasNameOrder(db)).toBe(true);
    // Each full-text index merged into one segment, and merging back to FTS5's default.
    expect([segments('customer_names'), segments('customer_phones')]).toEqual([1, 1]);
    expect([automerge('customer_names'), automerge('customer_phones')]).toEqual([4, 4]);
    // Every row's words are in the merged index, and nothing else.
    for (const index of ['customer_names', 'customer_phones']) {
      expect(() => db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    }
    const byName = reader.browse({ sort: 'name', limit: 300 });
    expect(byName.nameOrderPending).toBe(false);
    const expected = [...arriving].sort((a, b) => (names(a) < names(b) ? -1 : names(a) > names(b) ? 1 : 0));
    expect(byName.customers.map(names)).toEqual(expected.map(names));
    completeFirstFill(db); // a second call has nothing to do
    expect(hasNameOrder(db)).toBe(true);
  });

  it('stays in place for a sync into a cache that holds customers, and after a failed first page', () => {
    // A first page the store refuses (out of order) rolls back with its transaction: the order stays.
    expect(() =>
      store.writePages([{ generation: null, page: 1, totalPages: 3, rows: rowsOf(arriving.slice(0, 100)) }]),
    ).toThrow(/starts at page 0/);
    expect(hasNameOrder(db)).toBe(true);
    const first = store.writePages([
      { generation: null, page: 0, totalPages: 1, rows: rowsOf(arriving.slice(0, 100)) },
    ]);
    store.finishGeneration(first.generation, new Date().toISOString());
    completeFirstFill(db);
    // The next sync starts on a cache with customers in it: the order is kept up to date as rows arrive.
    store.writePages([{ generation: null, page: 0, totalPages: 2, rows: rowsOf(arriving.slice(100, 200)) }]);
    expect(hasNameOrder(db)).toBe(true);
    expect(reader.browse({ sort: 'name', limit: 1 }).nameOrderPending).toBe(false);
  });
});
