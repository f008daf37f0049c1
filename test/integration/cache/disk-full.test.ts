// The customer cache on a small filesystem of its own (small-disk.ts) that fills during a sync: the
// message says how many customers were kept, and it is so (the file holds that many, each found by
// search, email included, though no email chunk was due); freeing space heals it: the
// next sync resumes from the page the message names and completes.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backgroundClient } from '../../../src-main/api/call-priority';
import { createCardApiClient } from '../../../src-main/api/client';
import { CACHE_FILE_NAME } from '../../../src-main/cache/service';
import { startIndependentApi } from '../../support/independent-api';
import { openCache } from './cache-fixture';
import { mountSmallDisk, smallDiskUnavailable } from './small-disk';

const unavailable = smallDiskUnavailable();
if (unavailable) console.warn(`disk-full tests skipped: ${unavailable}`);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(unavailable !== null)('a disk that fills during a sync', () => {
  it('says how many customers were kept, which search finds by email, and resumes once space is freed', async () => {
    const server = await startIndependentApi({ customers: 8_000, customerStyle: 'people' });
    cleanups.push(server.stop);
    const disk = mountSmallDisk(1_500_000);
    cleanups.push(() => disk.remove());
    const api = createCardApiClient({ baseUrl: server.url, getKey: async () => server.key });
    const { cache, events } = await openCache(disk.folder, backgroundClient(api), { pageConcurrency: 2 });
    cleanups.push(() => cache.close());

    const result = await cache.sync();
    expect(result.ok).toBe(false);
    const message = !result.ok ? result.error.message : '';
    const said =
      /^The disk is full, so the sync stopped\. ([\d,]+) customers are kept in the customer cache and search covers them; free some space and the next sync resumes from page ([\d,]+)\.$/.exec(
        message,
      );
    expect(said, message).not.toBeNull();
    const kept = Number(said![1]!.replaceAll(',', ''));
    const resumePage = Number(said![2]!.replaceAll(',', ''));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(8_000);
    expect(events.at(-1)).toMatchObject({ phase: 'failed', message });

    // What the message claims: that many customers are in the file, and the sync resumes at that page.
    const status = await cache.status();
    expect(status.customers).toBe(kept);
    expect(status.resumeFromPage).toBe(resumePage - 1);
    const db = new DatabaseSync(join(disk.folder, CACHE_FILE_NAME), { readOnly: true });
    expect(Number(db.prepare('SELECT count(*) AS n FROM customers').get()?.n)).toBe(kept);
    db.close();
    // Every kept customer is found by email: their emails' chunk is written when the pages stop or, where
    // the full disk refuses even that, read from the rows themselves.
    for (const c of [server.customers[0]!, server.customers[Math.floor(kept / 2)]!, server.customers[kept - 1]!]) {
      const found = await cache.search(c.emailAddress);
      expect(
        found.results.map((r) => r._id),
        c.emailAddress,
      ).toContain(c._id);
    }
    // A customer the sync did not reach is not claimed.
    expect((await cache.search(server.customers[7_999]!.emailAddress)).results).toEqual([]);

    // Space freed: the next sync resumes from the page named and completes.
    disk.resize(64_000_000);
    const before = server.log.length;
    const resumed = await cache.sync();
    expect(resumed.ok && resumed.data).toMatchObject({ phase: 'done', customers: 8_000 });
    const firstAsked = server.log.slice(before).find((r) => r.path === '/customers');
    expect(firstAsked?.page).toBe(resumePage - 1);
    expect((await cache.search(server.customers[7_999]!.emailAddress)).results.map((r) => r._id)).toEqual([
      server.customers[7_999]!._id,
    ]);
  }, 60_000);
});
