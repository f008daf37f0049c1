// The fixed-window rate limit per key: headers on every answer, 429 with Retry-After past the limit,
// service again once the window has passed, and a new limit taken while the sandbox runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { call, clock, expectError } from './api';

let sb: SandboxHandle;
// The limiter's own clock, moved by the test: the window's end is reached without waiting for it.
let limiterNow = Date.UTC(2026, 0, 5, 9, 0, 0, 250);
beforeAll(async () => {
  sb = await startSandbox({
    seed: 3,
    customers: 20,
    now: clock,
    rateLimit: { limit: 3, windowMs: 1_500, clock: () => limiterNow },
  });
});
afterAll(() => sb.stop());

const header = (a: { headers: Headers }, name: string) => Number(a.headers.get(name));

describe('rate limit', () => {
  it('counts down, answers 429 past the limit, then serves again after the window', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call(sb, i === 1 ? '/customers' : '/fundingsources'));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => header(a, 'x-ratelimit-limit'))).toEqual([3, 3, 3]);
    expect(answers.map((a) => header(a, 'x-ratelimit-remaining'))).toEqual([2, 1, 0]);
    const reset = header(answers[0]!, 'x-ratelimit-reset');
    expect(Number.isInteger(reset)).toBe(true);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(limiterNow / 1000));
    expect(reset).toBeLessThanOrEqual(Math.ceil(limiterNow / 1000) + 2);

    const limited = await call(sb, '/accounts');
    expectError(limited, 429, 'Too many requests');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(header(limited, 'x-ratelimit-remaining')).toBe(0);
    // Writes are refused too while limited, and nothing is created.
    expectError(
      await call(sb, '/accounts', {
        method: 'POST',
        body: { type: 'account', currency: 'USD', accountType: 'Current' },
      }),
      429,
      'Too many requests',
    );

    // Still limited one moment before the window ends, served again once it has.
    limiterNow += 1_499;
    expectError(await call(sb, '/accounts'), 429, 'Too many requests');
    limiterNow += 1;
    const again = await call(sb, '/accounts?currency=USD&type=account');
    expect(again.status).toBe(200);
    expect(header(again, 'x-ratelimit-remaining')).toBe(2);
    expect(again.json.pagination.total).toBe(1); // the refused POST created nothing
  });

  it('takes a new limit while it runs, every key starting a fresh window under it', async () => {
    limiterNow += 10_000;
    sb.setRateLimit({ limit: 2, windowMs: 1_500 });
    const answers = [await call(sb, '/fundingsources'), await call(sb, '/fundingsources')];
    expect(answers.map((a) => header(a, 'x-ratelimit-limit'))).toEqual([2, 2]);
    expect(answers.map((a) => header(a, 'x-ratelimit-remaining'))).toEqual([1, 0]);
    expectError(await call(sb, '/fundingsources'), 429, 'Too many requests');
    // A used-up window ends at once when the limit changes.
    sb.setRateLimit({ limit: 5, windowMs: 1_500 });
    const fresh = await call(sb, '/fundingsources');
    expect(fresh.status).toBe(200);
    expect(header(fresh, 'x-ratelimit-remaining')).toBe(4);
    expect(() => sb.setRateLimit({ limit: 0, windowMs: 1_500 })).toThrow(/rateLimit.limit/);
    expect(() => sb.setRateLimit({ limit: 5, windowMs: 0 })).toThrow(/rateLimit.windowMs/);
    sb.setRateLimit({ limit: 3, windowMs: 1_500 });
  });

  it('defaults to 600 requests per minute', async () => {
    const plain = await startSandbox({ seed: 3, customers: 20, now: clock });
    try {
      const a = await call(plain, '/customers');
      expect(header(a, 'x-ratelimit-limit')).toBe(600);
      expect(header(a, 'x-ratelimit-remaining')).toBe(599);
    } finally {
      await plain.stop();
    }
  });
});
