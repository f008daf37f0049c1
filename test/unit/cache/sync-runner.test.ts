// The sync's page loop against a service whose list ends sooner than its pagination announced: the
// worker says a page was empty only after later pages are already on their way. The ports are scripted
// (the real worker and sandbox are in test/integration/cache); what is under test is the ordering.
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../src-shared/ipc/result';
import type { FetchedPage, PageStored } from '../../../src-main/cache/sync/customer-page';
import { runSync, type SyncStorePort } from '../../../src-main/cache/sync/sync-runner';
import { SyncProgressReporter } from '../../../src-main/cache/sync/sync-progress';
import type { ApiResult } from '../../../src-main/api/types';

const ANNOUNCED_PAGES = 10;
const OUT_OF_RANGE: AppError = { kind: 'validation', message: 'page out of range', status: 400 };

/** Announces 10 pages of 100; pages from `emptyFrom` on are empty, and `failing` answers an error. */
function service(emptyFrom: number, failing: number | null) {
  const requested: number[] = [];
  const waiting: { page: number; resolve: () => void }[] = [];
  /** Resolves once the runner has asked for `page` (at once when it already has). */
  const requestOf = (page: number) =>
    new Promise<void>((resolve) => {
      if (requested.includes(page)) resolve();
      else waiting.push({ page, resolve });
    });
  const api = {
    async listCustomersBytes(query: { page?: number }): Promise<ApiResult<Uint8Array>> {
      const page = query.page ?? 0;
      requested.push(page);
      for (const w of waiting.filter((x) => x.page === page)) w.resolve();
      if (page === failing) return { ok: false, error: OUT_OF_RANGE };
      return { ok: true, data: Uint8Array.of(page) };
    },
  };
  const stored: number[] = [];
  let customersDone = 0;
  const store: SyncStorePort = {
    syncState: async () => ({
      generation: 0,
      nextPage: null,
      totalPages: null,
      customersDone: 0,
      etag: null,
      lastSyncedAt: null,
      lastTotalPages: null,
      customerCount: 0,
      scheduleMinutes: 0,
    }),
    // Slower than the downloads, as the worker is: the next page is on its way before this one is read
    // (the first page is read alone: the runner learns the page count from it).
    async storePage(page: FetchedPage): Promise<PageStored> {
      if (page.page > 0 && page.page < ANNOUNCED_PAGES - 1) await requestOf(page.page + 1);
      const customers = page.page >= emptyFrom ? 0 : 100;
      customersDone += customers;
      stored.push(page.page);
      return { readable: true, generation: 1, customersDone, customers, totalPages: ANNOUNCED_PAGES };
    },
    finishGeneration: async () => ({ pruned: 0, customerCount: customersDone }),
    markUnchanged: async () => undefined,
  };
  return { api, store, requested, stored };
}

async function sync(emptyFrom: number, failing: number | null) {
  const s = service(emptyFrom, failing);
  const outcome = await runSync({
    api: s.api,
    store: s.store,
    signal: new AbortController().signal,
    full: false,
    now: () => new Date(),
    progress: new SyncProgressReporter('env', () => undefined, 0),
  });
  return { ...s, outcome };
}

describe('a list that ends sooner than announced', () => {
  it('finishes at the first empty page', async () => {
    const { outcome } = await sync(3, null);
    expect(outcome.error).toBeUndefined();
    expect(outcome.progress).toMatchObject({ phase: 'done', pagesDone: 3, totalPages: 3, customers: 300 });
  });

  it('finishes even when a page past the end answers an error before the empty page is read', async () => {
    const { outcome, requested } = await sync(3, 4);
    expect(requested).toContain(4);
    expect(outcome.error).toBeUndefined();
    expect(outcome.progress).toMatchObject({ phase: 'done', pagesDone: 3, customers: 300 });
  });

  it('still fails on an error before the end', async () => {
    const { outcome, stored } = await sync(6, 4);
    expect(outcome.progress.phase).toBe('failed');
    expect(outcome.error).toEqual(OUT_OF_RANGE);
    expect(stored).toEqual([0, 1, 2, 3]);
  });
});
