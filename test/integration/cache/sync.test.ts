// Syncing from the real sandbox: progress, the 304 path, one sync at a time, cancel and resume, pruning.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncProgressSchema, type SyncProgress } from '../../../src-shared/ipc/channels/customers';
import { UNREADABLE_RESPONSE } from '../../../src-main/api/failures';
import {
  cacheOnSandbox,
  customerPagesRequested,
  openCache,
  sandboxWithClient,
  temporaryFolder,
  until,
  untilSandboxQuiet,
} from './cache-fixture';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(customers: number, seed = 3) {
  const rig = await cacheOnSandbox({ customers, seed });
  cleanups.push(rig.close);
  return rig;
}

function expectMonotonic(events: SyncProgress[]) {
  for (const e of events) expect(syncProgressSchema.safeParse(e).success).toBe(true);
  for (let i = 1; i < events.length; i++) {
    expect(events[i]!.pagesDone).toBeGreaterThanOrEqual(events[i - 1]!.pagesDone);
    expect(events[i]!.customers).toBeGreaterThanOrEqual(events[i - 1]!.customers);
  }
}

describe('customer sync', () => {
  it('pages through every customer at limit 100 and reports monotonic progress ending at 100%', async () => {
    const { sandbox, cache, events } = await setup(2_350);
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 15 });
    const result = await cache.sync();
    expect(result.ok && result.data).toMatchObject({
      phase: 'done',
      pagesDone: 24,
      totalPages: 24,
      customers: 2_350,
      etaMs: 0,
    });
    const pages = customerPagesRequested(sandbox);
    expect(pages.map((p) => p.page).sort((a, b) => a - b)).toEqual([...Array(24).keys()]);
    expect(sandbox.requests().every((r) => r.endpoint !== 'GET /customers' || r.url.includes('limit=100'))).toBe(true);

    expectMonotonic(events);
    expect(events[0]!.phase).toBe('starting');
    expect(events.at(-1)).toEqual(result.ok && result.data);
    expect(events.map((e) => e.phase)).toContain('pruning');
    const paging = events.filter((e) => e.phase === 'paging');
    expect(paging.length).toBeGreaterThan(0);
    expect(paging.length).toBeLessThan(24); // throttled, not one per page
    expect(paging.some((e) => e.totalPages === 24 && e.etaMs !== null && e.ratePerSecond > 0)).toBe(true);
    expect(await cache.status()).toMatchObject({ customers: 2_350, resumeFromPage: null, syncing: false });
  });

  it('asks with If-None-Match and treats 304 as unchanged', async () => {
    const { sandbox, cache, events } = await setup(450);
    await cache.sync();
    const firstSyncedAt = (await cache.status()).lastSyncedAt!;
    sandbox.clearRequests();
    events.length = 0;
    // The next sync's time must be a later millisecond than the first's.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(Date.parse(firstSyncedAt)), { timeout: 30_000 });
    const again = await cache.sync();
    expect(again.ok && again.data).toMatchObject({
      phase: 'unchanged',
      pagesDone: 5,
      totalPages: 5,
      customers: 450,
      ratePerSecond: 0,
    });
    // The list is oldest first: new customers would be on its last page, which is asked for with its ETag.
    expect(customerPagesRequested(sandbox)).toEqual([{ page: 4, status: 304 }]);
    expect(events.map((e) => e.phase)).toEqual(['starting', 'unchanged']);
    const status = await cache.status();
    expect(Date.parse(status.lastSyncedAt!)).toBeGreaterThan(Date.parse(firstSyncedAt));
    // A full sync ignores the ETag.
    sandbox.clearRequests();
    const full = await cache.sync({ full: true });
    expect(full.ok && full.data.phase).toBe('done');
    expect(customerPagesRequested(sandbox)).toHaveLength(5);
  });

  it('runs one sync at a time: a second request joins the running one', async () => {
    const { sandbox, cache } = await setup(800);
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 20 });
    const first = cache.sync();
    const second = cache.sync();
    expect((await cache.status()).syncing).toBe(true);
    expect(second).toBe(first);
    await first;
    expect(customerPagesRequested(sandbox).filter((p) => p.page === 0)).toHaveLength(1);
    expect((await cache.status()).syncing).toBe(false);
  });

  it('cancels, then resumes where it stopped', async () => {
    // Enough pages that the sync, with its pages in flight, is still running when cancelled.
    const { sandbox, cache, events } = await setup(6_000);
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 40 });
    const running = cache.sync();
    await until(() => events.some((e) => e.pagesDone >= 5));
    expect(cache.cancelSync()).toBe(true);
    const cancelled = await running;
    expect(cancelled.ok && cancelled.data.phase).toBe('cancelled');
    const stoppedAt = (await cache.status()).resumeFromPage!;
    expect(stoppedAt).toBeGreaterThanOrEqual(5);
    expect(stoppedAt).toBeLessThan(60);
    expect((await cache.status()).customers).toBe(stoppedAt * 100);
    expect(cache.cancelSync()).toBe(false);

    await untilSandboxQuiet(sandbox);
    sandbox.clearRequests();
    sandbox.faults.clear();
    events.length = 0;
    const resumed = await cache.sync();
    expect(resumed.ok && resumed.data).toMatchObject({ phase: 'done', pagesDone: 60, customers: 6_000 });
    const pages = customerPagesRequested(sandbox).map((p) => p.page);
    expect(Math.min(...pages)).toBe(stoppedAt);
    expect(pages).toHaveLength(60 - stoppedAt);
    expect(events[0]).toMatchObject({ phase: 'starting', pagesDone: stoppedAt, customers: stoppedAt * 100 });
    expectMonotonic(events);
    expect(await cache.status()).toMatchObject({ customers: 6_000, resumeFromPage: null });
  });

  it('a failed page stops the sync with the reason, and the next sync resumes after the pages stored', async () => {
    // Pages enough that, four at a time, the sync is still running when the fault is added.
    const { sandbox, cache } = await setup(4_000);
    // A few pages succeed, then the service refuses the key (not retried).
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 10 });
    const running = cache.sync();
    await until(() => customerPagesRequested(sandbox).filter((p) => p.status === 200).length >= 3);
    sandbox.faults.add({ kind: 'status', endpoint: 'GET /customers', status: 401 });
    const failed = await running;
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.error.kind).toBe('unauthorized');
    const status = await cache.status();
    expect(status.resumeFromPage).toBeGreaterThanOrEqual(3);
    expect(status.customers).toBe(status.resumeFromPage! * 100);
    sandbox.faults.clear();
    sandbox.clearRequests();
    const resumed = await cache.sync();
    expect(resumed.ok && resumed.data.customers).toBe(4_000);
    expect(Math.min(...customerPagesRequested(sandbox).map((p) => p.page))).toBe(status.resumeFromPage);
  });

  it('a page that is not the customer list stops the sync without storing it, and the next sync resumes at it', async () => {
    // Pages enough that, four at a time, the sync is still running when the fault is added.
    const { sandbox, cache } = await setup(4_000);
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 10 });
    const running = cache.sync();
    await until(() => customerPagesRequested(sandbox).filter((p) => p.status === 200).length >= 3);
    // A 2xx answer that is not the envelope: read in the cache worker, refused there, never retried.
    sandbox.faults.add({ kind: 'wrong_envelope', endpoint: 'GET /customers' });
    const failed = await running;
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.error).toMatchObject({ kind: 'server', message: UNREADABLE_RESPONSE });
    const status = await cache.status();
    expect(status.resumeFromPage).toBeGreaterThanOrEqual(3);
    expect(status.customers).toBe(status.resumeFromPage! * 100);
    const unreadable = customerPagesRequested(sandbox).filter(
      (p) => p.status === 200 && p.page >= status.resumeFromPage!,
    );
    expect(unreadable.length).toBeGreaterThan(0);

    sandbox.faults.clear();
    sandbox.clearRequests();
    const resumed = await cache.sync();
    expect(resumed.ok && resumed.data.customers).toBe(4_000);
    expect(Math.min(...customerPagesRequested(sandbox).map((p) => p.page))).toBe(status.resumeFromPage);
    expect((await cache.status()).customers).toBe(4_000);
    const all = await cache.search('', 1_000);
    expect(new Set(all.results.map((c) => c._id)).size).toBe(1_000);
  });

  it('sends its requests from the page reader thread: a reset connection is retried, and a cancel abandons a hung request', async () => {
    const { sandbox, cache } = await setup(500);
    sandbox.faults.add({ kind: 'reset', endpoint: 'GET /customers', count: 2 });
    const synced = await cache.sync();
    expect(synced.ok && synced.data).toMatchObject({ phase: 'done', customers: 500 });
    const statuses = customerPagesRequested(sandbox).map((p) => p.status);
    expect(statuses.filter((s) => s === 0)).toHaveLength(2);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);

    // A request that never answers: unless the cancel reaches the worker's request, the sync waits on it
    // until the test times out.
    sandbox.faults.clear();
    sandbox.faults.add({ kind: 'hang', endpoint: 'GET /customers' });
    const running = cache.sync({ full: true });
    await until(() => sandbox.requests().some((r) => r.endpoint === 'GET /customers' && r.fault === 'hang'));
    expect(cache.cancelSync()).toBe(true);
    const cancelled = await running;
    expect(cancelled.ok && cancelled.data.phase).toBe('cancelled');
  });

  it('a full resync removes customers the service no longer returns', async () => {
    const big = await sandboxWithClient({ customers: 1_000, seed: 21 });
    const small = await sandboxWithClient({ customers: 640, seed: 21 });
    const tmp = temporaryFolder();
    cleanups.push(
      () => big.sandbox.stop(),
      () => small.sandbox.stop(),
      tmp.remove,
    );

    const first = await openCache(tmp.folder, big.api);
    await first.cache.sync();
    const gone = (await first.cache.search('', 1_000)).results[900]!;
    expect((await first.cache.status()).customers).toBe(1_000);
    await first.cache.close();

    // The same folder, now synced from a service that has only the first 640 of those customers.
    const second = await openCache(tmp.folder, small.api);
    cleanups.push(() => second.cache.close());
    const result = await second.cache.sync();
    expect(result.ok && result.data).toMatchObject({ phase: 'done', customers: 640 });
    expect((await second.cache.status()).customers).toBe(640);
    expect(await second.cache.get(gone._id)).toBeNull();
    expect((await second.cache.search(gone._id)).results).toEqual([]);
    expect((await second.cache.search('', 1_000)).total).toBe(640);
  });

  it('syncs on the schedule the user sets, and remembers it', async () => {
    const { sandbox, api, folder, cache } = await setup(200);
    const minuteMs = 150;
    await cache.close();
    const scheduled = await openCache(folder, api, { minuteMs });
    cleanups.push(() => scheduled.cache.close());
    const status = await scheduled.cache.setSchedule(1);
    expect(status.scheduleMinutes).toBe(1);
    await until(() => scheduled.events.some((e) => e.phase === 'done'), 60_000);
    await until(() => scheduled.events.filter((e) => e.phase === 'unchanged').length >= 1, 60_000);
    await scheduled.cache.close();

    const reopened = await openCache(folder, api, { minuteMs });
    cleanups.push(() => reopened.cache.close());
    expect((await reopened.cache.status()).scheduleMinutes).toBe(1);
    const before = customerPagesRequested(sandbox).length;
    await until(() => customerPagesRequested(sandbox).length > before, 60_000);
    await reopened.cache.setSchedule(0);
    expect((await reopened.cache.status()).scheduleMinutes).toBe(0);
  });
});
