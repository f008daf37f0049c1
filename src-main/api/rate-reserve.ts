// What each lane of the rate budget leaves free of a limit for the lanes before it: background work
// keeps a reserve for writes, an operator's calls and batches; a batch's writes keep one for an operator.
import type { CallPriority } from './call-priority';

/** Share of the limit background work leaves free, and its floor. */
export const RESERVE_SHARE = 0.1;
export const MIN_RESERVE = 5;
/** Share of the limit a batch's writes leave free for an operator's calls, and its floor. */
export const BULK_RESERVE_SHARE = 0.05;
export const MIN_BULK_RESERVE = 2;

/** What background work leaves free of a limit: about a tenth, at least 5, never the whole limit. */
export function reserveOf(limit: number): number {
  return Math.max(0, Math.min(Math.max(MIN_RESERVE, Math.ceil(limit * RESERVE_SHARE)), limit - 1));
}

/** What a batch's writes leave free of a limit for an operator's calls: a twentieth, at least 2. */
export function bulkReserveOf(limit: number): number {
  return Math.max(0, Math.min(Math.max(MIN_BULK_RESERVE, Math.ceil(limit * BULK_RESERVE_SHARE)), limit - 1));
}

/** The calls a call of this priority must leave in the window. */
export function floorOf(priority: CallPriority, limit: number): number {
  if (priority === 'background') return reserveOf(limit);
  return priority === 'bulk' ? bulkReserveOf(limit) : 0;
}
