// What a long background job tells the user while the rate budget holds it: that it waits, until when,
// and how long its remaining requests will take under the budget (waits included).
import type { RateBudgetView } from './types';

/** Waits shorter than this are not worth saying. */
const SHOWN_AFTER_MS = 500;

/**
 * Calls `onWait(resumesAt)` when background work starts waiting for the budget, again every `everyMs`
 * while it waits (so the countdown stays true), and `onWait(null)` once it goes on. Returns the stop.
 */
export function watchBackgroundWaits(
  budget: RateBudgetView | undefined,
  onWait: (resumesAt: number | null) => void,
  everyMs = 1_000,
  now: () => number = Date.now,
): () => void {
  if (!budget) return () => undefined;
  let waiting = false;
  const check = () => {
    const wait = budget.backgroundWait();
    const resumesAt = wait && wait.resumesAt - now() > SHOWN_AFTER_MS ? wait.resumesAt : null;
    if (resumesAt === null && !waiting) return;
    waiting = resumesAt !== null;
    onWait(resumesAt);
  };
  const unsubscribe = budget.onChange(check);
  const timer = setInterval(check, everyMs);
  timer.unref?.();
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}

/**
 * How long `requests` more background requests take under the budget: null when they fit in what the
 * current window has left (then the job's own pace says), else the wait for the reset plus a window for
 * each further share.
 */
export function backgroundTimeMs(
  budget: RateBudgetView | undefined,
  requests: number,
  now = Date.now(),
): number | null {
  if (!budget || requests <= 0) return null;
  const available = budget.backgroundAvailable();
  const perWindow = budget.backgroundPerWindow();
  const state = budget.state();
  if (requests <= available || !perWindow || !state) return null;
  const windowMs = budget.windowLengthMs;
  const untilReset = Math.max(0, state.resetAt - now);
  return untilReset + (Math.ceil((requests - available) / perWindow) - 1) * windowMs;
}

export const RATE_WAIT_MESSAGE = 'Waiting for the rate limit';
