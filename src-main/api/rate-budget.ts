// One request budget per environment, shared by every call of its client: fed by the X-RateLimit-*
// headers and by 429 answers, it decides which call may be sent now. Writes, then an operator's reads,
// go first; background work leaves a reserve free for them and pauses (never fails) when only the
// reserve is left. After a 429 nothing is sent until the wait it stated has passed.
//
// The budget counts the calls in flight and decides when each held call goes; the held calls in their
// order are HeldCalls (held-calls.ts), what the server's window allows (its headers, a 429's wait, the
// learned budget of a server that sends none) is the RateWindow's (rate-window.ts), and what each lane
// leaves free is rate-reserve.ts.
import type { AppError } from '../../src-shared/ipc/result';
import type { CallPriority } from './call-priority';
import { CANCELLED_ERROR, HeldCalls } from './held-calls';
import { RateWindow, type RateAnswer } from './rate-window';
import type { RateLimitState } from './types';

export {
  BULK_RESERVE_SHARE,
  MIN_BULK_RESERVE,
  MIN_RESERVE,
  RESERVE_SHARE,
  bulkReserveOf,
  reserveOf,
} from './rate-reserve';

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

export interface RateBudgetOptions {
  now?: () => number;
  /** Told each time a call is held, with how long the budget expects it to wait (for logs and tests). */
  onHold?: (waitMs: number, priority: CallPriority) => void;
}

export class RateBudget {
  private readonly now: () => number;
  private readonly onHold: ((waitMs: number, priority: CallPriority) => void) | undefined;
  private readonly window: RateWindow;
  private inFlight = 0;
  /** Writes and operator calls sent and not yet answered: background work waits for them. */
  private urgentInFlight = 0;
  private readonly held = new HeldCalls<Permit>(() => this.changed());
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  /** Batches running: background work waits while there is one. */
  private backgroundHolds = 0;

  constructor(options: RateBudgetOptions = {}) {
    this.now = options.now ?? Date.now;
    this.onHold = options.onHold;
    this.window = new RateWindow(this.now);
  }

  /** The last rate-limit state the server reported (remaining counts calls sent since), or null. */
  state(): RateLimitState | null {
    return this.window.state();
  }

  /** What background work waits for, when it waits; null when it may go. */
  backgroundWait(): RateWait | null {
    return this.held.holds('background')
      ? { priority: 'background', resumesAt: this.window.resumesAt('background') }
      : null;
  }

  /** Calls sent and not yet answered. */
  get sending(): number {
    return this.inFlight;
  }

  /** Length of the server's window, as far as seen (0 when unknown). */
  get windowLengthMs(): number {
    return this.window.lengthMs;
  }

  /** Requests background work may send per window (null when unknown). */
  backgroundPerWindow(): number | null {
    return this.window.backgroundPerWindow();
  }

  /** Background requests allowed before the next reset. */
  backgroundAvailable(): number {
    return this.window.backgroundAvailable();
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
    this.window.giveBack();
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
    if (!this.held.holdsAtOrBefore(priority) && this.canSend(priority)) {
      return Promise.resolve(this.take(priority));
    }
    const wait = this.window.resumesAt(priority) - this.now();
    if (priority !== 'background' && priority !== 'bulk' && wait > options.maxWaitMs) {
      return Promise.resolve({
        kind: 'rate_limited',
        message: `The request limit for this key is used up. Try again in about ${Math.ceil(wait / 1000)} s.`,
        retryAfterMs: wait,
      });
    }
    this.onHold?.(Math.max(0, wait), priority);
    const held = this.held.hold(priority, signal);
    this.schedule();
    this.changed();
    return held;
  }

  /** What the answer to a permitted call said: its rate-limit headers, and the wait a 429 asked for. */
  settle(permit: Permit, answer: RateAnswer): void {
    this.done(permit);
    this.window.learn(permit.sentAt, answer, this.inFlight);
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

  private canSend(priority: CallPriority): boolean {
    // An operator's call is answered before the next background page goes out.
    if (priority === 'background' && (this.urgentInFlight > 0 || this.backgroundHolds > 0)) return false;
    return this.window.allows(priority);
  }

  private take(priority: CallPriority): Permit {
    this.inFlight++;
    if (priority !== 'background') this.urgentInFlight++;
    this.window.spend();
    return { sentAt: this.now(), priority };
  }

  private pump(): void {
    let granted = false;
    while (this.held.size > 0 && this.canSend(this.held.head!.priority)) {
      const waiter = this.held.next()!;
      waiter.grant(this.take(waiter.priority));
      granted = true;
    }
    this.schedule();
    if (granted || this.held.size === 0 || this.timer) this.changed();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const head = this.held.head;
    if (!head) return;
    // Background work held only by an operator's call in flight goes on when that call is answered.
    if (head.priority === 'background' && this.backgroundHolds > 0) return;
    if (head.priority === 'background' && this.urgentInFlight > 0 && this.window.allows('background')) return;
    const wait = Math.max(1, this.window.resumesAt(head.priority) - this.now());
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

/** A permit or an error, told apart. */
export const isPermit = (p: Permit | AppError): p is Permit => 'sentAt' in p;
