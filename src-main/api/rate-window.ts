// The rate budget's picture of the server's window: the X-RateLimit-* headers of the answers (counting
// the calls sent since), the wait a 429 stated, and, for a server that sends no headers, a cautious
// learned budget for background work: a guess of 60 a minute that doubles each window the work used up
// without a 429, and that a 429 sets to what the window actually allowed. It says whether a call of a
// priority has room now and when it will; which call goes first is the budget's (rate-budget.ts).
import type { CallPriority } from './call-priority';
import { floorOf, reserveOf } from './rate-reserve';
import type { RateLimitState } from './types';

const LEARNED_START = { limit: 60, windowMs: 60_000 };
const LEARNED_MAX_LIMIT = 100_000;

interface Window {
  limit: number;
  remaining: number;
  resetAt: number;
}

/** What the answer to a permitted call said: its rate-limit headers, and the wait a 429 asked for. */
export interface RateAnswer {
  rate: RateLimitState | null;
  status: number;
  retryAfterMs: number | null;
}

export class RateWindow {
  /** From the headers; null until a response carried them. */
  private seen: Window | null = null;
  /** The learned budget for background work when the server sends no headers. */
  private learned: Window & { windowMs: number; limited: boolean } = {
    ...LEARNED_START,
    remaining: LEARNED_START.limit,
    resetAt: 0,
    limited: false,
  };
  private blockedUntil = 0;
  /** The window was assumed to have started afresh after its reset: the next headers say how it really is. */
  private assumed = false;
  private windowMs = 0;

  constructor(private readonly now: () => number) {}

  /** The last rate-limit state the server reported (remaining counts calls sent since), or null. */
  state(): RateLimitState | null {
    // A 429 from a server that sends no headers still says the key is held until its stated wait.
    if (!this.seen)
      return this.now() < this.blockedUntil ? { limit: 0, remaining: 0, resetAt: this.blockedUntil } : null;
    this.refresh();
    // After a 429 nothing may be sent until the wait it stated has passed, whatever later headers said.
    if (this.now() < this.blockedUntil) return { limit: this.seen.limit, remaining: 0, resetAt: this.blockedUntil };
    return { limit: this.seen.limit, remaining: this.seen.remaining, resetAt: this.seen.resetAt };
  }

  /** Length of the server's window, as far as seen (0 when unknown). */
  get lengthMs(): number {
    return this.seen ? this.windowMs : this.learned.windowMs;
  }

  /** Requests background work may send per window (null when unknown). */
  backgroundPerWindow(): number | null {
    const w = this.seen ?? (this.learned.resetAt ? this.learned : null);
    return w ? Math.max(1, w.limit - reserveOf(w.limit)) : null;
  }

  /** Background requests allowed before the next reset. */
  backgroundAvailable(): number {
    this.refresh();
    if (this.now() < this.blockedUntil) return 0;
    const w = this.seen ?? this.learned;
    return Math.max(0, w.remaining - reserveOf(w.limit));
  }

  /** Whether the window has room for a call of this priority (in-flight calls aside). */
  allows(priority: CallPriority): boolean {
    if (this.now() < this.blockedUntil) return false;
    this.refresh();
    if (this.seen) return this.seen.remaining > floorOf(priority, this.seen.limit);
    // No headers: operators are never held back by a guess, background work and batches keep to the learned budget.
    if (priority === 'write' || priority === 'operator') return true;
    return this.learned.remaining > floorOf(priority, this.learned.limit);
  }

  /** When the window has room for a call of this priority again (now when it has). */
  resumesAt(priority: CallPriority): number {
    const now = this.now();
    if (now < this.blockedUntil) return this.blockedUntil;
    if (this.allows(priority)) return now;
    const reset = this.seen ? this.seen.resetAt : this.learned.resetAt;
    return Math.max(now, reset);
  }

  /** A call goes out: one less left in the window. */
  spend(): void {
    if (this.seen) this.seen.remaining = Math.max(0, this.seen.remaining - 1);
    this.learned.remaining = Math.max(0, this.learned.remaining - 1);
  }

  /** A call counted by `spend` was not sent after all. */
  giveBack(): void {
    if (this.seen) this.seen.remaining++;
    this.learned.remaining++;
  }

  /** Learns from an answer to a call sent at `sentAt`; `inFlight` calls are still unanswered. */
  learn(sentAt: number, answer: RateAnswer, inFlight: number): void {
    const now = this.now();
    const { rate } = answer;
    if (rate) {
      const newer = !this.seen || this.assumed || rate.resetAt > this.seen.resetAt;
      this.assumed = false;
      if (newer) {
        // Calls still in flight were sent after the server counted this one, or into this window.
        this.seen = {
          limit: rate.limit,
          remaining: Math.max(0, rate.remaining - inFlight),
          resetAt: rate.resetAt,
        };
      } else if (rate.resetAt === this.seen!.resetAt) {
        this.seen!.limit = rate.limit;
        this.seen!.remaining = Math.min(this.seen!.remaining, rate.remaining);
      }
      this.windowMs = Math.max(this.windowMs, rate.resetAt - sentAt);
    }
    if (answer.status === 429) {
      const waitMs = answer.retryAfterMs ?? (rate ? Math.max(0, rate.resetAt - now) : 1_000);
      this.blockedUntil = now + waitMs;
      // The wait the 429 asked for is the one that counts, even if an earlier header promised a later reset.
      if (this.seen) Object.assign(this.seen, { remaining: 0, resetAt: now + waitMs });
      else this.learnFrom429(now, waitMs);
    }
  }

  private learnFrom429(now: number, waitMs: number): void {
    const l = this.learned;
    const allowed = Math.max(1, l.limit - l.remaining - 1);
    const started = l.resetAt - l.windowMs;
    Object.assign(l, {
      limit: allowed,
      windowMs: Math.max(1_000, now - started + waitMs),
      remaining: 0,
      resetAt: now + waitMs,
      limited: true,
    });
  }

  /** Starts a new window once the last one has passed. */
  private refresh(): void {
    const now = this.now();
    if (this.seen && now >= this.seen.resetAt) {
      // The server's new window starts with our next call; its answer tells the real state.
      this.seen.remaining = this.seen.limit;
      this.seen.resetAt = now + Math.max(1_000, this.windowMs);
      this.assumed = true;
    }
    const l = this.learned;
    if (now >= l.resetAt) {
      if (l.resetAt > 0 && l.remaining === 0 && !l.limited) l.limit = Math.min(LEARNED_MAX_LIMIT, l.limit * 2);
      l.remaining = l.limit;
      l.resetAt = now + l.windowMs;
    }
  }
}
