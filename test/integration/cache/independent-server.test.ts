// Against a server written apart from the sandbox (test/support/independent-api.ts): 6,000 customers and
// 30 requests a 20 s window. A list call made during the customer sync is served in the window it was
// asked in, before the sync's next page; after 10 customers are added at the end, a re-sync sends at
// most 6 GET /customers and the cache holds 6,010. The server and the client share a clock the test
// moves on: a window is far longer than the pages sent in it take on a loaded machine, and the waits for
// the next window are skipped rather than slept through.
import { afterEach, describe, expect, it } from 'vitest';
import { backgroundClient } from '../../../src-main/api/call-priority';
import { createCardApiClient } from '../../../src-main/api/client';
import { startIndependentApi } from '../../support/independent-api';
import { skipBudgetWaits, testClock } from '../support/test-clock';
import { openCache, temporaryFolder, until } from './cache-fixture';

/** Pages a sync keeps in flight: set here, so what may already be on its way when a 429 comes is known. */
const PAGES_IN_FLIGHT = 2;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('an independent server with 6,000 customers and 30 requests a window', () => {
  it('answers a list call during the sync at once, and re-syncs 10 new customers in a few requests', async () => {
    const clock = testClock();
    const server = await startIndependentApi({ customers: 6_000, limit: 30, windowMs: 20_000, now: clock.now });
    const api = createCardApiClient({ baseUrl: server.url, getKey: async () => server.key, now: clock.now });
    const tmp = temporaryFolder();
    const { cache } = await openCache(tmp.folder, backgroundClient(api), { pageConcurrency: PAGES_IN_FLIGHT });
    cleanups.push(server.stop, tmp.remove, () => cache.close());

    const sync = cache.sync();
    // Some way into the sync, with its window's share of requests spent.
    await until(() => api.budget!.backgroundWait() !== null);
    // Pages already on their way have been answered.
    await until(() => api.budget!.sending === 0);
    expect(api.budget!.backgroundWait()).not.toBeNull();
    expect(server.log.filter((r) => r.path === '/customers').length).toBeGreaterThan(0);
    // The window cannot turn while the operator's call is made, however long the machine takes.
    clock.hold();
    const window = server.currentWindow();
    const asked = server.log.length;
    const accounts = await api.listAccounts({});
    expect(accounts.ok).toBe(true);
    const served = server.log.slice(asked).find((r) => r.path === '/accounts')!;
    expect(served).toMatchObject({ status: 200, window });
    expect(server.log.slice(asked).findIndex((r) => r.path === '/accounts')).toBe(0);

    clock.resume();
    cleanups.push(skipBudgetWaits(api.budget!, clock));
    const done = await sync;
    expect(done.ok && done.data).toMatchObject({ phase: 'done', customers: 6_000 });
    expect(server.log.filter((r) => r.status === 429)).toEqual([]);

    server.addCustomers(10);
    const before = server.log.length;
    const again = await cache.sync();
    expect(again.ok && again.data).toMatchObject({ phase: 'done', customers: 6_010 });
    const requests = server.log.slice(before).filter((r) => r.path === '/customers');
    expect(requests.length).toBeLessThanOrEqual(6);
    // Page 0's ETag did not change (its customers did not), so it proves nothing here: the last page is asked.
    expect(requests.map((r) => [r.page, r.status])).toEqual([
      [59, 304],
      [60, 200],
    ]);
    expect((await cache.status()).customers).toBe(6_010);
    expect((await cache.search('Customer 6009')).results.map((c) => c.name)).toContain('Customer 6009');
  });

  it('without rate-limit headers, the sync learns the limit from a 429 and stops running into it', async () => {
    const clock = testClock();
    const server = await startIndependentApi({
      customers: 4_000,
      ...{ limit: 30, windowMs: 30_000, rateHeaders: false, now: clock.now },
    });
    const api = createCardApiClient({ baseUrl: server.url, getKey: async () => server.key, now: clock.now });
    const tmp = temporaryFolder();
    const { cache } = await openCache(tmp.folder, backgroundClient(api), { pageConcurrency: PAGES_IN_FLIGHT });
    cleanups.push(server.stop, tmp.remove, () => cache.close(), skipBudgetWaits(api.budget!, clock));

    const done = await cache.sync();
    expect(done.ok && done.data).toMatchObject({ phase: 'done', customers: 4_000 });
    const limited = server.log.filter((r) => r.status === 429);
    // The client's first guess (60 a minute) runs into the server's 30 a window once, whatever the speed:
    // learned from the first (the pages in flight meet it too), the sync then kept under the limit.
    expect(limited.length, JSON.stringify(limited)).toBeGreaterThanOrEqual(1);
    expect(limited.length, JSON.stringify(limited)).toBeLessThanOrEqual(PAGES_IN_FLIGHT);
    // After a 429 nothing more went into that window but pages already on their way.
    for (const hit of limited) {
      const sameWindow = server.log.slice(server.log.indexOf(hit) + 1).filter((r) => r.window === hit.window);
      expect(sameWindow.length, JSON.stringify({ hit, sameWindow })).toBeLessThanOrEqual(PAGES_IN_FLIGHT - 1);
    }
    expect(api.rateLimit()).toBeNull(); // nothing to show the status bar: the server never said
  });
});
