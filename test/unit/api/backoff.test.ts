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
    const started = performance.now();
    const pending = sleep(10_000, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(pending).rejects.toThrow('stop');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
  it('rejects at once on an aborted signal', async () => {
    await expect(sleep(10, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
