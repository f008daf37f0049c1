import { z } from 'zod';
import { channel, noInput } from './common';

/** Whether Card Desk is locked, why, and what unlocking takes. */
export const lockStateSchema = z.object({
  locked: z.boolean(),
  /** What locked it: `idle` (no input for idleMinutes), `system` (the screen locked or the computer slept), `command`. */
  reason: z.enum(['idle', 'system', 'command']).nullable(),
  /** Unlocking takes the operator's passcode (the IT policy asks for one, or the operator chose one). */
  passcodeRequired: z.boolean(),
  /** The IT policy asks for a passcode: it cannot be removed in Settings. */
  passcodeByPolicy: z.boolean(),
  /** A passcode has been chosen (when one is required and none is, the lock screen asks for one). */
  passcodeSet: z.boolean(),
  /** After too many wrong passcodes: no try is taken before this time (Unix ms). */
  retryAt: z.number().nullable(),
  /** Minutes without input after which Card Desk locks. */
  idleMinutes: z.number().int(),
  /** The IT policy fixes idleMinutes (autoLockMinutes): Settings shows it and cannot change it. */
  idleMinutesFixed: z.boolean(),
});
export type LockState = z.infer<typeof lockStateSchema>;

const passcode = z
  .string({ error: 'passcode is required' })
  .min(4, { error: 'passcode must be at least 4 characters' })
  .max(200, { error: 'passcode must be at most 200 characters' });

export const lockChannels = {
  'lock.state': channel(noInput, lockStateSchema),
  /** Locks now (the Lock button, Ctrl+L). */
  'lock.lock': channel(noInput, lockStateSchema),
  'lock.unlock': channel(z.object({ passcode: z.string().max(200).optional() }).optional(), lockStateSchema),
  /** Minutes without input before Card Desk locks (Settings), unless the IT policy fixes them. */
  'lock.setIdleMinutes': channel(
    z.object({
      minutes: z
        .number({ error: 'minutes must be a number' })
        .int({ error: 'minutes must be a whole number' })
        .min(1, { error: 'minutes must be at least 1' })
        .max(240, { error: 'minutes must be at most 240' }),
    }),
    lockStateSchema,
  ),
  /** Chooses the unlock passcode (while unlocked, or on the lock screen when none was chosen yet). */
  'lock.setPasscode': channel(z.object({ passcode }), lockStateSchema),
  /** Stops asking for a passcode the operator chose (not the policy's): with that passcode, while unlocked. */
  'lock.removePasscode': channel(z.object({ passcode: z.string().max(200) }), lockStateSchema),
};
