// A clock a test moves on, shared by a local server (its rate-limit windows) and the client (its request
// budget): the windows can then be long, far above the work, so a slow machine still fills one before it
// turns, and the test skips the waits instead of sleeping through them.
import type { RateBudgetView } from '../../../src-main/api/types';

export interface TestClock {
  now(): number;
  /** Moves the clock on by `ms` (never back). */
  advance(ms: number): void;
  /** Stops the clock until `resume`: nothing the clock times (a window, a wait) can end meanwhile. */
  hold(): void;
  resume(): void;
}

export function testClock(): TestClock {
  let offset = 0;
  let heldAt: number | null = null;
  const now = () => heldAt ?? Date.now() + offset;
  return {
    now,
    advance: (ms) => {
      if (heldAt !== null) heldAt += Math.max(0, ms);
      else offset += Math.max(0, ms);
    },
    hold: () => {
      heldAt ??= now();
    },
    resume: () => {
      if (heldAt === null) return;
      offset = heldAt - Date.now();
      heldAt = null;
    },
  };
}

/**
 * Whenever background work waits for the budget (a window used up, a 429's wait), moves the clock on to
 * the moment it may go again and lets the budget look: the wait is skipped, not slept through. Returns
 * the stop.
 */
export function skipBudgetWaits(budget: RateBudgetView, clock: TestClock): () => void {
  let looking = false;
  const skip = () => {
    looking = false;
    const wait = budget.backgroundWait();
    if (!wait) return;
    const ahead = wait.resumesAt - clock.now();
    if (ahead > 0) clock.advance(ahead);
    // Taking and releasing a hold makes the budget look at the clock again now, not when its timer ends.
    budget.holdBackground()();
  };
  const stop = budget.onChange(() => {
    if (looking || !budget.backgroundWait()) return;
    looking = true;
    setImmediate(skip);
  });
  skip();
  return stop;
}
