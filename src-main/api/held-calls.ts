// The calls the rate budget holds, in the order they go out: by priority (call-priority.ts), then in the
// order they came. A held call is a promise granted a permit by the budget, or cancelled by its signal.
import type { AppError } from '../../src-shared/ipc/result';
import { type CallPriority, PRIORITY_RANK } from './call-priority';

export const CANCELLED_ERROR: AppError = { kind: 'cancelled', message: 'The request was cancelled.' };

/** A held call: granted once, with what the budget decided (a permit, or an error). */
export interface HeldCall<Granted> {
  priority: CallPriority;
  seq: number;
  grant: (granted: Granted | AppError) => void;
}

export class HeldCalls<Granted> {
  private queue: HeldCall<Granted>[] = [];
  private seq = 0;

  /** `onCancel`: told after a held call was cancelled by its signal and left the queue. */
  constructor(private readonly onCancel: () => void) {}

  get size(): number {
    return this.queue.length;
  }

  /** The call that goes out next. */
  get head(): HeldCall<Granted> | undefined {
    return this.queue[0];
  }

  /** Whether a call of this priority or an earlier lane is held: a new call of this priority queues behind it. */
  holdsAtOrBefore(priority: CallPriority): boolean {
    const rank = PRIORITY_RANK[priority];
    return this.queue.some((w) => PRIORITY_RANK[w.priority] <= rank);
  }

  /** Whether a call of this priority is held. */
  holds(priority: CallPriority): boolean {
    return this.queue.some((w) => w.priority === priority);
  }

  /** Takes the next call off the queue, to be granted. */
  next(): HeldCall<Granted> | undefined {
    return this.queue.shift();
  }

  /** Holds a call in its place; resolves when it is granted, or with CANCELLED_ERROR when `signal` aborts. */
  hold(priority: CallPriority, signal: AbortSignal | undefined): Promise<Granted | AppError> {
    return new Promise<Granted | AppError>((resolve) => {
      const held: HeldCall<Granted> = {
        priority,
        seq: this.seq++,
        grant: (granted) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(granted);
        },
      };
      const onAbort = () => {
        this.queue = this.queue.filter((w) => w !== held);
        held.grant(CANCELLED_ERROR);
        this.onCancel();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(held);
      this.queue.sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || a.seq - b.seq);
    });
  }
}
