// A damaged cache file is set aside and rebuilt (the user is told); a full disk leaves the cache as it was.
import { rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_FILE_NAME } from '../../../src-main/cache/service';
import { openCache, overwrite, sandboxWithClient, setAside, temporaryFolder, until } from './cache-fixture';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function syncedFolder(customers: number) {
  const { sandbox, api } = await sandboxWithClient({ customers, seed: 9 });
  const tmp = temporaryFolder();
  cleanups.push(() => sandbox.stop(), tmp.remove);
  const first = await openCache(tmp.folder, api);
  const synced = await first.cache.sync();
  expect(synced.ok).toBe(true);
  const sample = (await first.cache.search('', 1)).results[0]!;
  await first.cache.close(); // checkpoints: every page is in the main file now
  return { sandbox, api, folder: tmp.folder, file: join(tmp.folder, CACHE_FILE_NAME), sample };
}

describe('a damaged cache file', () => {
  it('that cannot be opened is moved aside, the user is told, and it is rebuilt from the service', async () => {
    const { api, folder, file, sample } = await syncedFolder(600);
    overwrite(file, 0, 100); // the header: "file is not a database"

    const { cache, events } = await openCache(folder, api);
    cleanups.push(() => cache.close());
    const status = await cache.status();
    expect(status.notice).toMatch(/could not be read/);
    expect(status.notice).toMatch(/rebuilt/);
    expect(setAside(folder)).toHaveLength(1);
    expect(status.notice).toContain(setAside(folder)[0]);

    await until(() => events.some((e) => e.phase === 'done'));
    expect((await cache.status()).customers).toBe(600);
    expect((await cache.search(sample.emailAddress!)).results.map((c) => c._id)).toEqual([sample._id]);
  });

  it('emptied to 0 bytes is set aside with a notice, rebuilt, and only the newest damaged copy is kept', async () => {
    const { sandbox, api, folder, file } = await syncedFolder(200);
    // An older damaged copy from before.
    writeFileSync(`${file}.corrupt-2020-01-01T00-00-00-000Z`, 'old');
    for (const suffix of ['-wal', '-shm']) rmSync(file + suffix, { force: true });
    truncateSync(file, 0);
    // The first rebuild fails: every damaged copy is kept until one has worked.
    sandbox.faults.add({ kind: 'status', status: 400, endpoint: 'GET /customers' });

    const { cache, events } = await openCache(folder, api);
    cleanups.push(() => cache.close());
    const status = await cache.status();
    expect(status.notice).toMatch(/^The customer cache was empty: its file had been emptied\./);
    await until(() => events.some((e) => e.phase === 'failed'));
    expect(setAside(folder)).toHaveLength(2);
    const newest = setAside(folder).find((f) => !f.includes('2020-01-01'))!;
    expect(status.notice).toContain(newest);

    sandbox.faults.clear();
    const rebuilt = await cache.sync();
    expect(rebuilt.ok && rebuilt.data).toMatchObject({ phase: 'done', customers: 200 });
    expect(setAside(folder)).toEqual([newest]);
  });

  it('found damaged while searching is moved aside and rebuilt, and the search answers from the fresh cache', async () => {
    const { api, folder, file, sample } = await syncedFolder(600);
    const peek = new DatabaseSync(file, { readOnly: true });
    const root = Number(peek.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'customers'").get()?.rootpage);
    const pageSize = Number(peek.prepare('PRAGMA page_size').get()?.page_size);
    peek.close();
    overwrite(file, (root - 1) * pageSize, pageSize); // the customers table only: opening still works

    const { cache, events } = await openCache(folder, api);
    cleanups.push(() => cache.close());
    expect((await cache.status()).notice).toBeNull();
    const during = await cache.search('');
    expect(during.total).toBe(0); // the fresh cache, not an error
    expect((await cache.status()).notice).toMatch(/malformed/);
    expect(setAside(folder)).toHaveLength(1);
    await until(() => events.some((e) => e.phase === 'done'));
    expect((await cache.search(sample._id)).results.map((c) => c._id)).toEqual([sample._id]);
  });
});

describe('a full disk', () => {
  it('fails the sync clearly and leaves the cache as it was; a later sync continues', async () => {
    const { sandbox, api } = await sandboxWithClient({ customers: 3_000, seed: 13 });
    const tmp = temporaryFolder();
    cleanups.push(() => sandbox.stop(), tmp.remove);
    const capped = await openCache(tmp.folder, api, { maxSizeBytes: 1_200_000 });
    const result = await capped.cache.sync();
    expect(result.ok).toBe(false);
    const status = await capped.cache.status();
    // The message says what is so: the customers kept, and the page the next sync resumes from.
    expect(!result.ok && result.error.message).toBe(
      `The disk is full, so the sync stopped. ${status.customers.toLocaleString('en-US')} customers are kept in the customer cache and search covers them; free some space and the next sync resumes from page ${status.resumeFromPage! + 1}.`,
    );
    expect(capped.events.at(-1)).toMatchObject({ phase: 'failed' });
    expect(status.resumeFromPage).toBeGreaterThan(0);
    expect(status.customers).toBe(status.resumeFromPage! * 100);
    expect((await capped.cache.search('', 5)).results).toHaveLength(5);
    await capped.cache.close();

    const db = new DatabaseSync(join(tmp.folder, CACHE_FILE_NAME));
    expect(Number(db.prepare('SELECT count(*) AS n FROM customers').get()?.n)).toBe(status.customers);
    // The full-text indexes hold exactly those rows' words (checked against the customers table).
    for (const index of ['customer_names', 'customer_phones']) {
      expect(() => db.exec(`INSERT INTO ${index} (${index}, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    }
    db.close();

    const roomy = await openCache(tmp.folder, api);
    cleanups.push(() => roomy.cache.close());
    const resumed = await roomy.cache.sync();
    expect(resumed.ok && resumed.data).toMatchObject({ phase: 'done', customers: 3_000 });
    expect(roomy.events[0]).toMatchObject({ phase: 'starting', pagesDone: status.resumeFromPage });
  });
});
