// One request budget shared by a customer sync and the operator, proved by the order of the requests
// in the sandbox's log: an operator's call goes before the next background page, a write is sent at
// once, the sync pauses (never fails) while only the reserve is left, and a 429 holds everything.
// The sandbox's windows and the client's budget share a clock the test moves on (test-clock.ts): a window
// is far longer than the pages sent in it take on a loaded machine, and once what a test looks at has
// happened, the waits for the next windows are skipped rather than slept through.
import { afterEach, describe, expect, it } from 'vitest';
import { backgroundClient } from '../../../src-main/api/call-priority';
import { createCardApiClient } from '../../../src-main/api/client';
import { reserveOf } from '../../../src-main/api/rate-budget';
import type { CardApiClient } from '../../../src-main/api/types';
import { startSandbox } from '../../../src-main/sandbox';
import type { SandboxHandle, SandboxRequestLogEntry } from '../../../src-main/sandbox/handle';
import { openCache, temporaryFolder, until, untilSandboxQuiet } from '../cache/cache-fixture';
import { virtualCardRequest } from '../../support/card-requests';
import { skipBudgetWaits, testClock } from '../support/test-clock';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const LIMIT = 12;
/** Pages a sync keeps in flight: set here, so what may already be on its way when a 429 comes is known. */
const PAGES_IN_FLIGHT = 2;
const WINDOW_MS = 20_000;

async function setup(customers = 1_500) {
  const clock = testClock();
  const sandbox = await startSandbox({
    customers,
    seed: 5,
    rateLimit: { limit: LIMIT, windowMs: WINDOW_MS, clock: clock.now },
  });
  const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key, now: clock.now });
  const tmp = temporaryFolder();
  const opened = await openCache(tmp.folder, backgroundClient(api), { pageConcurrency: PAGES_IN_FLIGHT });
  cleanups.push(
    () => sandbox.stop(),
    tmp.remove,
    () => opened.cache.close(),
  );
  /** From now on, the sync's waits for the next window are skipped. */
  const skipWaits = () => cleanups.push(skipBudgetWaits(api.budget!, clock));
  return { sandbox, api, skipWaits, ...opened };
}

/** Waits until the sync is paused for the budget, with the window's background share spent. */
async function untilSyncPaused(api: CardApiClient, sandbox: SandboxHandle): Promise<void> {
  await until(() => api.budget!.backgroundWait() !== null);
  await until(() => api.budget!.sending === 0); // pages sent before the pause have been answered
  await untilSandboxQuiet(sandbox);
  expect(api.budget!.backgroundWait()).not.toBeNull();
}

/** The log from `from` on, as "METHOD /path" without the query. */
const after = (sandbox: SandboxHandle, from: number): SandboxRequestLogEntry[] => sandbox.requests().slice(from);
const what = (e: SandboxRequestLogEntry) => `${e.method} ${e.url.split('?')[0]}`;

describe('the rate budget shared by a sync and the operator', () => {
  it('serves an accounts list asked for during a sync before the next background page', async () => {
    const { sandbox, api, cache, skipWaits } = await setup();
    const sync = cache.sync();
    await untilSyncPaused(api, sandbox);
    const asked = sandbox.requests().length;
    const accounts = await api.listAccounts({});
    expect(accounts.ok).toBe(true);
    skipWaits();
    const result = await sync;
    expect(result.ok && result.data).toMatchObject({ phase: 'done', customers: 1_500 });

    const since = after(sandbox, asked);
    expect(what(since[0]!)).toBe('GET /accounts');
    expect(since[0]!.status).toBe(200);
    // The sync paused rather than failed, and nothing was sent into a 429.
    expect(sandbox.requests().filter((r) => r.status === 429)).toEqual([]);
    // Background work left the reserve free in every window it used.
    expect(reserveOf(LIMIT)).toBe(5);
  });

  it('the paused sync says it waits, until when, with the count so far and an estimate that includes the waits', async () => {
    const { api, cache, events, skipWaits } = await setup();
    const sync = cache.sync();
    await until(() => events.some((e) => e.waitingUntil !== undefined));
    const waiting = events.find((e) => e.waitingUntil !== undefined)!;
    const resumesAt = api.budget!.backgroundWait()?.resumesAt ?? waiting.waitingUntil!;
    expect(waiting).toMatchObject({ phase: 'paging', message: 'Waiting for the rate limit' });
    expect(waiting.customers).toBeGreaterThan(0);
    expect(waiting.pagesDone).toBeGreaterThan(0);
    expect(waiting.waitingUntil).toBeGreaterThanOrEqual(resumesAt - WINDOW_MS);
    // 15 pages at 7 a window: the estimate counts the windows still to wait, not the first burst's pace.
    const windowsLeft = Math.ceil((15 - waiting.pagesDone) / (LIMIT - reserveOf(LIMIT))) - 1;
    expect(waiting.etaMs).toBeGreaterThanOrEqual(windowsLeft * WINDOW_MS);
    skipWaits();
    const result = await sync;
    expect(result.ok && result.data.waitingUntil).toBeUndefined();
    expect(events.at(-1)!.phase).toBe('done');
  });

  it('sends a card issued during a sync at once, ahead of the paused sync', async () => {
    const { sandbox, api, cache, skipWaits } = await setup();
    const sync = cache.sync();
    await untilSyncPaused(api, sandbox);
    const asked = sandbox.requests().length;
    const card = await api.createCard(virtualCardRequest(sandbox.fixtures));
    expect(card.ok).toBe(true);
    skipWaits();
    await sync;
    const since = after(sandbox, asked);
    expect(what(since[0]!)).toBe('POST /cards');
    expect(since.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('an operator call past the reserve waits for the reset, then goes before every background page', async () => {
    const { sandbox, api, cache, skipWaits } = await setup();
    const sync = cache.sync();
    await untilSyncPaused(api, sandbox);
    const asked = sandbox.requests().length;
    // The reserve: these go at once, the next one has to wait for the window.
    const calls = Array.from({ length: reserveOf(LIMIT) + 2 }, () => api.listDisputes({}));
    // The reserve's calls have been answered (the two past it, asked with them, wait for the reset): the
    // reset then comes at once, and the held calls and the sync's next pages compete for the new window.
    await until(() => after(sandbox, asked).length >= reserveOf(LIMIT) && api.budget!.sending === 0);
    expect(after(sandbox, asked)).toHaveLength(reserveOf(LIMIT));
    skipWaits();
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.ok)).toBe(true);
    await sync;
    const since = after(sandbox, asked).map(what);
    expect(since.slice(0, calls.length)).toEqual(calls.map(() => 'GET /cards/disputes'));
    expect(sandbox.requests().filter((r) => r.status === 429)).toEqual([]);
  });

  it('on a 429 every call waits for the stated reset; the sync resumes and completes', async () => {
    const sandbox = await startSandbox({ customers: 1_500, seed: 5, rateLimit: { limit: 1_000, windowMs: 60_000 } });
    const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
    const tmp = temporaryFolder();
    const { cache } = await openCache(tmp.folder, backgroundClient(api), { pageConcurrency: PAGES_IN_FLIGHT });
    cleanups.push(
      () => sandbox.stop(),
      tmp.remove,
      () => cache.close(),
    );
    sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 20 });
    const sync = cache.sync();
    await until(() => sandbox.requests().filter((r) => r.status === 200).length >= 3);
    sandbox.faults.add({ kind: 'rate_limit', endpoint: 'GET /customers', count: 1, retryAfterSeconds: 1 });
    // The client has read the 429: the budget is spent until the stated reset.
    await until(() => api.rateLimit()?.remaining === 0);
    const disputes = await api.listDisputes({});
    expect(disputes.ok).toBe(true);
    const result = await sync;
    expect(result.ok && result.data).toMatchObject({ phase: 'done', customers: 1_500 });
    await untilSandboxQuiet(sandbox);
    const log = sandbox.requests();
    const limited = log.findIndex((r) => r.status === 429);
    // The server's own clock: nothing it logged after the 429 arrived before the wait it asked for,
    // but for pages that may already have been on their way.
    const heldUntil = Date.parse(log[limited]!.at) + 1_000;
    const next = log.slice(limited + 1);
    const early = next.filter((r) => Date.parse(r.at) < heldUntil - 5);
    expect(early.length).toBeLessThanOrEqual(PAGES_IN_FLIGHT - 1);
    expect(early.every((r) => r.endpoint === 'GET /customers')).toBe(true);
    // The operator's call went first once the wait was over.
    const firstHeld = next.findIndex((r) => Date.parse(r.at) >= heldUntil - 5);
    expect(what(next[firstHeld]!)).toBe('GET /cards/disputes');
    expect(log.filter((r) => r.status === 429)).toHaveLength(1);
  });
});
