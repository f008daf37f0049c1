import { z } from 'zod';
import type { SingleWrite } from '../write-kinds';

/** A write that may need approval, as a channel declares it: one write of a kind, or a previewed batch. */
export type GuardedWrite = SingleWrite | { operation: 'bulkIssue'; input: { batchId: string } };

/**
 * What the one dispatcher (`src-main/ipc/register.ts`) applies to a call before its handler, as the channel
 * declares it. Every channel is refused while Card Desk is locked unless it is `openWhileLocked`.
 */
export interface ChannelGuards<I = unknown> {
  /** Answered while Card Desk is locked: the lock screen's own calls, and the status bar's. */
  openWhileLocked?: true;
  /** The write the call makes, which may need approval: refused (never sent) when it does, or waits for one. */
  approval?: (input: I) => GuardedWrite;
}

/** One IPC channel: what the renderer may send, what main answers inside a `Result`, and its guards. */
export interface ChannelSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  guards: ChannelGuards<z.output<I>>;
}
export const channel = <I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  guards: ChannelGuards<z.output<I>> = {},
): ChannelSpec<I, O> => ({ input, output, guards });

/** Declared on a channel open while Card Desk is locked. */
export const OPEN_WHILE_LOCKED = { openWhileLocked: true } as const;

/** Channels that take nothing accept `undefined` or `{}`. */
export const noInput = z.object({}).optional();

/**
 * A write's own input plus the operator's answer to "you did this a moment ago: do it again?". Without
 * `confirmRepeat: true`, a write identical to one that succeeded in the last 10 minutes is not sent.
 */
export const withRepeatConfirmation = <T extends z.ZodType>(request: T) =>
  z.intersection(request, z.object({ confirmRepeat: z.boolean().optional() }));
