// Updates: what the status bar shows ("Update ready: restart") and the restart that installs it.
import { z } from 'zod';
import { channel, noInput } from './common';

export const updateStatusSchema = z.discriminatedUnion('state', [
  /** Updates are switched off (IT policy) or this build has no update feed. */
  z.object({ state: z.literal('off') }),
  z.object({ state: z.literal('current'), checkedAt: z.string().nullable() }),
  z.object({ state: z.literal('checking') }),
  z.object({ state: z.literal('downloading'), version: z.string() }),
  z.object({ state: z.literal('ready'), version: z.string() }),
  /** The downloaded file was not signed with a key built into Card Desk (or changed after its check): deleted. */
  z.object({ state: z.literal('discarded'), version: z.string(), message: z.string(), at: z.string() }),
  z.object({ state: z.literal('failed'), message: z.string(), at: z.string() }),
]);
export type UpdateStatusPayload = z.output<typeof updateStatusSchema>;

export const updatesChannels = {
  'updates.status': channel(noInput, updateStatusSchema),
  /**
   * Installs the downloaded update and restarts; refused (conflict) while a write awaits its answer, or
   * when it could not be installed (the reason says why).
   */
  'updates.restart': channel(noInput, z.object({ restarting: z.literal(true) })),
};
