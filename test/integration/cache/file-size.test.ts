// The cache file's size at 100,000 customers, synced from the real sandbox as the app syncs (page reader,
// cache worker, first fill): bytes per customer, a size and not a time, so that a change that makes the
// file grow is caught when it is written. 1,000,000 customers came to 555.8 MB when records held every field
// and groups their id list beside them uncompressed (599.7 bytes a customer at 100,000); with each group's
// ids sealed inside it and its plain text deflated, to 476 bytes a customer at 100,000 (docs/benchmarks.md).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_FILE_NAME } from '../../../src-main/cache/service';
import { cacheOnSandbox, type CacheOnSandbox } from './cache-fixture';

const CUSTOMERS = 100_000;
/** Bytes a customer at most: today's 476 and a little room for the page layout's play. */
const MAX_BYTES_PER_CUSTOMER = 490;

describe('the cache file at 100,000 customers', () => {
  let rig: CacheOnSandbox | undefined;
  afterAll(async () => {
    await rig?.close();
  });

  it(`takes at most ${MAX_BYTES_PER_CUSTOMER} bytes a customer, its records sealed in compressed groups`, async () => {
    rig = await cacheOnSandbox({
      customers: CUSTOMERS,
      rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    });
    const synced = await rig.cache.sync();
    expect(synced.ok && synced.data).toMatchObject({ phase: 'done', customers: CUSTOMERS });
    await rig.cache.close();
    const file = join(rig.folder, CACHE_FILE_NAME);
    const perCustomer = statSync(file).size / CUSTOMERS;
    // Every group is in the compressed form: none keeps its id list beside it.
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const groups = db.prepare('SELECT count(*) AS n, count(ids) AS beside FROM sealed_records').get()!;
      expect(Number(groups.n)).toBeGreaterThan(CUSTOMERS / 25);
      expect(groups.beside).toBe(0);
    } finally {
      db.close();
    }
    expect(perCustomer).toBeGreaterThan(100);
    expect(perCustomer).toBeLessThanOrEqual(MAX_BYTES_PER_CUSTOMER);
  }, 600_000);
});
