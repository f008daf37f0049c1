// The guards a channel declares in the contract (`ChannelGuards`), applied by the dispatcher before its
// handler: closed while Card Desk is locked unless open while locked; a write that needs approval refused.
// What they ask (is it locked, does this write need approval) is given by the composition root.
import type { ChannelGuards, GuardedWrite } from '../../src-shared/ipc/channels/common';
import { err, type Result } from '../../src-shared/ipc/result';

export interface DispatchGuards {
  /** Card Desk is locked now: no page can read a customer and no write can start until it is unlocked. */
  locked(): boolean;
  /** Why this write may not be sent directly (it needs approval, or the same write waits for one), or null. */
  approvalRefusal(write: GuardedWrite): Promise<Result<never> | null>;
}

export const LOCKED_MESSAGE = 'Card Desk is locked: unlock it to continue. Nothing was read or sent.';

/**
 * The refusal the channel's declared guards give a call with this (validated) input, or null when its
 * handler may answer. A call that passed before the lock (a write already sent) finishes.
 */
export async function guardRefusal(
  declared: ChannelGuards,
  input: unknown,
  guards: DispatchGuards,
): Promise<Result<never> | null> {
  if (!declared.openWhileLocked && guards.locked()) return err('forbidden', LOCKED_MESSAGE);
  if (declared.approval) return guards.approvalRefusal(declared.approval(input));
  return null;
}
