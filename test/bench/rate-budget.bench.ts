// The operator first under a rate limit: the local sandbox at 600 requests a minute, a customer sync of
// up to 100,000 customers from an empty cache (more than one window of requests, so it pauses for the
// reset), list calls made while it runs and while it is paused, then a re-sync after 10 customers are
// added. Figures: the slowest list call during the sync, and the re-sync's GET /customers count.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backgroundClient } from '../../src-main/api/call-priority';
import { createCardApiClient } from '../../src-main/api/client';
import { openCustomerCache } from '../../src-main/cache/service';
import { startSandbox } from '../../src-main/sandbox';
import type { Benchmark } from './benchmark';
import { testCacheKeys } from '../support/cache-keys';

const MAX_CUSTOMERS = 100_000;
/** When the list calls are made, in seconds into the sync (the first while it pages, the rest while it waits). */
const ASK_AT_S = [3, 8, 20, 40];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const rateBudgetBenchmark: Benchmark = {
  name: 'rate-budget',
  async run({ customers, print }) {
    const count = Math.min(customers, MAX_CUSTOMERS);
    const sandbox = await startSandbox({ customers: count, rateLimit: { limit: 600, windowMs: 60_000 } });
    const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
    const folder = mkdtempSync(join(tmpdir(), 'card-desk-rate-bench-'));
    const cache = await openCustomerCache({
      folder,
      environmentId: 'bench',
      keys: testCacheKeys,
      api: backgroundClient(api),
      emit: () => {},
    });
    try {
      const started = performance.now();
      const sync = cache.sync();
      const waits: number[] = [];
      for (const at of ASK_AT_S) {
        await sleep(Math.max(0, at * 1000 - (performance.now() - started)));
        const paused = api.budget!.backgroundWait() !== null;
        const t = performance.now();
        const answer = await api.listAccounts({});
        const ms = performance.now() - t;
        if (!answer.ok) throw new Error(answer.error.message);
        waits.push(ms);
        print(`list call ${at} s into the sync (sync ${paused ? 'paused' : 'paging'}): ${ms.toFixed(1)} ms`);
      }
      const synced = await sync;
      if (!synced.ok || synced.data.phase !== 'done') throw new Error('the sync did not complete');
      const syncS = (performance.now() - started) / 1000;
      print(`sync of ${count.toLocaleString('en')} customers at 600 requests a minute: ${syncS.toFixed(1)} s`);

      sandbox.customers.add(10);
      sandbox.clearRequests();
      const again = await cache.sync();
      if (!again.ok || again.data.phase !== 'done') throw new Error('the re-sync did not complete');
      const requests = sandbox.requests().filter((r) => r.endpoint === 'GET /customers').length;
      print(`re-sync after 10 added: ${requests} GET /customers, ${again.data.customers.toLocaleString('en')} cached`);
      if (again.data.customers !== count + 10) throw new Error('the re-sync missed customers');
      return { interactive_wait_ms_during_sync: Math.max(...waits), resync_requests_10_new: requests };
    } finally {
      await cache.close();
      await sandbox.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
