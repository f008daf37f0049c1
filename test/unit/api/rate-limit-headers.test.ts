import { describe, expect, it } from 'vitest';
import {
  rateLimitedWaitMs,
  readRateLimit,
  readRetryAfter,
  resetToEpochMs,
} from '../../../src-main/api/rate-limit-headers';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('resetToEpochMs', () => {
  it('reads Unix seconds, Unix milliseconds and seconds-from-now', () => {
    expect(resetToEpochMs(NOW / 1000 + 30, NOW)).toBe(NOW + 30_000);
    expect(resetToEpochMs(NOW + 5_000, NOW)).toBe(NOW + 5_000);
    expect(resetToEpochMs(12, NOW)).toBe(NOW + 12_000);
  });
});

describe('readRateLimit', () => {
  it('reads the three headers', () => {
    const h = new Headers({
      'X-RateLimit-Limit': '600',
      'X-RateLimit-Remaining': '599',
      'X-RateLimit-Reset': String(NOW / 1000 + 60),
    });
    expect(readRateLimit(h, NOW)).toEqual({ limit: 600, remaining: 599, resetAt: NOW + 60_000 });
  });
  it('is null when one is missing or not a number', () => {
    expect(readRateLimit(new Headers({ 'X-RateLimit-Limit': '600', 'X-RateLimit-Remaining': '5' }), NOW)).toBeNull();
    expect(
      readRateLimit(
        new Headers({ 'X-RateLimit-Limit': 'lots', 'X-RateLimit-Remaining': '5', 'X-RateLimit-Reset': '10' }),
        NOW,
      ),
    ).toBeNull();
  });
});

describe('readRetryAfter', () => {
  it('reads delay-seconds and an HTTP date', () => {
    expect(readRetryAfter(new Headers({ 'Retry-After': '3' }), NOW)).toBe(3_000);
    expect(readRetryAfter(new Headers({ 'Retry-After': new Date(NOW + 7_000).toUTCString() }), NOW)).toBe(7_000);
  });
  it('is null when absent or unreadable, and never negative', () => {
    expect(readRetryAfter(new Headers(), NOW)).toBeNull();
    expect(readRetryAfter(new Headers({ 'Retry-After': 'soon' }), NOW)).toBeNull();
    expect(readRetryAfter(new Headers({ 'Retry-After': new Date(NOW - 7_000).toUTCString() }), NOW)).toBe(0);
  });
});

describe('rateLimitedWaitMs', () => {
  it('prefers Retry-After, else waits until X-RateLimit-Reset', () => {
    expect(
      rateLimitedWaitMs(new Headers({ 'Retry-After': '2', 'X-RateLimit-Reset': String(NOW / 1000 + 50) }), NOW),
    ).toBe(2_000);
    expect(rateLimitedWaitMs(new Headers({ 'X-RateLimit-Reset': String(NOW / 1000 + 50) }), NOW)).toBe(50_000);
    expect(rateLimitedWaitMs(new Headers(), NOW)).toBeNull();
  });
});
