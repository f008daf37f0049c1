// The lock with a passcode across restarts and keychain trouble: a chosen passcode makes Card Desk start
// locked; the wrong tries and their wait are in the keychain (written before each check) and outlive the
// app; a keychain that cannot be read keeps it locked, says so, and lets no new passcode replace the old
// one; changing the passcode takes the current one; an older, cheaper hash still unlocks and is replaced.
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src-shared/ipc/contract';
import type { LockState } from '../../../src-shared/ipc/channels/lock';
import { AppLock, FIRST_WAIT_MS, PASSCODE_ACCOUNT, TRIES_ACCOUNT } from '../../../src-main/lock/app-lock';
import type { SecretStore } from '../../../src-main/keychain/secret-store';
import { memoryStore } from '../memory-secret-store';

const PASSCODE = 'kestrel-47';

/** The memory store, with every set and delete recorded, and a switch that makes the keychain unreadable. */
function keychain() {
  const store = memoryStore();
  const writes: string[] = [];
  let broken: string | null = null;
  const fail = () => {
    if (broken) throw new Error(broken);
  };
  const port: SecretStore = {
    get: async (a) => (fail(), store.get(a)),
    set: async (a, s) => (fail(), writes.push(`set ${a} ${a === TRIES_ACCOUNT ? s : '…'}`), store.set(a, s)),
    delete: async (a) => (fail(), writes.push(`delete ${a}`), store.delete(a)),
    accounts: async () => (fail(), store.accounts()),
  };
  return { port, entries: store.entries, writes, breaks: (why: string | null) => void (broken = why) };
}

/** A Card Desk started on `port` with the passcode policy, its clock at `clock.now`. */
async function start(port: SecretStore, clock: { now: number }, told: LockState[] = []): Promise<AppLock> {
  const lock = new AppLock({
    secretStore: port,
    tell: (s) => told.push(s),
    unlockPasscode: true,
    now: () => clock.now,
  });
  await lock.load();
  return lock;
}

const error = (r: { ok: boolean; error?: { kind: string; message: string; field?: string } }) =>
  r.ok ? null : r.error;

describe('the lock across restarts', () => {
  it('starts locked once a passcode is chosen, and keeps the wrong tries and their wait through a restart', async () => {
    const k = keychain();
    const clock = { now: 1_700_000_000_000 };
    const first = await start(k.port, clock);
    expect((await first.setPasscode(PASSCODE)).ok).toBe(true);
    first.lock('command');
    for (let i = 0; i < 5; i++) await first.unlock(`wrong-${i}`);
    expect(first.state().retryAt).toBe(clock.now + FIRST_WAIT_MS);
    // Gone without a goodbye: nothing is written at dispose, the keychain already holds the tries.
    expect(JSON.parse(k.entries.get(TRIES_ACCOUNT)!)).toEqual({ failures: 5, retryAt: clock.now + FIRST_WAIT_MS });

    clock.now += 10_000;
    const second = await start(k.port, clock);
    expect(second.state()).toMatchObject({
      locked: true,
      reason: 'start',
      passcodeSet: true,
      retryAt: clock.now + FIRST_WAIT_MS - 10_000,
      problem: null,
    });
    expect(error(await second.unlock(PASSCODE))).toMatchObject({
      kind: 'rate_limited',
      message: 'Too many wrong passcodes: try again in 20 seconds.',
    });
    clock.now += 20_000;
    // The sixth wrong try, in the new run, doubles the wait as it would have in the first.
    expect(error(await second.unlock('wrong-6'))?.message).toBe(
      'That passcode is not the one chosen. Wait 60 seconds before the next try.',
    );
    clock.now += 60_000;
    expect(await second.unlock(PASSCODE)).toMatchObject({ ok: true, data: { locked: false, retryAt: null } });
    expect(k.entries.has(TRIES_ACCOUNT)).toBe(false);
    // Without a passcode policy nothing of this applies: it starts unlocked.
    const plain = new AppLock({ secretStore: k.port, tell: () => {} });
    await plain.load();
    expect(plain.isLocked).toBe(false);
  });

  it('writes each try down before checking it, so even a right passcode was counted until it matched', async () => {
    const k = keychain();
    const clock = { now: 1_700_000_000_000 };
    const lock = await start(k.port, clock);
    await lock.setPasscode(PASSCODE);
    lock.lock('command');
    k.writes.length = 0;
    expect((await lock.unlock(PASSCODE)).ok).toBe(true);
    expect(k.writes).toEqual([`set ${TRIES_ACCOUNT} {"failures":1,"retryAt":null}`, `delete ${TRIES_ACCOUNT}`]);
  });

  it('stays locked and says so while the keychain cannot be read, never replaces the passcode, and heals', async () => {
    const k = keychain();
    const clock = { now: 1_700_000_000_000 };
    await (await start(k.port, clock)).setPasscode(PASSCODE);
    const hash = k.entries.get(PASSCODE_ACCOUNT);

    k.breaks('Cannot autolaunch D-Bus without X11 $DISPLAY');
    const told: LockState[] = [];
    const lock = await start(k.port, clock, told);
    const problem =
      'The system keychain could not be read (Cannot autolaunch D-Bus without X11 $DISPLAY), so your passcode ' +
      'cannot be checked. Card Desk stays locked until the keychain answers again.';
    // The lock screen asks for the passcode (never to choose one) and shows why it cannot be checked.
    expect(lock.state()).toMatchObject({ locked: true, reason: 'start', passcodeSet: true, problem });
    expect(told.at(-1)).toMatchObject({ locked: true, problem });
    expect(error(await lock.unlock(PASSCODE))).toEqual({ kind: 'keychain_unavailable', message: problem });
    expect(error(await lock.setPasscode('a-new-one'))).toMatchObject({ kind: 'forbidden' });
    expect(lock.isLocked).toBe(true);

    // The keychain answers again: the old passcode, and only it, unlocks.
    k.breaks(null);
    expect(error(await lock.setPasscode('a-new-one'))).toMatchObject({ kind: 'forbidden' });
    expect(error(await lock.unlock('a-new-one'))?.kind).toBe('unauthorized');
    expect(await lock.unlock(PASSCODE)).toMatchObject({ ok: true, data: { locked: false, problem: null } });
    expect(k.entries.get(PASSCODE_ACCOUNT)).toBe(hash);
  });

  it('does not check a try it could not write down', async () => {
    const k = keychain();
    const clock = { now: 1_700_000_000_000 };
    const lock = await start(k.port, clock);
    await lock.setPasscode(PASSCODE);
    lock.lock('command');
    const store = k.port;
    const refusing: SecretStore = {
      ...store,
      set: async (a, s) => {
        if (a === TRIES_ACCOUNT) throw new Error('the keyring is locked');
        return store.set(a, s);
      },
    };
    const again = new AppLock({ secretStore: refusing, tell: () => {}, unlockPasscode: true, now: () => clock.now });
    await again.load();
    expect(error(await again.unlock(PASSCODE))).toMatchObject({
      kind: 'keychain_unavailable',
      message:
        'This try could not be recorded in the system keychain (the keyring is locked), so the passcode was not checked.',
    });
    expect(again.isLocked).toBe(true);
  });

  it('counts a damaged record of tries as a wait, never as tries given back', async () => {
    const k = keychain();
    const clock = { now: 1_700_000_000_000 };
    await (await start(k.port, clock)).setPasscode(PASSCODE);
    k.entries.set(TRIES_ACCOUNT, '{"failures":"none"}');
    const lock = await start(k.port, clock);
    expect(lock.state()).toMatchObject({ locked: true, retryAt: clock.now + FIRST_WAIT_MS });
    expect(error(await lock.unlock(PASSCODE))?.kind).toBe('rate_limited');
  });
});

describe('changing the passcode', () => {
  it('takes the current passcode; a wrong one counts as a wrong try', async () => {
    const k = keychain();
    const clock = { now: 1_700_000_000_000 };
    const lock = await start(k.port, clock);
    await lock.setPasscode(PASSCODE);
    expect(error(await lock.setPasscode('second-one'))).toMatchObject({
      kind: 'validation',
      field: 'current',
      message: 'Enter your current passcode to change it.',
    });
    expect(error(await lock.setPasscode('second-one', 'not-it'))).toMatchObject({
      kind: 'unauthorized',
      field: 'current',
      message: 'That passcode is not the one chosen. 4 tries left before a wait.',
    });
    expect(await lock.setPasscode('second-one', PASSCODE)).toMatchObject({ ok: true, data: { passcodeSet: true } });
    lock.lock('command');
    expect(error(await lock.unlock(PASSCODE))?.kind).toBe('unauthorized');
    expect((await lock.unlock('second-one')).ok).toBe(true);
  });

  it('asks for at least 6 characters at the IPC boundary', () => {
    const input = contract['lock.setPasscode'].input;
    const short = input.safeParse({ passcode: '12345' });
    expect(short.success ? null : short.error.issues[0]).toMatchObject({
      path: ['passcode'],
      message: 'passcode must be at least 6 characters',
    });
    expect(input.safeParse({ passcode: '123456', current: 'old' }).success).toBe(true);
  });

  it('still unlocks with a hash made at the earlier cost (N = 2^14), and replaces it with one at 2^17', async () => {
    const k = keychain();
    const salt = Buffer.alloc(16, 7);
    const old = scryptSync(PASSCODE, salt, 32, { N: 16384, r: 8, p: 1 });
    k.entries.set(PASSCODE_ACCOUNT, ['scrypt', 16384, 8, 1, salt.toString('base64'), old.toString('base64')].join('$'));
    const lock = await start(k.port, { now: 1_700_000_000_000 });
    expect(lock.state()).toMatchObject({ locked: true, reason: 'start' });
    expect((await lock.unlock(PASSCODE)).ok).toBe(true);
    expect(k.entries.get(PASSCODE_ACCOUNT)).toMatch(/^scrypt\$131072\$8\$1\$/);
    lock.lock('command');
    expect((await lock.unlock(PASSCODE)).ok).toBe(true);
  });
});
