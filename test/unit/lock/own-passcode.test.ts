// A passcode the operator chose where the IT policy asks for none: once chosen (Settings), unlocking takes it,
// also after a restart (its hash in the keychain, the choice in lock.json), and only in the data folder that
// chose it; it is removed only with that passcode and only while unlocked; the policy's cannot be removed.
import { describe, expect, it } from 'vitest';
import { AppLock, OWN_PASSCODE_ACCOUNTS, PASSCODE_ACCOUNT } from '../../../src-main/lock/app-lock';
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
    const store = memoryStore();
    const lock = newLock(store);
    await lock.load();
    expect(lock.state()).toMatchObject({ passcodeRequired: false, passcodeSet: false, passcodeByPolicy: false });
    expect((await lock.setPasscode('kestrel-9')).ok).toBe(true);
    expect(lock.state()).toMatchObject({ passcodeRequired: true, passcodeSet: true, passcodeByPolicy: false });
    // Kept apart from the policy's passcode.
    expect(await store.get(OWN_PASSCODE_ACCOUNTS.passcode)).not.toBeNull();
    expect(await store.get(PASSCODE_ACCOUNT)).toBeNull();

    lock.lock('command');
    expect(await lock.unlock(undefined)).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(await lock.removePasscode('kestrel-9')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect((await lock.unlock('kestrel-9')).ok).toBe(true);

    expect(await lock.removePasscode('osprey-11')).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(lock.state().passcodeRequired).toBe(true);
    expect((await lock.removePasscode('kestrel-9')).ok).toBe(true);
    expect(lock.state()).toMatchObject({ passcodeRequired: false, passcodeSet: false });
    expect(await store.get(OWN_PASSCODE_ACCOUNTS.passcode)).toBeNull();
    lock.lock('command');
    expect((await lock.unlock(undefined)).ok).toBe(true);
  });

  it('starts locked after a restart, and only in the data folder that chose it', async () => {
    const store = memoryStore();
    const saved = { own: false };
    const first = newLock(store, false, saved);
    await first.load();
    await first.setPasscode('kestrel-9');
    expect(saved.own).toBe(true);
    const again = newLock(store, false, saved);
    await again.load();
    expect(again.state()).toMatchObject({ locked: true, reason: 'start', passcodeRequired: true, passcodeSet: true });
    // Another data folder on the same keychain, which chose no passcode, starts unlocked and unlocks with a click.
    const other = newLock(store);
    await other.load();
    expect(other.state()).toMatchObject({ locked: false, passcodeRequired: false });
  });

  it('cannot remove a passcode the policy asks for', async () => {
    const lock = newLock(memoryStore(), true);
    await lock.load();
    await lock.setPasscode('kestrel-9');
    expect(lock.state()).toMatchObject({ passcodeRequired: true, passcodeByPolicy: true });
    expect(await lock.removePasscode('kestrel-9')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(lock.state().passcodeSet).toBe(true);
  });
});
