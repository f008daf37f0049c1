// How a running batch is doing: its rate, and the time left counting the waits the rate limit imposes
// (a batch's writes get the window's requests less a small reserve for the operator; see rate-budget.ts).
import { bulkReserveOf } from '../api/rate-budget';
import type { RateBudgetView } from '../api/types';

/** Rows answered per minute since the batch (re)started; null before two answers. */
export function perMinuteOf(answeredAt: readonly number[], startedAt: number, now: number): number | null {
  const recent = answeredAt.filter((t) => t >= startedAt);
  if (recent.length < 2 || now <= startedAt) return null;
  return Math.round((recent.length / (now - startedAt)) * 60_000 * 10) / 10;
}

/**
 * Time for `left` more rows: at the batch's own pace while the window has room, plus a wait for each
 * window the rest needs under the limit.
 */
export function etaMsOf(
  left: number,
  perMinute: number | null,
  budget: RateBudgetView | undefined,
  now: number,
): number | null {
  if (left <= 0) return 0;
  const pace = perMinute && perMinute > 0 ? (left / perMinute) * 60_000 : null;
  const state = budget?.state();
  const windowMs = budget?.windowLengthMs ?? 0;
  if (!state || !windowMs || state.limit <= 0) return pace;
  const perWindow = Math.max(1, state.limit - bulkReserveOf(state.limit));
  const available = Math.max(0, state.remaining - bulkReserveOf(state.limit));
  if (left <= available) return pace;
  const windows = Math.ceil((left - available) / perWindow);
  const waits = Math.max(0, state.resetAt - now) + (windows - 1) * windowMs;
  return Math.max(pace ?? 0, waits);
}

/** When the batch goes on, while it waits for the rate limit (null when it is not waiting). */
export function waitingUntilOf(
  budget: RateBudgetView | undefined,
  waitingSince: number | null,
  now: number,
): number | null {
  if (waitingSince === null || now - waitingSince < 300) return null;
  const state = budget?.state();
  return state && state.resetAt > now ? state.resetAt : null;
}
