// Pages read into rows on the page reader's side, and written by the store on a real SQLite file: shared
// strings numbered by the reader mean the same text in the cache, also after a batch rolls back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { CustomerReader } from '../../../src-main/cache/store/customer-reader';
import { CustomerStore } from '../../../src-main/cache/store/customer-store';
import { openReader, openWriter } from '../../../src-main/cache/store/database';
import { PageReader, type PreparedPage } from '../../../src-main/cache/sync/page-reader';
import { buffersOf, fromSent, toSent } from '../../../src-main/cache/threads/sent-page';
import { fillerCustomers } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';
import { readSharedStrings } from '../../../src-main/cache/store/shared-strings';

let dir: string;
let file: string;
let db: DatabaseSync;
let store: CustomerStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-page-reader-'));
  file = join(dir, 'customers.sqlite');
  db = openWriter(file, testSeal).db;
  store = new CustomerStore(db, testSeal);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const body = (data: Customer[]) =>
  new Uint8Array(
    Buffer.from(JSON.stringify({ statusCode: 200, data, pagination: { pages: 3, page: 0, limit: 100, total: 300 } })),
  );
/** Customers in cities and businesses of their own (shared strings the cache stores once). */
const inCity = (from: number, city: string): Customer[] =>
  fillerCustomers(from, 100).map((c) => ({
    ...c,
    business: `b-${city}`,
    billingAddress: { ...c.billingAddress!, city },
  }));
const readable = (p: PreparedPage) => {
  if (!p.readable) throw new Error('unreadable');
  return p;
};
const write = (generation: number | null, page: number, p: PreparedPage) => {
  store.beginBatch();
  const r = readable(p);
  const written = store.addPreparedToBatch({
    generation,
    page,
    totalPages: 3,
    rows: r.rows,
    groups: r.groups,
    strings: r.strings,
  });
  store.commitBatch();
  return written;
};

describe('the page reader', () => {
  it('numbers new strings after the ones the cache holds, and names every string a page uses', () => {
    const first = new PageReader(testSeal);
    const page0 = readable(first.read(body(inCity(0, 'Ibadan')), 0));
    const { generation } = write(null, 0, page0);
    const known = readSharedStrings(db, testSeal);
    expect(known.map(([, t]) => t)).toEqual(expect.arrayContaining(['Ibadan', 'b-Ibadan']));

    // A reader started later (the app reopened) continues the numbering.
    const later = new PageReader(testSeal, known);
    const page1 = readable(later.read(body([...inCity(100, 'Ibadan').slice(0, 99), inCity(200, 'Kano')[0]!]), 1));
    const texts = new Map(page1.strings.map(([n, t]) => [t, n]));
    expect(texts.get('Ibadan')).toBe(known.find(([, t]) => t === 'Ibadan')![0]);
    expect(texts.get('Kano')).toBeGreaterThan(Math.max(...known.map(([n]) => n)));
    write(generation, 1, page1);

    // Every record reads back as the service sent it.
    const reader = new CustomerReader(openReader(file), testSeal);
    for (const c of [...inCity(0, 'Ibadan').slice(0, 3), inCity(200, 'Kano')[0]!]) expect(reader.get(c._id)).toEqual(c);
    reader.close();
  });

  it('says a body that is not the customer list is unreadable', () => {
    expect(new PageReader(testSeal).read(new Uint8Array(Buffer.from('<html>')), 0)).toEqual({ readable: false });
  });

  it('has a string that a rolled-back batch took with it written again by the next page that uses it', () => {
    const reader = new PageReader(testSeal);
    const page0 = readable(reader.read(body(inCity(0, 'Jos')), 0));
    store.beginBatch();
    store.addPreparedToBatch({
      generation: null,
      page: 0,
      totalPages: 3,
      rows: page0.rows,
      groups: page0.groups,
      strings: page0.strings,
    });
    // The next page is out of order: the store refuses it and the whole batch, strings too, rolls back.
    expect(() =>
      store.addPreparedToBatch({
        generation: 1,
        page: 5,
        totalPages: 3,
        rows: page0.rows,
        groups: page0.groups,
        strings: page0.strings,
      }),
    ).toThrow(/out of order/);
    expect(Number(db.prepare("SELECT count(*) AS n FROM customer_strings WHERE text = 'Jos'").get()?.n)).toBe(0);
    // The sync starts over; the reader keeps its numbers and the page names them again.
    write(null, 0, readable(reader.read(body(inCity(0, 'Jos')), 0)));
    const r = new CustomerReader(openReader(file), testSeal);
    expect(r.get(inCity(0, 'Jos')[7]!._id)).toEqual(inCity(0, 'Jos')[7]);
    r.close();
  });

  it('refuses a page whose string number means another text in the cache', () => {
    const page0 = readable(new PageReader(testSeal).read(body(inCity(0, 'Enugu')), 0));
    const { generation } = write(null, 0, page0);
    // A reader that started from nothing numbers from 1, where the cache already holds other strings.
    const stale = readable(new PageReader(testSeal).read(body(inCity(100, 'Owerri')), 1));
    store.beginBatch();
    expect(() =>
      store.addPreparedToBatch({
        generation,
        page: 1,
        totalPages: 3,
        rows: stale.rows,
        groups: stale.groups,
        strings: stale.strings,
      }),
    ).toThrow(/out of step/);
    expect(Number(db.prepare('SELECT count(*) AS n FROM customers').get()?.n)).toBe(100);
  });

  it('crosses to the worker by columns, its buffers handed over, and arrives as it was read', () => {
    // Two in three with an identity number; one with a phone number that is not text (read tolerantly).
    const customers: Customer[] = inCity(0, 'Kaduna').map((c, i) => {
      if (i === 4) return { ...c, phoneNumber: 42 } as unknown as Customer;
      if (i % 3 === 0) return c;
      const identity = { type: 'BVN', number: `221${String(i).padStart(8, '0')}` };
      return { ...c, individual: { ...c.individual!, identity } };
    });
    const page = readable(new PageReader(testSeal).read(body(customers), 0));
    expect(page.rows.filter((r) => r.identity === null)).toHaveLength(35);
    expect(page.rows.filter((r) => r.unreadable).map((r) => r.id)).toEqual([customers[4]!._id]);
    const expected = structuredClone(page);

    const sent = toSent(page);
    const buffers = buffersOf(sent);
    const arrived = readable(fromSent(structuredClone(sent, { transfer: buffers })));
    expect(buffers.every((b) => b.byteLength === 0)).toBe(true); // moved, not copied
    expect(arrived).toEqual(expected);

    write(null, 0, arrived);
    const reader = new CustomerReader(openReader(file), testSeal);
    expect(reader.get(customers[1]!._id)).toEqual(customers[1]);
    expect(reader.get(customers[3]!._id)?.individual?.identity).toBeUndefined();
    expect(reader.get(customers[4]!._id)?.phoneNumber).toBeUndefined();
    reader.close();
  });
});
