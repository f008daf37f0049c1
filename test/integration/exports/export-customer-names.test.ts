// Rows that carry only a customer id (wallets, known cards) are named from the real customer cache,
// synced from the real sandbox; without a cache the name is simply empty.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { type CustomerCacheService, openCustomerCache } from '../../../src-main/cache/service';
import type { ExportSourceName } from '../../../src-main/exports/sources';
import { allPages, type ExportWorld, startExportWorld, runExport } from './export-fixtures';
import { testCacheKeys } from '../../support/cache-keys';

describe('customer names in exports (real cache and sandbox)', () => {
  let world: ExportWorld;
  let cache: CustomerCacheService;
  let customers: Map<string, Customer>;
  beforeAll(async () => {
    world = await startExportWorld({ customers: 150 });
    cache = await openCustomerCache({
      folder: join(world.dir, 'cache'),
      environmentId: world.environment.id,
      keys: testCacheKeys,
      api: world.api,
      emit: () => undefined,
    });
    const synced = await cache.sync({ full: true });
    if (!synced.ok) throw new Error(synced.error.message);
    customers = new Map(
      (await allPages((page) => world.api.listCustomers({ page, limit: 100 }))).map((c) => [c._id, c]),
    );
  });
  afterAll(async () => {
    await cache?.close();
    await world?.close();
  });

  async function exportRows(source: ExportSourceName, withCache: boolean) {
    const query: Record<string, string> = source === 'accounts' ? { type: 'wallet' } : {};
    const deps = withCache ? { getCustomerCache: async () => cache } : {};
    return (await runExport(world, source, query, { fileName: `${source}-${withCache}.csv`, deps })).rows;
  }

  it('names the customer of each wallet', async () => {
    const rows = await exportRows('accounts', true);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.customerName).toBe(customers.get(row.customerId!)?.name);
    expect((await exportRows('accounts', false)).every((r) => r.customerName === '')).toBe(true);
  });

  it('names the customer of each known card', async () => {
    const { cards } = world.sandbox.fixtures;
    world.known.observe(
      cards.slice(0, 5).map((c) => ({ _id: c.id, customer: c.customerId, status: c.status, currency: c.currency })),
      'authorization',
    );
    const rows = await exportRows('knownCards', true);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.customerName).toBe(customers.get(row.customerId!)?.name);
  });
});
