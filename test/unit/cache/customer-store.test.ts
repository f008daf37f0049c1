// The cache's writes on a real SQLite file: whole pages with their resume point, pruning, a full disk.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CacheFullError,
  CacheUnavailableError,
  CacheUnreadableError,
} from '../../../src-main/cache/store/cache-errors';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import { CustomerStore } from '../../../src-main/cache/store/customer-store';
import { beginFeed } from '../../../src-main/cache/sync/list-shape-store';
import { openWriter } from '../../../src-main/cache/store/database';
import { CACHE_SCHEMA, MIGRATIONS, SCHEMA_VERSION, requireFts5 } from '../../../src-main/cache/store/schema';
import { migrate, schemaVersion } from '../../../src-main/storage/sqlite-database';
import { fillerCustomers, pages } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';
import { RecordSeal, newCacheKeys } from '../../../src-main/cache/store/record-seal';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-store-'));
  file = join(dir, 'customers.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const countOf = (db: DatabaseSync, sql: string) => Number(db.prepare(sql).get()?.n);

describe('schema', () => {
  it('migrates a new file to the current version once, with WAL and FTS5', () => {
    const { db } = openWriter(file, testSeal);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(db.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
    migrate(db, CACHE_SCHEMA); // a second run has nothing to do
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('says clearly when SQLite was built without FTS5', () => {
    const withoutFts5 = { prepare: () => ({ get: () => ({ fts5: 0 }) }) } as unknown as DatabaseSync;
    expect(() => requireFts5(withoutFts5)).toThrow(CacheUnavailableError);
    expect(() => requireFts5(withoutFts5)).toThrow(/no FTS5 full-text search/);
    const real = new DatabaseSync(':memory:');
    expect(() => requireFts5(real)).not.toThrow();
    real.close();
  });

  it('deletes a file from before records were sealed, whose customers it held in plain form, and says why', () => {
    const old = new DatabaseSync(file);
    old.exec(MIGRATIONS[0]!);
    old.exec(MIGRATIONS[1]!);
    old.exec('PRAGMA user_version = 2');
    const stored = fillerCustomers(0, 3).map((c, i) => ({
      ...c,
      individual: { ...c.individual!, identity: { type: 'NIN', number: `1234567890${i}` } },
    }));
    const insert = old.prepare(
      'INSERT INTO customers (id, generation, names, email, phone, json) VALUES (?, 1, ?, ?, ?, ?)',
    );
    for (const c of stored) {
      const r = customerRow(c);
      insert.run(r.id, r.names, r.email, r.phone, JSON.stringify(c));
    }
    old.close();
    expect(readFileSync(file).includes('12345678901')).toBe(true);
    // A damaged copy set aside by an earlier version holds them in plain form too.
    writeFileSync(`${file}.corrupt-2026-01-01T00-00-00-000Z`, readFileSync(file));

    const { db, notice } = openWriter(file, testSeal);
    expect(notice).toMatch(/earlier Card Desk, which kept customers' records unencrypted.*deleted.*rebuilt/);
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    expect(countOf(db, 'SELECT count(*) AS n FROM customers')).toBe(0);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'key_id'").get()?.value).toBe(testSeal.keyId());
    db.close();
    for (const suffix of ['', '-wal']) {
      if (existsSync(file + suffix)) expect(readFileSync(file + suffix).includes('12345678901')).toBe(false);
    }
    expect(existsSync(`${file}.corrupt-2026-01-01T00-00-00-000Z`)).toBe(false);
  });

  it('keeps an empty file from before records were sealed and gives it these keys', () => {
    const old = new DatabaseSync(file);
    old.exec(MIGRATIONS[0]!);
    old.exec('PRAGMA user_version = 1');
    old.exec("INSERT INTO meta (key, value) VALUES ('etag', 'kept')");
    old.close();
    const { db, notice } = openWriter(file, testSeal);
    expect(notice).toBeNull();
    expect(db.prepare("SELECT value FROM meta WHERE key = 'etag'").get()?.value).toBe('kept');
    expect(db.prepare("SELECT value FROM meta WHERE key = 'key_id'").get()?.value).toBe(testSeal.keyId());
    db.close();
  });

  it('deletes a file sealed under other keys (a reset keychain, another computer) and says why', () => {
    const first = openWriter(file, testSeal).db;
    const store = new CustomerStore(first, testSeal);
    const { generation } = store.writePages([
      { generation: null, page: 0, totalPages: 1, rows: fillerCustomers(0, 3).map(customerRow) },
    ]);
    store.finishGeneration(generation, new Date().toISOString());
    first.close();

    const other = new RecordSeal(newCacheKeys());
    const { db, notice } = openWriter(file, other);
    expect(notice).toMatch(/data key is not in this computer's keychain.*deleted and is being rebuilt/);
    expect(countOf(db, 'SELECT count(*) AS n FROM customers')).toBe(0);
    db.close();
    // Opened again with the same keys, it is kept.
    const again = openWriter(file, other);
    expect(again.notice).toBeNull();
    again.db.close();
  });

  it('refuses a file from a newer version as unreadable', () => {
    const db = new DatabaseSync(file);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    expect(() => migrate(db, CACHE_SCHEMA)).toThrow(CacheUnreadableError);
    db.close();
  });
});

describe('CustomerStore', () => {
  it("removes the customers a feed's page names in removed when the fill completes, never on an API page's word", () => {
    const { db } = openWriter(file, testSeal);
    const store = new CustomerStore(db, testSeal);
    const [first] = pages(fillerCustomers(0, 3));
    const [gone, kept] = [first![0]!._id, first![1]!._id];
    const { generation } = store.writePages([
      { generation: null, page: 0, totalPages: 1, rows: first!.map(customerRow), feedSeq: 3 },
    ]);
    store.finishGeneration(generation, '2026-01-01T00:00:00.000Z');
    // A later fill from the feed adds to the generation: the removed customer goes when it completes.
    beginFeed(db, generation);
    store.writePages([{ generation, page: 0, totalPages: 1, rows: [], feedSeq: 4, removed: [gone, 'never-held'] }]);
    expect(store.finishGeneration(generation, '2026-01-02T00:00:00.000Z')).toEqual({ pruned: 1, customerCount: 2 });
    const ids = () =>
      db
        .prepare('SELECT id FROM customers ORDER BY id')
        .all()
        .map((r) => r.id);
    expect(ids()).not.toContain(gone);
    expect(ids()).toContain(kept);
    // An API page's envelope that says `removed` removes no one.
    const next = store.writePages([
      { generation: null, page: 0, totalPages: 1, rows: first!.slice(1).map(customerRow), removed: [kept] },
    ]);
    expect(store.finishGeneration(next.generation, '2026-01-03T00:00:00.000Z')).toEqual({
      pruned: 0,
      customerCount: 2,
    });
    db.close();
  });

  it('stores pages with the resume point, keeps the FTS index in step, and prunes at the end', () => {
    const { db } = openWriter(file, testSeal);
    const store = new CustomerStore(db, testSeal);
    const [p0, p1, p2] = pages(fillerCustomers(0, 300));
    const { generation } = store.writePages([
      { generation: null, page: 0, totalPages: 3, rows: p0!.map(customerRow), etag: '"e1"' },
    ]);
    store.writePages([
      { generation, page: 1, totalPages: 3, rows: p1!.map(customerRow) },
      { generation, page: 2, totalPages: 3, rows: p2!.map(customerRow) },
    ]);
    expect(store.syncState()).toMatchObject({
      generation,
      nextPage: 3,
      totalPages: 3,
      customersDone: 300,
      customerCount: 300,
      etag: null,
    });
    store.finishGeneration(generation, '2026-01-01T00:00:00.000Z');
    expect(store.syncState()).toMatchObject({
      nextPage: null,
      etag: '"e1"',
      lastSyncedAt: '2026-01-01T00:00:00.000Z',
      lastTotalPages: 3,
    });

    // A second sync sees only the first 150 customers, one of them renamed.
    const before = fillerCustomers(0, 150);
    const oldPhone = before[9]!.phoneNumber!.slice(4);
    const renamed = before.map((c, i) =>
      i === 7
        ? { ...c, name: 'Zainab Renamed', individual: { ...c.individual, firstName: 'Zainab', lastName: 'Renamed' } }
        : i === 9
          ? { ...c, phoneNumber: '+2349099999999' }
          : c,
    );
    const [q0, q1] = pages(renamed);
    const next = store.writePages([
      { generation: null, page: 0, totalPages: 2, rows: q0!.map(customerRow) },
    ]).generation;
    expect(next).toBe(generation + 1);
    store.writePages([{ generation: next, page: 1, totalPages: 2, rows: q1!.map(customerRow) }]);
    expect(store.finishGeneration(next, '2026-01-02T00:00:00.000Z')).toEqual({ pruned: 150, customerCount: 150 });

    expect(countOf(db, 'SELECT count(*) AS n FROM customers')).toBe(150);
    for (const index of ['customer_names', 'customer_phones']) {
      expect(() => db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    }
    expect(
      countOf(db, `SELECT count(*) AS n FROM customer_names WHERE customer_names MATCH '"zainab" "renamed"'`),
    ).toBe(1);
    expect(countOf(db, `SELECT count(*) AS n FROM customer_phones WHERE customer_phones MATCH '"9099999999"'`)).toBe(1);
    expect(countOf(db, `SELECT count(*) AS n FROM customer_phones WHERE customer_phones MATCH '"${oldPhone}"'`)).toBe(
      0,
    );
    db.close();
  });

  it('refuses a page out of order and leaves the cache as it was', () => {
    const { db } = openWriter(file, testSeal);
    const store = new CustomerStore(db, testSeal);
    const [p0, , p2] = pages(fillerCustomers(0, 300));
    const { generation } = store.writePages([{ generation: null, page: 0, totalPages: 3, rows: p0!.map(customerRow) }]);
    expect(() => store.writePages([{ generation, page: 2, totalPages: 3, rows: p2!.map(customerRow) }])).toThrow(
      /out of order/,
    );
    expect(store.syncState()).toMatchObject({ nextPage: 1, customersDone: 100, customerCount: 100 });
    db.close();
  });

  it('writes several pages in one transaction all or nothing', () => {
    const { db } = openWriter(file, testSeal);
    const store = new CustomerStore(db, testSeal);
    const [p0, p1, p2, p3] = pages(fillerCustomers(0, 400));
    const { generation } = store.writePages([{ generation: null, page: 0, totalPages: 4, rows: p0!.map(customerRow) }]);
    // Page 3 comes before page 2: the batch fails and page 1, already applied inside it, is rolled back.
    expect(() =>
      store.writeBatch([
        [{ generation, page: 1, totalPages: 4, rows: p1!.map(customerRow) }],
        [{ generation, page: 3, totalPages: 4, rows: p3!.map(customerRow) }],
      ]),
    ).toThrow(/out of order/);
    expect(store.syncState()).toMatchObject({ nextPage: 1, customersDone: 100, customerCount: 100 });
    const written = store.writeBatch([
      [{ generation, page: 1, totalPages: 4, rows: p1!.map(customerRow) }],
      [{ generation, page: 2, totalPages: 4, rows: p2!.map(customerRow) }],
    ]);
    expect(written).toEqual([
      { generation, customersDone: 200 },
      { generation, customersDone: 300 },
    ]);
    expect(countOf(db, 'SELECT count(*) AS n FROM customers')).toBe(300);
    db.close();
  });

  it('indexes new emails in sorted chunks, and the rest when the sync completes', () => {
    const { db } = openWriter(file, testSeal);
    const store = new CustomerStore(db, testSeal, 250);
    const customers = fillerCustomers(0, 400);
    const emailsIndexed = () => countOf(db, 'SELECT count(*) AS n FROM customer_emails');
    let generation: number | null = null;
    const seen: number[] = [];
    for (const [page, rows] of pages(customers).entries()) {
      generation = store.writePages([{ generation, page, totalPages: 4, rows: rows.map(customerRow) }]).generation;
      seen.push(emailsIndexed());
    }
    // Nothing until 250 are waiting (page 2 brings it to 300, all indexed at once), then page 3 waits.
    expect(seen).toEqual([0, 0, 300, 300]);
    store.finishGeneration(generation!, new Date().toISOString());
    expect(emailsIndexed()).toBe(400);
    const sorted = customers.map((c) => c.emailAddress!.toLowerCase()).sort();
    expect(
      db
        .prepare('SELECT email FROM customer_emails')
        .all()
        .map((r) => r.email),
    ).toEqual(sorted);
    db.close();
  });

  it('keeps customer_emails in step with a changed email and with pruned customers', () => {
    const { db } = openWriter(file, testSeal);
    const store = new CustomerStore(db, testSeal, 100);
    const first = fillerCustomers(0, 300);
    let generation: number | null = null;
    for (const [page, rows] of pages(first).entries())
      generation = store.writePages([{ generation, page, totalPages: 3, rows: rows.map(customerRow) }]).generation;
    store.finishGeneration(generation!, new Date().toISOString());

    // The next sync: customer 5 has a new email, customers 200-299 are gone.
    const second = first.slice(0, 200).map((c, i) => (i === 5 ? { ...c, emailAddress: 'New.Address@Example.NG' } : c));
    generation = null;
    for (const [page, rows] of pages(second).entries())
      generation = store.writePages([{ generation, page, totalPages: 2, rows: rows.map(customerRow) }]).generation;
    store.finishGeneration(generation!, new Date().toISOString());
    const emails = db
      .prepare('SELECT email FROM customer_emails')
      .all()
      .map((r) => r.email);
    expect(emails).toHaveLength(200);
    expect(emails).toContain('new.address@example.ng');
    expect(emails).not.toContain(first[5]!.emailAddress!.toLowerCase());
    expect(emails).not.toContain(first[250]!.emailAddress!.toLowerCase());
    db.close();
  });

  it('indexes the email of a customer added after the customers with the highest seqs were pruned', () => {
    const { db } = openWriter(file, testSeal);
    const store = new CustomerStore(db, testSeal, 1_000);
    const customers = fillerCustomers(0, 300);
    const sync = (list: typeof customers) => {
      let generation: number | null = null;
      for (const [page, rows] of pages(list).entries())
        generation = store.writePages([{ generation, page, totalPages: null, rows: rows.map(customerRow) }]).generation;
      store.finishGeneration(generation!, new Date().toISOString());
    };
    sync(customers);
    sync(customers.slice(0, 200)); // the last 100 (seq 201-300) are pruned
    const newcomer = fillerCustomers(5_000, 1)[0]!;
    sync([...customers.slice(0, 200), newcomer]); // takes seq 201, below the old mark of 300
    const seq = db.prepare('SELECT seq FROM customers WHERE id = ?').get(newcomer._id)?.seq;
    expect(seq).toBe(201);
    expect(
      db.prepare('SELECT seq FROM customer_emails WHERE email = ?').get(newcomer.emailAddress!.toLowerCase())?.seq,
    ).toBe(201);
    expect(countOf(db, 'SELECT count(*) AS n FROM customer_emails')).toBe(201);
    db.close();
  });

  it('rolls the whole page back on a full disk and says so', () => {
    const { db } = openWriter(file, testSeal, { maxSizeBytes: 400_000 });
    const store = new CustomerStore(db, testSeal);
    let generation: number | null = null;
    let stored = 0;
    let failure: unknown = null;
    for (const [page, customers] of pages(fillerCustomers(0, 5000)).entries()) {
      try {
        generation = store.writePages([
          { generation, page, totalPages: 50, rows: customers.map(customerRow) },
        ]).generation;
        stored = page + 1;
      } catch (e) {
        failure = e;
        break;
      }
    }
    expect(failure).toBeInstanceOf(CacheFullError);
    expect((failure as Error).message).toMatch(/disk is full/);
    expect(stored).toBeGreaterThan(0);
    expect(store.syncState()).toMatchObject({
      nextPage: stored,
      customersDone: stored * 100,
      customerCount: stored * 100,
    });
    expect(countOf(db, 'SELECT count(*) AS n FROM customers')).toBe(stored * 100);
    // The full-text indexes hold exactly the stored rows' words (checked against the customers table).
    for (const index of ['customer_names', 'customer_phones']) {
      expect(() => db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    }
    db.close();
  });
});
