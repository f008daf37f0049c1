// Spreading a batch's writes evenly over the server's rate-limit window, rather than sending the window's
// room in one burst and then waiting for the reset. The batch sends as many rows per window either way
// (all of its room), but a burst keeps the main process busy for seconds at a time, which the operator
// feels as a slow screen (a keystroke answered late), and it empties the window early for everyone else.
// Each row waits for its slot: the window's room for the batch (remaining less the operator's reserve)
// spread over the time left before the reset, worked out again from the budget's latest figures per row.
import { setTimeout as sleep } from 'node:timers/promises';
import { bulkReserveOf } from '../api/rate-budget';
import type { RateBudgetView } from '../api/types';

export class Pacer {
  private nextAt = 0;

  constructor(
    private readonly budget: RateBudgetView | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long the next row waits for its slot (0: now). */
  delayMs(): number {
    const at = this.now();
    const state = this.budget?.state();
    const room = state ? state.remaining - bulkReserveOf(state.limit) : 0;
    // Unknown window, or none left (the budget itself then waits for the reset): no spreading.
    if (!state || state.limit <= 0 || state.resetAt <= at || room <= 0) {
      this.nextAt = at;
      return 0;
    }
    const slot = Math.max(at, this.nextAt);
    this.nextAt = slot + (state.resetAt - slot) / room;
    return slot - at;
  }

  /** Waits for the next row's slot; false when `signal` stopped the wait. */
  async wait(signal: AbortSignal): Promise<boolean> {
    const ms = this.delayMs();
    if (ms <= 0) return !signal.aborted;
    try {
      await sleep(ms, undefined, { signal });
      return true;
    } catch {
      return false;
    }
  }
}
