import { describe, expect, it } from 'vitest';
import { backoffDelayMs, sleep } from '../../../src-main/api/backoff';

describe('backoffDelayMs', () => {
  it('doubles each retry, between half and all of the step', () => {
    expect(backoffDelayMs(1, 100, 10_000, () => 0)).toBe(50);
    expect(backoffDelayMs(1, 100, 10_000, () => 1)).toBe(100);
    expect(backoffDelayMs(3, 100, 10_000, () => 0)).toBe(200);
    expect(backoffDelayMs(3, 100, 10_000, () => 1)).toBe(400);
  });
  it('never exceeds the cap', () => {
    for (let retry = 1; retry < 30; retry++)
      expect(backoffDelayMs(retry, 100, 1_000, () => 1)).toBeLessThanOrEqual(1_000);
  });
  it('spreads clients out (jitter)', () => {
    const seen = new Set(Array.from({ length: 20 }, () => backoffDelayMs(4, 100, 10_000)));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('sleep', () => {
  it('rejects as soon as the signal aborts', async () => {
    const controller = new AbortController();
    // Ten minutes: only the abort can end it before the test's own timeout.
    const pending = sleep(600_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
  it('rejects at once on an aborted signal', async () => {
    await expect(sleep(10, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
