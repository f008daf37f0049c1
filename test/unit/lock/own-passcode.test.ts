// A passcode the operator chose where the IT policy asks for none: once chosen (Settings), unlocking takes it,
// also after a restart (it is read back from the keychain); it is removed only with that passcode and only
// while unlocked; a passcode the policy asks for cannot be removed.
import { describe, expect, it } from 'vitest';
import { AppLock } from '../../../src-main/lock/app-lock';
import { memoryStore } from '../memory-secret-store';

/** A lock as the app makes it, its saved choice of a passcode in `saved` (lock.json's `ownPasscode`). */
const newLock = (store = memoryStore(), unlockPasscode = false, saved = { own: false }) =>
  new AppLock({
    secretStore: store,
    tell: () => undefined,
    unlockPasscode,
    ownPasscode: saved.own,
    saveOwnPasscode: (on) => (saved.own = on),
  });

describe('a passcode by choice', () => {
  it('is asked for once chosen, and stops being asked for once removed with it', async () => {
    const lock = newLock();
    expect(lock.state()).toMatchObject({ passcodeRequired: false, passcodeSet: false, passcodeByPolicy: false });
    expect((await lock.setPasscode('4321')).ok).toBe(true);
    expect(lock.state()).toMatchObject({ passcodeRequired: true, passcodeSet: true, passcodeByPolicy: false });

    lock.lock('command');
    expect(await lock.unlock(undefined)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(await lock.removePasscode('4321')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect((await lock.unlock('4321')).ok).toBe(true);

    expect(await lock.removePasscode('0000')).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(lock.state().passcodeRequired).toBe(true);
    expect((await lock.removePasscode('4321')).ok).toBe(true);
    expect(lock.state()).toMatchObject({ passcodeRequired: false, passcodeSet: false });
    lock.lock('command');
    expect((await lock.unlock(undefined)).ok).toBe(true);
  });

  it('is still asked for after a restart, and only by the app whose settings chose it', async () => {
    const store = memoryStore();
    const saved = { own: false };
    await newLock(store, false, saved).setPasscode('4321');
    expect(saved.own).toBe(true);
    const again = newLock(store, false, saved);
    await again.load();
    expect(again.state()).toMatchObject({ passcodeRequired: true, passcodeSet: true });
    // Another data folder on the same keychain, which chose no passcode, unlocks with a click.
    const other = newLock(store);
    await other.load();
    expect(other.state()).toMatchObject({ passcodeRequired: false });
  });

  it('cannot remove a passcode the policy asks for', async () => {
    const lock = newLock(memoryStore(), true);
    await lock.setPasscode('4321');
    expect(lock.state()).toMatchObject({ passcodeRequired: true, passcodeByPolicy: true });
    expect(await lock.removePasscode('4321')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(lock.state().passcodeSet).toBe(true);
  });
});
