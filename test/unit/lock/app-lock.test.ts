// The app's lock: idle time, the system's lock or sleep, and a command lock it; a click unlocks, or, where
// the policy says so, the passcode the operator chose (scrypt-hashed in the keychain port), with a wait that
// doubles from the fifth wrong try; while locked every channel but the lock's and the status is refused.
// Restarts, an unreadable keychain and changing the passcode: lock-restart.test.ts.
import { describe, expect, it } from 'vitest';
import type { LockState } from '../../../src-shared/ipc/channels/lock';
import { ok } from '../../../src-shared/ipc/result';
import {
  AppLock,
  FIRST_WAIT_MS,
  PASSCODE_ACCOUNT,
  TRIES_ACCOUNT,
  type LockSignals,
} from '../../../src-main/lock/app-lock';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import { LOCKED_MESSAGE } from '../../../src-main/ipc/guards';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { memoryStore } from '../memory-secret-store';
import { placeholderCardRequest } from '../../support/card-requests';

function signals(): LockSignals & { idle: number; fire: () => void } {
  let listener: (() => void) | null = null;
  return {
    idle: 0,
    idleSeconds() {
      return this.idle;
    },
    onSystemLock(l) {
      listener = l;
      return () => (listener = null);
    },
    fire: () => listener?.(),
  };
}

describe('the app lock', () => {
  it('locks after idleMinutes without input, on the system lock, and on command; a click unlocks', async () => {
    const told: LockState[] = [];
    const s = signals();
    const lock = new AppLock({
      secretStore: memoryStore(),
      tell: (st) => told.push(st),
      autoLockMinutes: 3,
      signals: s,
    });
    try {
      s.idle = 179;
      lock.checkIdle();
      expect(lock.isLocked).toBe(false);
      s.idle = 180;
      lock.checkIdle();
      expect(lock.state()).toMatchObject({ locked: true, reason: 'idle', idleMinutes: 3, passcodeRequired: false });
      expect((await lock.unlock(undefined)).ok).toBe(true);
      s.fire();
      expect(lock.state()).toMatchObject({ locked: true, reason: 'system' });
      await lock.unlock(undefined);
      expect(lock.lock('command')).toMatchObject({ locked: true, reason: 'command' });
      expect(told.map((t) => t.locked)).toEqual([true, false, true, false, true]);
    } finally {
      lock.dispose();
    }
    expect(() => new AppLock({ secretStore: memoryStore(), tell: () => {}, autoLockMinutes: 0 })).toThrow(/1 to 240/);
  });

  it('asks for the chosen passcode, kept only as an scrypt hash, and waits longer after each wrong try from the fifth', async () => {
    let now = 1_000_000;
    const store = memoryStore();
    const lock = new AppLock({ secretStore: store, tell: () => {}, unlockPasscode: true, now: () => now });
    await lock.load();
    // No passcode chosen yet: nothing to unlock with, so it starts unlocked and asks at the first lock.
    expect(lock.state()).toMatchObject({ locked: false, passcodeRequired: true, passcodeSet: false, problem: null });
    expect((await lock.setPasscode('4711-ada')).ok).toBe(true);
    const stored = store.entries.get(PASSCODE_ACCOUNT)!;
    // scrypt at N = 2^17, r = 8, p = 1 (OWASP), a 16-byte salt, a 32-byte hash.
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(stored).not.toContain('4711-ada');

    lock.lock('command');
    for (let i = 1; i <= 4; i++) {
      const wrong = await lock.unlock('0000');
      expect(!wrong.ok && wrong.error).toMatchObject({ kind: 'unauthorized', field: 'passcode' });
    }
    const fifth = await lock.unlock('0000');
    expect(!fifth.ok && fifth.error.message).toMatch(/Wait 30 seconds/);
    expect(lock.state().retryAt).toBe(now + FIRST_WAIT_MS);
    // Even the right passcode waits.
    const early = await lock.unlock('4711-ada');
    expect(!early.ok && early.error.kind).toBe('rate_limited');
    now += FIRST_WAIT_MS;
    const sixth = await lock.unlock('1111');
    expect(!sixth.ok && sixth.error.message).toMatch(/Wait 60 seconds/);
    now += 2 * FIRST_WAIT_MS;
    expect(await lock.unlock('4711-ada')).toMatchObject({ ok: true, data: { locked: false, retryAt: null } });
    expect(store.entries.has(TRIES_ACCOUNT)).toBe(false);
    // A chosen passcode is not replaced from the lock screen.
    lock.lock('command');
    const replaced = await lock.setPasscode('new-one');
    expect(!replaced.ok && replaced.error.kind).toBe('forbidden');
  });

  it('the dispatcher refuses every channel but those open while locked; a call already under way finishes', async () => {
    const lock = new AppLock({ secretStore: memoryStore(), tell: () => {} });
    let release: () => void = () => {};
    const handlers = {
      'customers.search': async () => ok({ results: [], total: 0, cacheAgeMs: null, lastSyncedAt: null }),
      'cards.create': () => new Promise((resolve) => (release = () => resolve(ok({ sent: true })))),
      'app.status': async () => ok({ fine: true }),
      'lock.state': async () => ok(lock.state()),
    } as unknown as HandlerTable;
    const guards = { locked: () => lock.isLocked, approvalRefusal: async () => null };
    const dispatch = createDispatcher({
      handlers,
      guards,
      allowedOrigins: [APP_ORIGIN],
      cancels: new CancelRegistry(),
    });
    const call = (channel: string, input?: unknown) =>
      dispatch(channel, { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true }, input);
    const card = placeholderCardRequest();
    const inFlight = call('cards.create', card);
    lock.lock('command');
    expect(await call('customers.search', { query: 'ada' })).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: LOCKED_MESSAGE },
    });
    expect(await call('cards.create', card)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect((await call('app.status')).ok).toBe(true);
    expect(await call('lock.state')).toMatchObject({ ok: true, data: { locked: true } });
    release();
    expect(await inFlight).toEqual({ ok: true, data: { sent: true } });
  });

  it('takes the idle minutes chosen in Settings and saves them, unless the policy fixes them', () => {
    const saved: number[] = [];
    const chosen = new AppLock({
      secretStore: memoryStore(),
      tell: () => {},
      savedIdleMinutes: 15,
      saveIdleMinutes: (m) => saved.push(m),
    });
    expect(chosen.state()).toMatchObject({ idleMinutes: 15, idleMinutesFixed: false });
    expect(chosen.setIdleMinutes(30)).toMatchObject({ ok: true, data: { idleMinutes: 30 } });
    expect(saved).toEqual([30]);
    expect(chosen.setIdleMinutes(0)).toMatchObject({ ok: false, error: { kind: 'validation', field: 'minutes' } });
    const fixed = new AppLock({ secretStore: memoryStore(), tell: () => {}, autoLockMinutes: 5, savedIdleMinutes: 15 });
    expect(fixed.state()).toMatchObject({ idleMinutes: 5, idleMinutesFixed: true });
    const refused = fixed.setIdleMinutes(30);
    expect(!refused.ok && refused.error.message).toMatch(/IT policy locks Card Desk after 5 minutes/);
  });
});
