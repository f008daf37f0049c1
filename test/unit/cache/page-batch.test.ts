// Synced pages held for one transaction in the cache worker, on a real SQLite file: answered only once
// committed, committed at once when no page follows, all or none when one fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchedPage, PageStored } from '../../../src-main/cache/sync/customer-page';
import { CustomerStore } from '../../../src-main/cache/store/customer-store';
import { WRITER_CACHE_KB, openReader, openWriter } from '../../../src-main/cache/store/database';
import { PageBatch } from '../../../src-main/cache/sync/page-batch';
import { type PreparedPage, PageReader } from '../../../src-main/cache/sync/page-reader';
import { fillerCustomers, pages } from '../../support/generated-customers';
import { testSeal } from '../../support/cache-keys';

let dir: string;
let file: string;
let db: DatabaseSync;
let answers: { id: number; stored?: PageStored; error?: unknown }[];
let batch: PageBatch;
let idles: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-batch-'));
  file = join(dir, 'customers.sqlite');
  db = openWriter(file, testSeal).db;
  const store = new CustomerStore(db, testSeal);
  answers = [];
  idles = 0;
  // The page reader as its thread runs it, here on this one (page-reader-thread.ts is tested with the worker).
  const reader = new PageReader(testSeal);
  batch = new PageBatch({
    store: () => store,
    maxPages: () => 3,
    read: async (page, body) => reader.read(body, page),
    answer: (id, stored) => answers.push({ id, stored }),
    fail: (id, error) => answers.push({ id, error }),
    idle: () => {
      idles++;
      store.endBulk();
    },
  });
});
afterEach(() => {
  batch.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const body = (data: unknown[]) =>
  new Uint8Array(
    Buffer.from(JSON.stringify({ statusCode: 200, data, pagination: { pages: 9, page: 0, limit: 100, total: 900 } })),
  );
const customerPages = pages(fillerCustomers(0, 900));
const fetched = (page: number, moreComing: boolean, generation: number | null = 1): FetchedPage => ({
  generation: page === 0 ? null : generation,
  page,
  body: body(customerPages[page]!),
  moreComing,
});
/** Customers another connection sees: only committed ones. */
const committed = () => {
  const reader = openReader(file);
  try {
    return Number(reader.prepare('SELECT count(*) AS n FROM customers').get()?.n);
  } finally {
    reader.close();
  }
};

describe('pages stored in one transaction', () => {
  it('answers held pages only once the batch is full and committed', async () => {
    await batch.add(1, fetched(0, true));
    await batch.add(2, fetched(1, true));
    expect(answers).toEqual([]);
    expect(committed()).toBe(0);
    await batch.add(3, fetched(2, true));
    expect(answers.map((a) => [a.id, a.stored?.readable && a.stored.customersDone])).toEqual([
      [1, 100],
      [2, 200],
      [3, 300],
    ]);
    expect(committed()).toBe(300);
  });

  it('commits at once a page no other follows, and before any other use of the cache', async () => {
    await batch.add(1, fetched(0, false));
    expect(answers.map((a) => a.id)).toEqual([1]);
    expect(committed()).toBe(100);
    await batch.add(2, fetched(1, true));
    expect(committed()).toBe(100);
    batch.commit();
    expect(answers.map((a) => a.id)).toEqual([1, 2]);
    expect(committed()).toBe(200);
  });

  it('writes with the resting page cache, and says so once no page comes after a commit', async () => {
    const cacheKb = () => -Number(db.prepare('PRAGMA cache_size').get()?.cache_size);
    expect(cacheKb()).toBe(WRITER_CACHE_KB);
    await batch.add(1, fetched(0, true));
    expect(cacheKb()).toBe(WRITER_CACHE_KB);
    await batch.add(2, fetched(1, false));
    expect(committed()).toBe(200);
    expect(idles).toBe(0);
    await vi.waitFor(() => expect(idles).toBe(1), { timeout: 30_000 });
    expect(cacheKb()).toBe(WRITER_CACHE_KB);
  });

  it('stores none of a batch when one page fails, and fails every page in it', async () => {
    await batch.add(1, fetched(0, true));
    await batch.add(2, fetched(1, true));
    await batch.add(3, fetched(5, true)); // out of order: the store refuses it
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3]);
    for (const a of answers) expect(String(a.error)).toMatch(/Page 5 of sync 1 is out of order/);
    expect(committed()).toBe(0);
    // The cache is usable again: the sync starts over.
    answers = [];
    await batch.add(4, fetched(0, false));
    expect(answers[0]?.stored).toMatchObject({ readable: true, customersDone: 100 });
  });

  it('commits the pages before an unreadable one and stores nothing of it', async () => {
    await batch.add(1, fetched(0, true));
    await batch.add(2, { generation: 1, page: 1, body: new Uint8Array(Buffer.from('<html>')), moreComing: true });
    expect(answers).toEqual([
      { id: 1, stored: expect.objectContaining({ readable: true, customersDone: 100 }) },
      { id: 2, stored: { readable: false } },
    ]);
    expect(committed()).toBe(100);
  });
});

describe('pages read off the writing thread', () => {
  /** A batch whose reads answer when the test says, in any order. */
  function batchWithHeldReads(store: CustomerStore) {
    const reader = new PageReader(testSeal);
    const reads = new Map<number, () => void>();
    const held = new PageBatch({
      store: () => store,
      maxPages: () => 10,
      read: (page, body) =>
        new Promise<PreparedPage>((resolve) => reads.set(page, () => resolve(reader.read(body, page)))),
      answer: (id, stored) => answers.push({ id, stored }),
      fail: (id, error) => answers.push({ id, error }),
      idle: () => undefined,
    });
    return { held, release: (page: number) => reads.get(page)!() };
  }

  it('writes pages in the order they came, whichever is read first', async () => {
    const { held, release } = batchWithHeldReads(new CustomerStore(db, testSeal));
    const added = [held.add(1, fetched(0, true)), held.add(2, fetched(1, true)), held.add(3, fetched(2, false))];
    release(2);
    release(1);
    release(0);
    await Promise.all(added);
    expect(answers.map((a) => [a.id, a.stored?.readable && a.stored.customersDone])).toEqual([
      [1, 100],
      [2, 200],
      [3, 300],
    ]);
    expect(committed()).toBe(300);
    held.close();
  });

  it('stores no page read for a cache that was closed meanwhile', async () => {
    const { held, release } = batchWithHeldReads(new CustomerStore(db, testSeal));
    const first = held.add(1, fetched(0, false));
    held.close();
    release(0);
    await first;
    expect(answers).toEqual([{ id: 1, error: expect.objectContaining({ message: expect.stringMatching(/closed/) }) }]);
    expect(committed()).toBe(0);
  });

  it('keeps the pages before one that could not be read, and fails that one', async () => {
    const store = new CustomerStore(db, testSeal);
    const reader = new PageReader(testSeal);
    const failing = new PageBatch({
      store: () => store,
      maxPages: () => 10,
      read: async (page, body) => {
        if (page === 1) throw new Error('The page reader stopped (exit code 1).');
        return reader.read(body, page);
      },
      answer: (id, stored) => answers.push({ id, stored }),
      fail: (id, error) => answers.push({ id, error }),
      idle: () => undefined,
    });
    await failing.add(1, fetched(0, true));
    await failing.add(2, fetched(1, true));
    expect(answers.map((a) => [a.id, a.stored?.readable ?? String(a.error)])).toEqual([
      [1, true],
      [2, 'Error: The page reader stopped (exit code 1).'],
    ]);
    expect(committed()).toBe(100);
    failing.close();
  });
});
