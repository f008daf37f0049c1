// The app lock as the options and the policy set it: its idle minutes (fixed by policy, else the operator's
// saved choice), whether unlocking takes a passcode, and the system's idle and screen-lock signals; and the
// `emit` every other room is given, which holds back all but the lock's, the status's and updates' events
// while it is locked and tells the latest of each once it is unlocked (lock/locked-events.ts).
import { errorMessage } from '../errors/error-message';
import type { SecretStore } from '../keychain/secret-store';
import { AppLock } from '../lock/app-lock';
import { readIdleMinutes, readOwnPasscode, writeIdleMinutes, writeOwnPasscode } from '../lock/lock-settings';
import { lockedEventGate } from '../lock/locked-events';
import type { AppLogger } from '../logging/logger';
import type { Policy } from '../policy/policy';
import type { Emit } from '../ports/ports';
import type { AppCoreOptions } from './app-core-options';

export async function openAppLock(
  options: Pick<AppCoreOptions, 'dataDir' | 'autoLockMinutes' | 'unlockPasscode' | 'lockSignals' | 'lockClock'>,
  deps: { policy: Policy; secretStore: SecretStore; emit: Emit; logger: AppLogger },
): Promise<{ lock: AppLock; emit: Emit }> {
  const { dataDir } = options;
  const { policy, logger } = deps;
  const events = lockedEventGate(deps.emit, () => lock.isLocked);
  const lock: AppLock = new AppLock({
    secretStore: deps.secretStore,
    tell: (state) => {
      deps.emit('lock.changed', state);
      if (!state.locked) events.release();
    },
    autoLockMinutes: options.autoLockMinutes ?? policy.autoLockMinutes,
    savedIdleMinutes: readIdleMinutes(dataDir),
    saveIdleMinutes: (minutes) => {
      try {
        writeIdleMinutes(dataDir, minutes);
      } catch (e) {
        logger.warn({ error: errorMessage(e) }, 'could not save the lock setting; it holds until Card Desk closes');
      }
    },
    unlockPasscode: options.unlockPasscode ?? policy.unlockPasscode,
    ownPasscode: readOwnPasscode(dataDir),
    saveOwnPasscode: (on) => {
      try {
        writeOwnPasscode(dataDir, on);
      } catch (e) {
        logger.warn({ error: errorMessage(e) }, 'could not save the passcode choice; it holds until Card Desk closes');
      }
    },
    signals: options.lockSignals,
    ...(options.lockClock ? { now: options.lockClock } : {}),
    logger,
  });
  await lock.load();
  return { lock, emit: events.emit };
}
