// The cache worker rests while idle and starts again for the next write (src-main/cache/threads/writer-rest.ts):
// its thread really ends, searches and the cache's status go on without it, a write after the rest is
// done by a fresh worker without a word of restart, and a sync waiting between its pages is never cut.
// Real worker threads, a real SQLite file, the sandbox over HTTP.
import { readdirSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import type { Logger } from '../../../src-main/ports/ports';
import { cacheOnSandbox, type CacheOnSandbox } from './cache-fixture';

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
