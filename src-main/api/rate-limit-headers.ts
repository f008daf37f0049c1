// Reading the rate-limit and retry headers a server sends. The sandbox sends X-RateLimit-Reset as
// Unix seconds (docs/api.md); other servers send seconds-from-now or milliseconds, so all three are read.
import type { HeaderReader } from './http-transport';
import type { RateLimitState } from './types';

const int = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
};

/** X-RateLimit-Reset as Unix milliseconds. */
export function resetToEpochMs(value: number, nowMs: number): number {
  if (value > 1e12) return value; // already milliseconds
  if (value > 1e9) return value * 1000; // Unix seconds
  return nowMs + value * 1000; // seconds from now
}

/** The three X-RateLimit-* headers, or null when the response did not carry them all. */
export function readRateLimit(headers: HeaderReader, nowMs: number): RateLimitState | null {
  const limit = int(headers.get('x-ratelimit-limit'));
  const remaining = int(headers.get('x-ratelimit-remaining'));
  const reset = int(headers.get('x-ratelimit-reset'));
  if (limit === null || remaining === null || reset === null) return null;
  return { limit, remaining: Math.max(0, remaining), resetAt: resetToEpochMs(reset, nowMs) };
}

/** Retry-After as milliseconds to wait: delay-seconds or an HTTP date. Null when absent or unreadable. */
export function readRetryAfter(headers: HeaderReader, nowMs: number): number | null {
  const raw = headers.get('retry-after');
  if (raw === null) return null;
  const seconds = int(raw);
  if (seconds !== null) return Math.max(0, seconds * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** How long a 429 asks us to wait: Retry-After first, else until X-RateLimit-Reset. */
export function rateLimitedWaitMs(headers: HeaderReader, nowMs: number): number | null {
  const retryAfter = readRetryAfter(headers, nowMs);
  if (retryAfter !== null) return retryAfter;
  const reset = int(headers.get('x-ratelimit-reset'));
  return reset === null ? null : Math.max(0, resetToEpochMs(reset, nowMs) - nowMs);
}
