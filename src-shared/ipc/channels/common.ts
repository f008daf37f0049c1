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
