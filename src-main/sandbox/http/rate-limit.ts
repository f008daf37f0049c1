// A fixed-window request budget per API key (docs/api.md: 600 per 60 s by default).

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, in ms since the epoch. */
  resetAtMs: number;
  /** How long until the current window ends, in ms, by the limiter's clock. */
  msToReset: number;
}

export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, { startedAt: number; used: number }>();

  constructor(
    private limit: number,
    private windowMs: number,
    private readonly clock: () => number = Date.now,
  ) {
    FixedWindowRateLimiter.check(limit, windowMs);
  }

  private static check(limit: number, windowMs: number): void {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError('rateLimit.limit must be a whole number of at least 1');
    if (!Number.isFinite(windowMs) || windowMs < 1) throw new RangeError('rateLimit.windowMs must be at least 1');
  }

  /** A new limit from now on: every key starts a fresh window under it. */
  change(limit: number, windowMs: number): void {
    FixedWindowRateLimiter.check(limit, windowMs);
    this.limit = limit;
    this.windowMs = windowMs;
    this.windows.clear();
  }

  take(key: string): RateDecision {
    const now = this.clock();
    let w = this.windows.get(key);
    if (!w || now - w.startedAt >= this.windowMs) {
      w = { startedAt: now, used: 0 };
      this.windows.set(key, w);
    }
    const resetAtMs = w.startedAt + this.windowMs;
    const msToReset = resetAtMs - now;
    if (w.used >= this.limit) return { allowed: false, limit: this.limit, remaining: 0, resetAtMs, msToReset };
    w.used++;
    return { allowed: true, limit: this.limit, remaining: this.limit - w.used, resetAtMs, msToReset };
  }
}
