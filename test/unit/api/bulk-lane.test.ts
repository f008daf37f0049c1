// The rate budget's lane for a batch's writes (issue from a file): after an operator's calls, before
// background work, keeping a small reserve for the operator, waiting (never failing) for a long reset,
// holding background work while a batch runs, and `whenRoom` taking no place of its own.
import { afterEach, describe, expect, it } from 'vitest';
import { RateBudget, bulkReserveOf, isPermit, type Permit } from '../../../src-main/api/rate-budget';
import type { AppError } from '../../../src-shared/ipc/result';

const controllers: AbortController[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) c.abort();
});

/** A budget that has seen the server say `remaining` of `limit` are left, the window resetting in a minute. */
async function budgetWith(limit: number, remaining: number) {
  const now = 1_000_000;
  const budget = new RateBudget({ now: () => now });
  const first = (await budget.acquire('operator', { maxWaitMs: 0 })) as Permit;
  budget.settle(first, { rate: { limit, remaining, resetAt: now + 60_000 }, status: 200, retryAfterMs: null });
  return budget;
}

/** Starts an acquire and tells whether it has settled, and with what. */
function track(budget: RateBudget, priority: Parameters<RateBudget['acquire']>[0], maxWaitMs = 60_000) {
  const controller = new AbortController();
  controllers.push(controller);
  const state: { done: boolean; value: Permit | AppError | null } = { done: false, value: null };
  void budget.acquire(priority, { maxWaitMs, signal: controller.signal }).then((v) => {
    state.done = true;
    state.value = v;
  });
  return state;
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('the bulk lane', () => {
  it('keeps a twentieth of the limit, at least 2, for the operator', async () => {
    expect(bulkReserveOf(600)).toBe(30);
    expect(bulkReserveOf(30)).toBe(2);
    const budget = await budgetWith(100, bulkReserveOf(100));
    const bulk = track(budget, 'bulk');
    const operator = track(budget, 'operator');
    await settled();
    expect(bulk.done).toBe(false);
    expect(operator.done && isPermit(operator.value!)).toBe(true);
  });

  it('waits for a long reset where an operator call fails at once', async () => {
    const budget = await budgetWith(30, 0);
    const bulk = track(budget, 'bulk', 10);
    const operator = track(budget, 'operator', 10);
    await settled();
    expect(bulk.done).toBe(false);
    expect(operator.value).toMatchObject({ kind: 'rate_limited' });
  });

  it('goes after queued operator calls and before background work, which a running batch holds', async () => {
    const budget = await budgetWith(100, 90);
    const release = budget.holdBackground();
    const background = track(budget, 'background');
    const bulk = track(budget, 'bulk');
    await settled();
    expect(bulk.done).toBe(true);
    expect(background.done).toBe(false);
    // The batch's write is answered; background work still waits until the batch lets go.
    budget.release(bulk.value as Permit);
    await settled();
    expect(background.done).toBe(false);
    release();
    await settled();
    expect(background.done).toBe(true);
  });

  it('tells when there is room without taking it', async () => {
    const budget = await budgetWith(100, 50);
    const before = budget.state()!.remaining;
    expect(await budget.whenRoom('bulk')).toBe(true);
    expect(budget.state()!.remaining).toBe(before);
    expect(budget.sending).toBe(0);
    const controller = new AbortController();
    const full = await budgetWith(100, bulkReserveOf(100));
    const waiting = full.whenRoom('bulk', controller.signal);
    controller.abort();
    expect(await waiting).toBe(false);
  });
});
