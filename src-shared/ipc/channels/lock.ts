import { z } from 'zod';
import { OPEN_WHILE_LOCKED, channel, noInput } from './common';

/** Whether Card Desk is locked, why, and what unlocking takes. */
export const lockStateSchema = z.object({
  locked: z.boolean(),
  /**
   * What locked it: `start` (Card Desk starts locked once a passcode is chosen), `idle` (no input for
   * idleMinutes), `system` (the screen locked or the computer slept), `command`.
   */
  reason: z.enum(['start', 'idle', 'system', 'command']).nullable(),
  /** Unlocking takes the operator's passcode (IT policy). */
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
  /** Why the passcode cannot be checked now (the system keychain cannot be read): it stays locked meanwhile. */
  problem: z.string().nullable(),
});
export type LockState = z.infer<typeof lockStateSchema>;

export const MIN_PASSCODE_LENGTH = 6;

const passcode = z
  .string({ error: 'passcode is required' })
  .min(MIN_PASSCODE_LENGTH, { error: `passcode must be at least ${MIN_PASSCODE_LENGTH} characters` })
  .max(200, { error: 'passcode must be at most 200 characters' });

export const lockChannels = {
  'lock.state': channel(noInput, lockStateSchema, OPEN_WHILE_LOCKED),
  /** Locks now (the Lock button, Ctrl+L). */
  'lock.lock': channel(noInput, lockStateSchema, OPEN_WHILE_LOCKED),
  'lock.unlock': channel(
    z.object({ passcode: z.string().max(200).optional() }).optional(),
    lockStateSchema,
    OPEN_WHILE_LOCKED,
  ),
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
  /**
   * Chooses the unlock passcode (while unlocked, or on the lock screen when none was chosen yet); changing
   * a chosen one takes the `current` one, and a wrong `current` counts as a wrong try.
   */
  'lock.setPasscode': channel(
    z.object({ passcode, current: z.string().max(200).optional() }),
    lockStateSchema,
    OPEN_WHILE_LOCKED,
  ),
  /** Stops asking for a passcode the operator chose (not the policy's): with that passcode, while unlocked. */
  'lock.removePasscode': channel(z.object({ passcode: z.string().max(200) }), lockStateSchema),
};
