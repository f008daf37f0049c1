// One request budget per environment, shared by every call of its client: fed by the X-RateLimit-*
// headers and by 429 answers, it decides which call may be sent now. Writes, then an operator's reads,
// go first; background work leaves a reserve free for them and pauses (never fails) when only the
// reserve is left. After a 429 nothing is sent until the wait it stated has passed.
//
// A server that sends no rate-limit headers gets a cautious learned budget for background work: a
// guess of 60 a minute that doubles each window the work used up without a 429, and that a 429 sets
// to what the window actually allowed.
import type { AppError } from '../../src-shared/ipc/result';
import { type CallPriority, PRIORITY_RANK } from './call-priority';
import type { RateLimitState } from './types';

/** Share of the limit background work leaves free, and its floor. */
export const RESERVE_SHARE = 0.1;
export const MIN_RESERVE = 5;
/** Share of the limit a batch's writes leave free for an operator's calls, and its floor. */
export const BULK_RESERVE_SHARE = 0.05;
export const MIN_BULK_RESERVE = 2;
const LEARNED_START = { limit: 60, windowMs: 60_000 };
const LEARNED_MAX_LIMIT = 100_000;

export interface RateWait {
  priority: CallPriority;
  /** Unix ms when the budget allows the call again. */
  resumesAt: number;
}

/** A call allowed out; settled once with what its answer said (or released when none came). */
export interface Permit {
  readonly sentAt: number;
  readonly priority: CallPriority;
}

interface Waiter {
  priority: CallPriority;
  seq: number;
  grant: (permit: Permit | AppError) => void;
}

interface Window {
  limit: number;
  remaining: number;
  resetAt: number;
}

export interface RateBudgetOptions {
  now?: () => number;
  /** Told each time a call is held, with how long the budget expects it to wait (for logs and tests). */
  onHold?: (waitMs: number, priority: CallPriority) => void;
}

export class RateBudget {
  private readonly now: () => number;
  private readonly onHold: ((waitMs: number, priority: CallPriority) => void) | undefined;
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
  private inFlight = 0;
  /** Writes and operator calls sent and not yet answered: background work waits for them. */
  private urgentInFlight = 0;
  private windowMs = 0;
  private queue: Waiter[] = [];
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  /** Batches running: background work waits while there is one. */
  private backgroundHolds = 0;

  constructor(options: RateBudgetOptions = {}) {
    this.now = options.now ?? Date.now;
    this.onHold = options.onHold;
  }

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

  /** What background work waits for, when it waits; null when it may go. */
  backgroundWait(): RateWait | null {
    const head = this.queue.find((w) => w.priority === 'background');
    return head ? { priority: 'background', resumesAt: this.resumesAt('background') } : null;
  }

  /** Calls sent and not yet answered. */
  get sending(): number {
    return this.inFlight;
  }

  /** Length of the server's window, as far as seen (0 when unknown). */
  get windowLengthMs(): number {
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

  /** Holds background work (customer sync, exports, reconciliation) until the returned release is called. */
  holdBackground(): () => void {
    this.backgroundHolds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.backgroundHolds = Math.max(0, this.backgroundHolds - 1);
      this.pump();
    };
  }

  /**
   * Resolves once a call of this priority could be sent now (true), without taking its place, or false
   * when cancelled. A batch waits here before it records a row, so no row waits for the budget with its
   * journal entry written.
   */
  async whenRoom(priority: CallPriority, signal?: AbortSignal): Promise<boolean> {
    const permit = await this.acquire(priority, { maxWaitMs: Number.POSITIVE_INFINITY, ...(signal ? { signal } : {}) });
    if (!isPermit(permit)) return false;
    this.done(permit);
    if (this.seen) this.seen.remaining++;
    this.learned.remaining++;
    this.pump();
    return true;
  }

  /** Told whenever the state or the waits change (for the status bar and progress). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves with a permit once the call may be sent, or with an error: cancelled, or rate_limited when
   * a call that is not background would have to wait longer than `maxWaitMs`.
   */
  acquire(priority: CallPriority, options: { signal?: AbortSignal; maxWaitMs: number }): Promise<Permit | AppError> {
    const { signal } = options;
    if (signal?.aborted) return Promise.resolve(CANCELLED_ERROR);
    const rank = PRIORITY_RANK[priority];
    if (!this.queue.some((w) => PRIORITY_RANK[w.priority] <= rank) && this.canSend(priority)) {
      return Promise.resolve(this.take(priority));
    }
    const wait = this.resumesAt(priority) - this.now();
    if (priority !== 'background' && priority !== 'bulk' && wait > options.maxWaitMs) {
      return Promise.resolve({
        kind: 'rate_limited',
        message: `The request limit for this key is used up. Try again in about ${Math.ceil(wait / 1000)} s.`,
        retryAfterMs: wait,
      });
    }
    this.onHold?.(Math.max(0, wait), priority);
    return new Promise<Permit | AppError>((resolve) => {
      const waiter: Waiter = {
        priority,
        seq: this.seq++,
        grant: (p) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(p);
        },
      };
      const onAbort = () => {
        this.queue = this.queue.filter((w) => w !== waiter);
        waiter.grant(CANCELLED_ERROR);
        this.changed();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.queue.sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.seq - b.seq);
      this.schedule();
      this.changed();
    });
  }

  /** What the answer to a permitted call said: its rate-limit headers, and the wait a 429 asked for. */
  settle(permit: Permit, answer: { rate: RateLimitState | null; status: number; retryAfterMs: number | null }): void {
    this.done(permit);
    const now = this.now();
    const { rate } = answer;
    if (rate) {
      const newer = !this.seen || this.assumed || rate.resetAt > this.seen.resetAt;
      this.assumed = false;
      if (newer) {
        // Calls still in flight were sent after the server counted this one, or into this window.
        this.seen = {
          limit: rate.limit,
          remaining: Math.max(0, rate.remaining - this.inFlight),
          resetAt: rate.resetAt,
        };
      } else if (rate.resetAt === this.seen!.resetAt) {
        this.seen!.limit = rate.limit;
        this.seen!.remaining = Math.min(this.seen!.remaining, rate.remaining);
      }
      this.windowMs = Math.max(this.windowMs, rate.resetAt - permit.sentAt);
    }
    if (answer.status === 429) {
      const waitMs = answer.retryAfterMs ?? (rate ? Math.max(0, rate.resetAt - now) : 1_000);
      this.blockedUntil = now + waitMs;
      // The wait the 429 asked for is the one that counts, even if an earlier header promised a later reset.
      if (this.seen) Object.assign(this.seen, { remaining: 0, resetAt: now + waitMs });
      else this.learnFrom429(now, waitMs);
    }
    this.pump();
  }

  /** The permitted call got no answer (network failure, cancel): nothing learned. */
  release(permit: Permit): void {
    this.done(permit);
    this.pump();
  }

  private done(permit: Permit): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (permit.priority !== 'background') this.urgentInFlight = Math.max(0, this.urgentInFlight - 1);
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

  private canSend(priority: CallPriority): boolean {
    // An operator's call is answered before the next background page goes out.
    if (priority === 'background' && (this.urgentInFlight > 0 || this.backgroundHolds > 0)) return false;
    return this.allows(priority);
  }

  /** Whether the budget has room for a call of this priority (in-flight calls aside). */
  private allows(priority: CallPriority): boolean {
    if (this.now() < this.blockedUntil) return false;
    this.refresh();
    if (this.seen) return this.seen.remaining > floorOf(priority, this.seen.limit);
    // No headers: operators are never held back by a guess, background work and batches keep to the learned budget.
    if (priority === 'write' || priority === 'operator') return true;
    return this.learned.remaining > floorOf(priority, this.learned.limit);
  }

  private take(priority: CallPriority): Permit {
    this.inFlight++;
    if (priority !== 'background') this.urgentInFlight++;
    if (this.seen) this.seen.remaining = Math.max(0, this.seen.remaining - 1);
    this.learned.remaining = Math.max(0, this.learned.remaining - 1);
    return { sentAt: this.now(), priority };
  }

  /** When the budget has room for a call of this priority again (now when it has). */
  private resumesAt(priority: CallPriority): number {
    const now = this.now();
    if (now < this.blockedUntil) return this.blockedUntil;
    if (this.allows(priority)) return now;
    const reset = this.seen ? this.seen.resetAt : this.learned.resetAt;
    return Math.max(now, reset);
  }

  private pump(): void {
    let granted = false;
    while (this.queue.length > 0 && this.canSend(this.queue[0]!.priority)) {
      const waiter = this.queue.shift()!;
      waiter.grant(this.take(waiter.priority));
      granted = true;
    }
    this.schedule();
    if (granted || this.queue.length === 0 || this.timer) this.changed();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const head = this.queue[0]!;
    // Background work held only by an operator's call in flight goes on when that call is answered.
    if (head.priority === 'background' && this.backgroundHolds > 0) return;
    if (head.priority === 'background' && this.urgentInFlight > 0 && this.allows('background')) return;
    const wait = Math.max(1, this.resumesAt(this.queue[0]!.priority) - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, wait);
  }

  private changed(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}

const CANCELLED_ERROR: AppError = { kind: 'cancelled', message: 'The request was cancelled.' };

/** What background work leaves free of a limit: about a tenth, at least 5, never the whole limit. */
export function reserveOf(limit: number): number {
  return Math.max(0, Math.min(Math.max(MIN_RESERVE, Math.ceil(limit * RESERVE_SHARE)), limit - 1));
}

/** What a batch's writes leave free of a limit for an operator's calls: a twentieth, at least 2. */
export function bulkReserveOf(limit: number): number {
  return Math.max(0, Math.min(Math.max(MIN_BULK_RESERVE, Math.ceil(limit * BULK_RESERVE_SHARE)), limit - 1));
}

function floorOf(priority: CallPriority, limit: number): number {
  if (priority === 'background') return reserveOf(limit);
  return priority === 'bulk' ? bulkReserveOf(limit) : 0;
}

/** A permit or an error, told apart. */
export const isPermit = (p: Permit | AppError): p is Permit => 'sentAt' in p;
