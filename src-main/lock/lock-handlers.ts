// The lock's channels. Every other channel is shut while Card Desk is locked by the dispatcher, as the
// contract declares (`openWhileLocked`, applied in `../ipc/guards.ts`).
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { AppLock } from './app-lock';

type LockChannel =
  'lock.state' | 'lock.lock' | 'lock.unlock' | 'lock.setPasscode' | 'lock.removePasscode' | 'lock.setIdleMinutes';

export function lockHandlers(lock: AppLock): HandlersFor<LockChannel> {
  return {
    'lock.state': async () => ok(lock.state()),
    'lock.lock': async () => ok(lock.lock('command')),
    'lock.unlock': async (input) => lock.unlock(input?.passcode),
    'lock.setPasscode': async ({ passcode, current }) => lock.setPasscode(passcode, current),
    'lock.removePasscode': async ({ passcode }) => lock.removePasscode(passcode),
    'lock.setIdleMinutes': async ({ minutes }) => lock.setIdleMinutes(minutes),
  };
}
