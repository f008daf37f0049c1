// The network goes and comes back (the independent server stops, then starts again on the same port):
// the status bar says offline, then online again with no call from the operator (a background probe while
// offline), and the sync the outage stopped resumes at its next scheduled run from the page it reached.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppStatus } from '../../../src-shared/ipc/channels/settings';
import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';
import { backgroundClient } from '../../../src-main/api/call-priority';
import { CACHE_FILE_NAME, openCustomerCache } from '../../../src-main/cache/service';
import { KeytarSecretStore } from '../../../src-main/keychain/keytar-secret-store';
import { createLogger } from '../../../src-main/logging/logger';
import { createEnvironmentManager } from '../../../src-main/environments/environment-manager';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { requireTestKeychain } from './support';
import { testCacheKeys } from '../../support/cache-keys';

const CUSTOMERS = 3_000;
let server: IndependentApi;
let dataDir: string;
beforeAll(() => requireTestKeychain());
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const until = async (ok: () => boolean, what: string, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

it('says offline, then online again by itself, and the stopped sync resumes on its schedule', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-network-'));
  // Slow enough that the sync is still under way when the server stops: 20 requests a 400 ms window.
  const serverOptions = { customers: CUSTOMERS, limit: 20, windowMs: 400 };
  server = await startIndependentApi(serverOptions);
  const port = Number(new URL(server.url).port);
  const statuses: AppStatus[] = [];
  const manager = createEnvironmentManager({
    dataDir,
    secretStore: new KeytarSecretStore({ service: 'Card Desk network test' }),
    startLocalSandbox: () => Promise.reject(new Error('this test never starts the local sandbox')),
    emit: (name, payload) => {
      if (name === 'app.status') statuses.push(structuredClone(payload as AppStatus));
    },
    logger: createLogger({ file: join(dataDir, 'logs', 'main.log') }),
    client: {
      timeouts: { headersMs: 1_000, totalMs: 2_000 },
      retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 50, maxWaitMs: 3_000 },
    },
    reconnectProbeMs: 100,
  });
  const saved = await manager.save({ name: 'Independent', baseUrl: server.url });
  if (!saved.ok) throw new Error(saved.error.message);
  expect(await manager.setKey({ environmentId: saved.data.id, key: server.key })).toMatchObject({ ok: true });
  await manager.activate(saved.data.id);
  const { api } = await manager.active();

  const events: SyncProgress[] = [];
  const cache = await openCustomerCache({
    keys: testCacheKeys,
    folder: join(dataDir, 'cache'),
    environmentId: saved.data.id,
    api: backgroundClient(api),
    emit: (name, payload) => {
      if (name === 'customers.syncProgress') events.push(payload as SyncProgress);
    },
    minuteMs: 1_500,
  });
  try {
    const sync = cache.sync();
    await until(() => events.some((e) => e.phase === 'paging' && e.pagesDone >= 3), 'the sync is under way');
    await server.stop(); // the network goes
    const stopped = await sync;
    expect(stopped.ok).toBe(false);
    expect(!stopped.ok && stopped.error.kind).toMatch(/network|timeout/);
    expect(manager.status().connection).toBe('offline');
    const status = await cache.status();
    const reached = status.resumeFromPage!;
    expect(reached).toBeGreaterThan(0);
    expect(status.customers).toBe(reached * 100);
    // The stopped sync's customers are found by email at once: their emails' chunk was written when its
    // pages stopped, not left for the 100,000th customer or the end of the sync.
    const file = new DatabaseSync(join(dataDir, 'cache', CACHE_FILE_NAME), { readOnly: true });
    const indexed = () => Number(file.prepare('SELECT count(*) AS n FROM customer_emails').get()?.n);
    await until(() => indexed() >= status.customers, 'the stopped sync’s emails are indexed');
    file.close();
    const keptOne = server.customers[status.customers - 1]!;
    expect((await cache.search(keptOne.emailAddress)).results.map((c) => c._id)).toEqual([keptOne._id]);
    // The user's schedule: every (shortened) minute.
    await cache.setSchedule(1);
    const resumedFrom = events.length;

    const offlineAt = statuses.length;
    server = await startIndependentApi({ ...serverOptions, port }); // the network is back
    // The status bar is told, though the operator asked for nothing.
    await until(() => statuses.slice(offlineAt).some((s) => s.connection === 'online'), 'the status says online');
    // The next scheduled run resumes from the page the outage stopped at, and completes.
    await until(() => events.at(-1)?.phase === 'done', 'the scheduled sync completes', 30_000);
    expect(events.at(-1)).toMatchObject({ phase: 'done', customers: CUSTOMERS });
    // It started where the stopped one had reached (a page still on its way when the server stopped may
    // have been stored since), and asked for nothing before it; the probe asks for page 0 (one customer).
    const start = events.slice(resumedFrom).find((e) => e.phase === 'starting')!;
    expect(start.pagesDone).toBeGreaterThanOrEqual(reached);
    const pagesAsked = server.log.flatMap((r) => (r.path === '/customers' && r.page ? [r.page] : []));
    // Pages go four at a time, so they may arrive out of order: the lowest is the one it had reached.
    expect(Math.min(...pagesAsked)).toBe(start.pagesDone);
  } finally {
    await cache.close();
    await manager.delete(saved.data.id);
    await manager.dispose();
    await server.stop();
  }
}, 60_000);
