import { z } from 'zod';

/** One IPC channel: what the renderer may send and what main answers inside a `Result`. */
export interface ChannelSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
}
export const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O): ChannelSpec<I, O> => ({
  input,
  output,
});

/** Channels that take nothing accept `undefined` or `{}`. */
export const noInput = z.object({}).optional();

/**
 * A write's own input plus the operator's answer to "you did this a moment ago: do it again?". Without
 * `confirmRepeat: true`, a write identical to one that succeeded in the last 10 minutes is not sent.
 */
export const withRepeatConfirmation = <T extends z.ZodType>(request: T) =>
  z.intersection(request, z.object({ confirmRepeat: z.boolean().optional() }));
