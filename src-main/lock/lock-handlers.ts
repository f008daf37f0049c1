// The lock's channels, and the guard that keeps every other channel shut while Card Desk is locked: no page
// can read a customer and no write can start until it is unlocked. A call that passed the guard before the
// lock (a write already sent) finishes.
import { err, ok } from '../../src-shared/ipc/result';
import type { Channel } from '../../src-shared/ipc/contract';
import type { Handler, HandlerTable, HandlersFor } from '../ipc/handler';
import type { AppLock } from './app-lock';

type LockChannel =
  'lock.state' | 'lock.lock' | 'lock.unlock' | 'lock.setPasscode' | 'lock.removePasscode' | 'lock.setIdleMinutes';

/** What the lock screen itself calls (and the status bar's environment and connection, which name no customer). */
export const OPEN_WHILE_LOCKED: ReadonlySet<Channel> = new Set<Channel>([
  'lock.state',
  'lock.lock',
  'lock.unlock',
  'lock.setPasscode',
  'app.status',
  'app.cancel',
]);

export const LOCKED_MESSAGE = 'Card Desk is locked: unlock it to continue. Nothing was read or sent.';

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

/** The table with every channel but OPEN_WHILE_LOCKED refused while the lock is on. */
export function guardWhileLocked(handlers: HandlerTable, lock: AppLock): HandlerTable {
  const guarded: Record<string, Handler<Channel>> = {};
  for (const [channel, handler] of Object.entries(handlers) as [Channel, Handler<Channel>][]) {
    guarded[channel] = OPEN_WHILE_LOCKED.has(channel)
      ? handler
      : async (input, ctx) => (lock.isLocked ? err('forbidden', LOCKED_MESSAGE) : handler(input, ctx));
  }
  return guarded as HandlerTable;
}
