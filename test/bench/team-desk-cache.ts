// A team desk's customer cache for the team benches: a sealed cache in a folder of its own that fills from
// the team database's feed and never asks the API (its client points where nothing listens).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCardApiClient } from '../../src-main/api/client';
import { openCustomerCache, type CustomerCacheService, type CustomerFeed } from '../../src-main/cache/service';
import { testCacheKeys } from '../support/cache-keys';

export interface DeskCache {
  folder: string;
  cache: CustomerCacheService;
}

export async function openDeskCache(workerUrl: string, feed: () => CustomerFeed | null): Promise<DeskCache> {
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-team-bench-'));
  const cache = await openCustomerCache({
    folder,
    environmentId: 'bench',
    keys: testCacheKeys,
    // A team desk's cache asks the feed, never this client (nothing listens at its address).
    api: createCardApiClient({ baseUrl: 'http://127.0.0.1:9', getKey: async () => 'none' }),
    emit: () => undefined,
    workerUrl,
    feed,
  });
  return { folder, cache };
}
