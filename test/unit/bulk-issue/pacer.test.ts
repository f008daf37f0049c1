// A batch's writes spread over the rate limit's window: each row's slot is the window's room for the batch
// (remaining less the operator's reserve) spread over the time left, worked out from the real rate budget
// as the server's answers update it.
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../../src-main/api/rate-budget';
import { Pacer } from '../../../src-main/bulk-issue/pacer';

/** A real budget that has seen one answer: `remaining` of `limit` until `resetAt`. */
async function budgetAt(now: () => number, limit: number, remaining: number, resetAt: number): Promise<RateBudget> {
  const budget = new RateBudget({ now });
  const permit = await budget.acquire('bulk', { maxWaitMs: 0 });
  if ('kind' in permit) throw new Error(permit.message);
  budget.settle(permit, { rate: { limit, remaining, resetAt }, status: 200, retryAfterMs: null });
  return budget;
}

describe('pacing a batch over the window', () => {
  it('spreads the window room over the time left, the first row at once', async () => {
    let now = 1_000_000;
    const clock = () => now;
    // 600 per 60 s, 599 left: the batch keeps 30 for the operator, so 569 rows over 60 s.
    const pacer = new Pacer(await budgetAt(clock, 600, 599, now + 60_000), clock);
    expect(pacer.delayMs()).toBe(0);
    const second = pacer.delayMs();
    expect(second).toBeCloseTo(60_000 / 569, 3);
    // A second worker asking at the same moment gets the slot after.
    expect(pacer.delayMs()).toBeGreaterThan(second * 1.9);
    now += 10_000;
    // Slots already handed out are behind: the next one is now.
    expect(pacer.delayMs()).toBe(0);
  });

  it('does not hold a row when the window is unknown, used up or over', async () => {
    let now = 5_000_000;
    const clock = () => now;
    expect(new Pacer(undefined, clock).delayMs()).toBe(0);
    expect(new Pacer(new RateBudget({ now: clock }), clock).delayMs()).toBe(0);
    // Only the operator's reserve is left: the budget makes the batch wait for the reset, not the pacer.
    expect(new Pacer(await budgetAt(clock, 30, 2, now + 20_000), clock).delayMs()).toBe(0);
    const ended = new Pacer(await budgetAt(clock, 30, 20, now + 1_000), clock);
    now += 2_000;
    expect(ended.delayMs()).toBe(0);
  });

  it('sends a whole window room within the window', async () => {
    let now = 9_000_000;
    const clock = () => now;
    const budget = await budgetAt(clock, 30, 29, now + 20_000);
    const pacer = new Pacer(budget, clock);
    const start = now;
    let sent = 0;
    // Rows go at their slots until the room the budget sees (27 = 29 less a reserve of 2) is spent.
    while (budget.state()!.remaining - 2 > 0) {
      now += pacer.delayMs();
      const permit = await budget.acquire('bulk', { maxWaitMs: 0 });
      if ('kind' in permit) throw new Error(permit.message);
      budget.release(permit);
      sent++;
    }
    expect(sent).toBe(27);
    expect(now - start).toBeLessThan(20_000);
    expect(now - start).toBeGreaterThan(17_000);
  });

  it('stops waiting when the batch is paused or cancelled', async () => {
    const pacer = new Pacer(await budgetAt(Date.now, 600, 599, Date.now() + 60_000));
    const stop = new AbortController();
    expect(await pacer.wait(stop.signal)).toBe(true);
    const waiting = pacer.wait(stop.signal);
    stop.abort();
    expect(await waiting).toBe(false);
  });
});
