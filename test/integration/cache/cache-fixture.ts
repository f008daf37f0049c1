// What the cache's integration tests share: a real sandbox over HTTP, the real API client, a cache in a
// temporary folder (its worker run from sources), and the progress events it emits.
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Customer } from '../../../src-shared/api/records';
import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';
import { createCardApiClient } from '../../../src-main/api/client';
import type { CardApiClient } from '../../../src-main/api/types';
import {
  CACHE_FILE_NAME,
  openCustomerCache,
  type CustomerCacheOptions,
  type CustomerCacheService,
} from '../../../src-main/cache/service';
import { startSandbox } from '../../../src-main/sandbox';
import type { SandboxHandle, SandboxOptions } from '../../../src-main/sandbox/handle';
import { testCacheKeys } from '../../support/cache-keys';

export const NO_RATE_LIMIT = { limit: 1_000_000, windowMs: 60_000 };

export async function sandboxWithClient(
  options: SandboxOptions,
): Promise<{ sandbox: SandboxHandle; api: CardApiClient }> {
  const sandbox = await startSandbox({ rateLimit: NO_RATE_LIMIT, ...options });
  const api = createCardApiClient({
    baseUrl: sandbox.url,
    getKey: async () => sandbox.key,
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
  });
  return { sandbox, api };
}

export function temporaryFolder(): { folder: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-cache-'));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

export interface OpenedCache {
  cache: CustomerCacheService;
  events: SyncProgress[];
}

export async function openCache(
  folder: string,
  api: CardApiClient,
  extra: Partial<CustomerCacheOptions> = {},
): Promise<OpenedCache> {
  const events: SyncProgress[] = [];
  const cache = await openCustomerCache({
    folder,
    environmentId: 'test-env',
    keys: testCacheKeys,
    api,
    emit: (name, payload) => {
      if (name === 'customers.syncProgress') events.push(payload as SyncProgress);
    },
    ...extra,
  });
  return { cache, events };
}

export interface CacheOnSandbox extends OpenedCache {
  sandbox: SandboxHandle;
  api: CardApiClient;
  folder: string;
  /** Closes the cache, removes its folder and stops the sandbox. */
  close(): Promise<void>;
}

/** A sandbox, its client and a cache over it in a temporary folder. */
export async function cacheOnSandbox(
  sandboxOptions: SandboxOptions,
  cacheOptions: Partial<CustomerCacheOptions> = {},
): Promise<CacheOnSandbox> {
  const { sandbox, api } = await sandboxWithClient(sandboxOptions);
  const tmp = temporaryFolder();
  const opened = await openCache(tmp.folder, api, cacheOptions);
  return {
    sandbox,
    api,
    folder: tmp.folder,
    ...opened,
    async close() {
      await opened.cache.close();
      tmp.remove();
      await sandbox.stop();
    },
  };
}

/** The same, synced once, with every customer the service lists (read from it independently of the cache). */
export async function syncedCacheOnSandbox(
  options: SandboxOptions,
): Promise<CacheOnSandbox & { everyone: Customer[] }> {
  const rig = await cacheOnSandbox(options);
  const everyone = await allCustomers(rig.api);
  const synced = await rig.cache.sync();
  if (!synced.ok || synced.data.phase !== 'done') {
    await rig.close();
    throw new Error('the first sync did not finish');
  }
  return { ...rig, everyone };
}

/** Every customer, read page by page straight from the service (independently of the cache). */
export async function allCustomers(api: CardApiClient): Promise<Customer[]> {
  const out: Customer[] = [];
  for (let page = 0; ; page++) {
    const r = await api.listCustomers({ page, limit: 100 });
    if (!r.ok) throw new Error(r.error.message);
    out.push(...r.data);
    if (r.data.length < 100) return out;
  }
}

/** The pages of GET /customers the sandbox answered, in order. */
export function customerPagesRequested(sandbox: SandboxHandle): { page: number; status: number }[] {
  return sandbox
    .requests()
    .filter((r) => r.endpoint === 'GET /customers')
    .map((r) => ({ page: Number(new URL(r.url, 'http://x').searchParams.get('page') ?? 0), status: r.status }));
}

/** Resolves when `predicate` holds, checking every 20 ms. */
export async function until(predicate: () => boolean, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until the sandbox has answered, and logged, every request it received: a request the client gave
 * up on (a cancelled sync) is still answered once its injected latency has passed.
 */
export async function untilSandboxQuiet(sandbox: SandboxHandle, timeoutMs = 60_000): Promise<void> {
  await until(() => sandbox.requestsInFlight() === 0, timeoutMs);
}

/** Overwrites `length` bytes of `file` at `offset` with a pattern no SQLite page holds. */
export function overwrite(file: string, offset: number, length: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, offset);
  } finally {
    closeSync(fd);
  }
}

/** The damaged cache files set aside in `folder` (without their WAL files). */
export const setAside = (folder: string): string[] =>
  readdirSync(folder).filter(
    (f) => f.startsWith(`${CACHE_FILE_NAME}.corrupt-`) && !f.endsWith('-wal') && !f.endsWith('-shm'),
  );
