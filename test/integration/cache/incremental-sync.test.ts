// Re-syncing only what changed, proved by the sandbox's request log: customers added at either end of
// the list cost the pages they landed on, a shuffled or shrunk list brings a full sweep, an interrupted
// re-sync resumes at the first page not stored, and full sweeps still run on demand and on schedule.
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../../src-main/sandbox/handle';
import { allCustomers, cacheOnSandbox, customerPagesRequested, until, untilSandboxQuiet } from './cache-fixture';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(customers: number, options: SandboxOptions = {}) {
  let clock = Date.now();
  const rig = await cacheOnSandbox({ customers, seed: 11, ...options }, { now: () => new Date(clock) });
  cleanups.push(rig.close);
  const first = await rig.cache.sync();
  expect(first.ok && first.data.phase).toBe('done');
  rig.sandbox.clearRequests();
  return { ...rig, advanceHours: (h: number) => (clock += h * 3_600_000) };
}

/** Every customer the service lists is in the cache, and nothing else. */
async function expectCacheMatchesService(
  cache: Awaited<ReturnType<typeof setup>>['cache'],
  api: Awaited<ReturnType<typeof setup>>['api'],
) {
  const listed = await allCustomers(api);
  expect((await cache.status()).customers).toBe(listed.length);
  for (const c of [listed[0]!, listed[Math.floor(listed.length / 2)]!, listed.at(-1)!])
    expect((await cache.get(c._id))?._id).toBe(c._id);
}

const pages = (sandbox: Awaited<ReturnType<typeof setup>>['sandbox']) =>
  customerPagesRequested(sandbox).map((p) => p.page);
/** Pages a sweep fetched, in page order: several are in flight at once, and the log has them as they ended. */
const inPageOrder = (list: number[]) => [...list].sort((a, b) => a - b);
/** The first page asked alone (the re-sync's look at the list), then the sweep's pages in page order. */
const probeThenSweep = (list: number[]) => [list[0], ...inPageOrder(list.slice(1))];

describe('incremental re-sync', () => {
  it('oldest first: 10 customers added at the end cost the last cached page and the new one', async () => {
    const { sandbox, api, cache } = await setup(1_000);
    sandbox.customers.add(10);
    const again = await cache.sync();
    expect(again.ok && again.data).toMatchObject({ phase: 'done', customers: 1_010 });
    expect(pages(sandbox)).toEqual([9, 10]);
    sandbox.clearRequests();
    await expectCacheMatchesService(cache, api);

    // Added onto a part-filled last page: that one page.
    sandbox.clearRequests();
    sandbox.customers.add(5);
    const third = await cache.sync();
    expect(third.ok && third.data.customers).toBe(1_015);
    expect(pages(sandbox)).toEqual([10]);
  });

  it('newest first: 10 customers added at the start cost page 0 alone', async () => {
    const { sandbox, api, cache } = await setup(1_000, { customerOrder: 'newest-first' });
    sandbox.customers.add(10);
    const again = await cache.sync();
    expect(again.ok && again.data).toMatchObject({ phase: 'done', customers: 1_010 });
    expect(pages(sandbox)).toEqual([0]);
    sandbox.clearRequests();
    await expectCacheMatchesService(cache, api);

    // Nothing new: page 0 is asked with its ETag and comes back 304.
    sandbox.clearRequests();
    const unchanged = await cache.sync();
    expect(unchanged.ok && unchanged.data.phase).toBe('unchanged');
    expect(customerPagesRequested(sandbox)).toEqual([{ page: 0, status: 304 }]);
  });

  it('a shuffled list (its order changed) brings a full sweep', async () => {
    const { sandbox, api, cache } = await setup(650);
    sandbox.customers.setOrder('newest-first');
    const again = await cache.sync();
    expect(again.ok && again.data).toMatchObject({ phase: 'done', customers: 650 });
    // The last page did not hold the cached ids, so every page was fetched again.
    expect(probeThenSweep(pages(sandbox))).toEqual([6, ...Array(7).keys()]);
    sandbox.clearRequests();
    await expectCacheMatchesService(cache, api);
    // The sweep learned the new order: the next customers added cost page 0.
    sandbox.clearRequests();
    sandbox.customers.add(3);
    await cache.sync();
    expect(pages(sandbox)).toEqual([0]);
  });

  it('a shrunk list brings a full sweep that removes the customers gone', async () => {
    const { sandbox, api, cache } = await setup(650);
    sandbox.customers.removeNewest(30);
    const again = await cache.sync();
    expect(again.ok && again.data).toMatchObject({ phase: 'done', customers: 620 });
    expect(probeThenSweep(pages(sandbox))).toEqual([6, ...Array(7).keys()]);
    sandbox.clearRequests();
    await expectCacheMatchesService(cache, api);
  });

  it('an interrupted re-sync resumes at the first page not stored', async () => {
    const { sandbox, api, cache, events } = await setup(1_000);
    sandbox.customers.add(450); // pages 9 to 14
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 150 });
    events.length = 0;
    const first = cache.sync();
    await until(() => events.some((e) => e.phase === 'paging' && e.pagesDone >= 2));
    cache.cancelSync();
    const cancelled = await first;
    expect(cancelled.ok && cancelled.data.phase).toBe('cancelled');
    await untilSandboxQuiet(sandbox);
    const before = customerPagesRequested(sandbox).filter((p) => p.status === 200);
    const resumeAt = (await cache.status()).resumeFromPage!;
    expect(resumeAt).toBeGreaterThan(9);
    expect(resumeAt).toBeLessThan(15);
    sandbox.faults.clear();
    sandbox.clearRequests();
    const resumed = await cache.sync();
    expect(resumed.ok && resumed.data).toMatchObject({ phase: 'done', customers: 1_450 });
    // Only the pages not stored, in order: nothing stored was fetched again.
    expect(inPageOrder(pages(sandbox))).toEqual(Array.from({ length: 15 - resumeAt }, (_, i) => resumeAt + i));
    expect(before.map((p) => p.page)).toContain(9);
    sandbox.clearRequests();
    await expectCacheMatchesService(cache, api);
    // And the shape it left is right: 10 more at the end cost the one page they land on.
    sandbox.clearRequests();
    sandbox.customers.add(10);
    await cache.sync();
    expect(pages(sandbox)).toEqual([14]);
  });

  it('runs a full sweep on demand and once the sweep interval has passed', async () => {
    const { sandbox, cache, advanceHours } = await setup(450);
    const full = await cache.sync({ full: true });
    expect(full.ok && full.data.phase).toBe('done');
    expect(inPageOrder(pages(sandbox))).toEqual([0, 1, 2, 3, 4]);

    expect((await cache.status()).fullSweepHours).toBe(24);
    const status = await cache.setFullSweepHours(2);
    expect(status.fullSweepHours).toBe(2);
    sandbox.clearRequests();
    advanceHours(1);
    await cache.sync();
    expect(pages(sandbox)).toEqual([4]); // not yet due
    sandbox.clearRequests();
    advanceHours(1.5);
    await cache.sync();
    expect(inPageOrder(pages(sandbox))).toEqual([0, 1, 2, 3, 4]);
    expect(Date.parse((await cache.status()).lastFullSweepAt!)).toBeGreaterThan(Date.now() + 2 * 3_600_000);
    await expect(cache.setFullSweepHours(0)).rejects.toThrow(/hours/);
  });
});
