// The cache worker rests while idle and starts again for the next write (src-main/cache/threads/writer-rest.ts):
// its thread really ends, searches and the cache's status go on without it, a write after the rest is
// done by a fresh worker without a word of restart, and a sync waiting between its pages is never cut. A file
// damaged while the worker rests is set aside and refilled whether a write or a search finds it.
// Real worker threads, a real SQLite file, the sandbox over HTTP.
import { readdirSync, statSync, truncateSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, expect, it } from 'vitest';
import type { Logger } from '../../../src-main/ports/ports';
import { cacheOnSandbox, type CacheOnSandbox, overwrite, setAside } from './cache-fixture';

const RESTING = 'customer cache worker resting until the next write';
const RESTARTED = 'customer cache worker restarted';
const SYNC_ENDED = 'customer sync ended';

/** The process's threads (Linux): a worker's thread is one of them while it runs. */
const threads = (): number => readdirSync('/proc/self/task').length;

function messages(): { logger: Logger; said: string[] } {
  const said: string[] = [];
  const log = (_obj: object, msg?: string) => {
    if (msg) said.push(msg);
  };
  return { logger: { debug: log, info: log, warn: log, error: log }, said };
}

let rig: CacheOnSandbox | null = null;
afterEach(async () => {
  await rig?.close();
  rig = null;
});

it('rests once idle, with its thread; searches and the status go on, and the next write starts it again quietly', async () => {
  const { logger, said } = messages();
  rig = await cacheOnSandbox({ customers: 300 }, { writerRestMs: 200, logger });
  const synced = await rig.cache.sync();
  expect(synced.ok && synced.data.phase).toBe('done');
  const running = threads();

  await expect.poll(() => said.includes(RESTING), { timeout: 15_000 }).toBe(true);
  await expect.poll(threads, { timeout: 15_000 }).toBeLessThan(running);
  const atRest = threads();

  const listed = await rig.cache.searchListed('');
  expect({ shown: listed.results.length, total: listed.total }).toEqual({ shown: 50, total: 300 });
  const status = await rig.cache.status();
  expect({ customers: status.customers, syncing: status.syncing }).toEqual({ customers: 300, syncing: false });
  // Asking the status read the file on the search connection: no worker was started for it.
  expect(threads()).toBe(atRest);

  const saved = await rig.cache.setSchedule(30);
  expect(saved.scheduleMinutes).toBe(30);
  expect((await rig.cache.status()).scheduleMinutes).toBe(30);
  expect(said).not.toContain(RESTARTED);

  // The sync after the rest brings what the service added meanwhile.
  rig.sandbox.customers.add(40);
  const again = await rig.cache.sync();
  expect(again.ok && again.data.phase).toBe('done');
  expect((await rig.cache.status()).customers).toBe(340);
  expect(said).not.toContain(RESTARTED);
});

it('never rests under a sync that waits for its pages, however short its idle time', async () => {
  const { logger, said } = messages();
  rig = await cacheOnSandbox({ customers: 800 }, { writerRestMs: 20, pageConcurrency: 1, logger });
  // Each page takes longer than the rest's idle time: between them the worker has nothing to do.
  rig.sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 120 });
  const synced = await rig.cache.sync();
  expect(synced.ok && synced.data.phase).toBe('done');
  expect((await rig.cache.status()).customers).toBe(800);
  // It rested only once the sync was over.
  await expect.poll(() => said.includes(RESTING), { timeout: 15_000 }).toBe(true);
  expect(said.indexOf(RESTING)).toBeGreaterThan(said.indexOf(SYNC_ENDED));
  expect(said).not.toContain(RESTARTED);
});

/** A cache synced from 300 customers whose worker has rested; `said`: what it logged. */
async function restedCache(): Promise<{ rig: CacheOnSandbox; said: string[]; file: string }> {
  const { logger, said } = messages();
  const opened = await cacheOnSandbox({ customers: 300, seed: 5 }, { writerRestMs: 200, logger });
  rig = opened;
  const synced = await opened.cache.sync();
  expect(synced.ok && synced.data.phase).toBe('done');
  await expect.poll(() => said.includes(RESTING), { timeout: 15_000 }).toBe(true);
  return { rig: opened, said, file: opened.cache.file };
}

it('a file emptied while the worker rests is set aside by the next write, and searches move to the refilled one', async () => {
  const { rig: resting, said } = await restedCache();
  truncateSync(resting.cache.file, 0);

  const saved = await resting.cache.setSchedule(45);
  expect(saved.notice).toMatch(/^The customer cache was empty: its file had been emptied\./);
  expect(setAside(resting.folder)).toHaveLength(1);
  await expect
    .poll(
      async () => {
        const { customers, syncing, scheduleMinutes } = await resting.cache.status();
        return { customers, syncing, scheduleMinutes };
      },
      { timeout: 30_000 },
    )
    .toEqual({ customers: 300, syncing: false, scheduleMinutes: 45 });
  expect((await resting.cache.searchListed('')).total).toBe(300);
  expect(said).not.toContain(RESTARTED);
});

it('a file damaged while the worker rests is set aside whole when a search finds it, and refilled', async () => {
  const { rig: resting, file } = await restedCache();
  const peek = new DatabaseSync(file, { readOnly: true });
  const pageSize = Number(peek.prepare('PRAGMA page_size').get()?.page_size);
  const someone = String(peek.prepare('SELECT email FROM customers WHERE seq = 7').get()?.email);
  peek.close();
  const size = statSync(file).size;
  // Every page past the schema's: the file still opens, its rows no longer read.
  overwrite(file, 2 * pageSize, size - 2 * pageSize);

  const during = await resting.cache.searchListed(someone);
  expect(during.total).toBe(0); // the fresh cache, not an error
  expect((await resting.cache.status()).notice).toMatch(/could not be read/);
  // The copy set aside is the damaged file itself, not a fresh one a worker made of it.
  expect(setAside(resting.folder).map((name) => statSync(`${resting.folder}/${name}`).size)).toEqual([size]);
  await expect.poll(async () => (await resting.cache.searchListed(someone)).total, { timeout: 30_000 }).toBe(1);
});
