// A batch belongs to the environment it started in. Through the app: while a batch on the local sandbox is
// paused, and again while it runs, making another environment (its own server) active is refused with a
// message naming the batch; the batch goes on and ends where it started, and the other server receives no
// request at all; once the batch is done, the switch is made. Under the service itself, with the active
// environment changed while a batch runs (as a switch that bypassed the guard would), every row still goes to
// the environment the batch started in, and the batch records that environment's address and key entry.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { backgroundClient } from '../../../src-main/api/call-priority';
import { createCardApiClient } from '../../../src-main/api/client';
import { createBulkIssueService } from '../../../src-main/bulk-issue/bulk-service';
import { openCustomerCache, type CustomerCacheService } from '../../../src-main/cache/service';
import { openKnownCards } from '../../../src-main/cards/known-cards';
import type { AppCore } from '../../../src-main/core/app-core';
import type { ActiveEnvironment } from '../../../src-main/environments/environment-manager';
import { createIssuingService } from '../../../src-main/issuing/issuing-service';
import { openJournal } from '../../../src-main/journal/journal';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { HEADER, bridgeOf, cachedCustomers, data, until, validRow, type Call } from '../../support/bulk-fixture';
import { testCacheKeys } from '../../support/cache-keys';
import { TEST_CHAIN_KEY } from '../../support/journal-key';
import { testAppCore } from '../support/app-core';

const posts = (s: SandboxHandle) => s.requests().filter((r) => r.method === 'POST');

describe('through the app: a switch of environment while a batch is open', () => {
  let dataDir: string;
  let core: AppCore;
  let call: Call;
  let other: SandboxHandle;
  let customers: Customer[];
  let account: string;
  const local = () => core.localSandbox()!;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'card-desk-batch-env-'));
    core = await testAppCore(dataDir, { localSandbox: { seed: 23, customers: 40 } });
    call = bridgeOf(core);
    customers = await cachedCustomers(call, 30);
    account = local().fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    other = await startSandbox({ seed: 24, customers: 5 });
  }, 60_000);
  afterAll(async () => {
    await core.dispose();
    await other.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused naming the batch, paused or running; the batch ends where it started and the other gets nothing', async () => {
    const production = await data(call('environments.save', { name: 'Production', baseUrl: other.url }));
    await data(call('keys.set', { environmentId: production.id, key: other.key }));
    const otherBefore = other.requests().length;

    local().faults.add({ kind: 'latency', endpoint: 'POST /cards', ms: 60 });
    const csv = [HEADER, ...customers.map((c, i) => validRow(c._id, account, `ENV-${i + 1}`))].join('\n');
    const { batchId } = await data(call('bulkIssue.preview', { csv, fileName: 'staff.csv' }));
    await data(call('bulkIssue.start', { batchId, cards: customers.length }));
    await until(() => posts(local()).length >= 3, 30_000, 'some rows to be sent');
    await data(call('bulkIssue.pause', { batchId }));

    const whilePaused = await call('environments.activate', { id: production.id });
    expect(!whilePaused.ok && whilePaused.error.kind).toBe('conflict');
    expect(!whilePaused.ok && whilePaused.error.message).toMatch(
      /^Production was not made active: the batch "staff\.csv" \(previewed .* UTC\) is paused in Local sandbox, and a batch sends its cards only where it started\. Let it finish, or cancel it, in Local sandbox first\.$/,
    );

    await data(call('bulkIssue.resume', { batchId }));
    const whileRunning = await call('environments.activate', { id: production.id });
    expect(!whileRunning.ok && whileRunning.error.message).toContain('"staff.csv"');
    expect(!whileRunning.ok && whileRunning.error.message).toContain('is running in Local sandbox');
    expect((await data(call('environments.list'))).activeId).not.toBe(production.id);

    await until(async () => (await data(call('bulkIssue.status', { batchId }))).state === 'done', 60_000, 'the batch');
    local().faults.clear();
    expect(posts(local()).filter((p) => p.url.startsWith('/cards'))).toHaveLength(customers.length);
    expect(other.requests().slice(otherBefore)).toEqual([]);

    // Done: the batch no longer holds the environment.
    expect((await call('environments.activate', { id: production.id })).ok).toBe(true);
  });
});

describe('under the service: the active environment changed while a batch runs', () => {
  let folder: string;
  let test: SandboxHandle;
  let production: SandboxHandle;
  let cache: CustomerCacheService;

  const environmentOn = (sandbox: SandboxHandle, id: string, name: string): ActiveEnvironment => ({
    environment: { id, name, baseUrl: sandbox.url, builtIn: false, hasKey: true, keyVerified: true },
    api: createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key }),
    dataDir: folder,
  });

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'card-desk-batch-pinned-'));
    test = await startSandbox({ seed: 31, customers: 30 });
    production = await startSandbox({ seed: 31, customers: 30 });
    cache = await openCustomerCache({
      folder: join(folder, 'cache'),
      environmentId: 'test-env',
      keys: testCacheKeys,
      api: backgroundClient(createCardApiClient({ baseUrl: test.url, getKey: async () => test.key })),
      emit: () => {},
    });
    const synced = await cache.sync();
    if (!synced.ok) throw new Error(synced.error.message);
  }, 60_000);
  afterAll(async () => {
    await cache.close();
    await test.stop();
    await production.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('sends every row to the environment it started in, and records its address and key entry', async () => {
    const onTest = environmentOn(test, 'test-env', 'Test');
    const onProduction = environmentOn(production, 'prod-env', 'Production');
    let active = onTest;
    const journal = openJournal({ key: TEST_CHAIN_KEY, file: join(folder, 'journal.sqlite') });
    const knownCards = openKnownCards({ folder });
    const issuing = createIssuingService({
      getActive: async () => active,
      getJournal: async () => journal,
      getKnownCards: async () => knownCards,
      emit: () => {},
    });
    const service = createBulkIssueService({
      dataDir: folder,
      getActive: async () => active,
      getJournal: async () => journal,
      getCustomers: async () => cache,
      issuing,
    });
    try {
      const page = await cache.browse({ sort: 'createdAt', direction: 'asc', offset: 0, limit: 20 });
      const account = test.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
      const csv = [HEADER, ...page.results.map((c, i) => validRow(c._id, account, `PIN-${i + 1}`))].join('\n');
      test.faults.add({ kind: 'latency', endpoint: 'POST /cards', ms: 40 });
      const preview = await service.preview({ csv });
      if (!preview.ok) throw new Error(preview.error.message);
      const { batchId } = preview.data;
      const started = await service.start({ batchId, cards: 20 });
      expect(started.ok).toBe(true);
      expect(service.store.get(batchId)).toMatchObject({
        origin: test.url,
        keyAccount: `test-env ${test.url}`,
      });
      await until(() => posts(test).length >= 2, 30_000, 'some rows to be sent');
      active = onProduction;
      await service.idle(batchId);
      test.faults.clear();
      expect(posts(test).filter((p) => p.url.startsWith('/cards'))).toHaveLength(20);
      expect(production.requests()).toEqual([]);
      expect(journal.list({ environmentId: 'test-env' }).total).toBe(20);
      expect(journal.list({ environmentId: 'test-env' }).entries.every((e) => e.outcome === 'succeeded')).toBe(true);
    } finally {
      await service.dispose();
      journal.close();
      knownCards.close();
    }
  });
});
