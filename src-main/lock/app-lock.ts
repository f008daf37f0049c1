// The app's lock: an unattended desk shows nothing. Card Desk locks after `idleMinutes` without input
// (policy autoLockMinutes; default 10), when the screen locks or the computer sleeps (the shell's
// powerMonitor, behind LockSignals), and on command (the Lock button, Ctrl+L). While locked the window shows
// only the lock screen and main refuses every channel but the lock's own and the status (guardWhileLocked):
// no page can read a customer and no write can start. Work already under way (a sync, a write already
// sent) finishes. Unlocking takes a click, or, where the policy sets unlockPasscode, the passcode the
// operator chose, kept as an scrypt hash in the OS keychain; from the fifth wrong passcode on, each next
// try waits twice as long as the last (30 s, 60 s, 120 s...).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { LockState } from '../../src-shared/ipc/channels/lock';
import { errorMessage } from '../errors/error-message';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../ports/ports';

export const DEFAULT_AUTO_LOCK_MINUTES = 10;
/** The keychain account of the passcode's hash (never an environment's id, which accounts start with). */
export const PASSCODE_ACCOUNT = '#card-desk-unlock-passcode';
/** The keychain account of a passcode the operator chose where the policy asks for none. */
export const OWN_PASSCODE_ACCOUNT = '#card-desk-own-unlock-passcode';
export const FREE_TRIES = 5;
export const FIRST_WAIT_MS = 30_000;
/** How often the idle time is read. */
const IDLE_CHECK_MS = 15_000;

/** What the operating system tells: how long there has been no input, and when the screen locks or it sleeps. */
export interface LockSignals {
  /** Seconds since the last keyboard or mouse input anywhere on the computer. */
  idleSeconds(): number;
  /** Calls `locked` when the screen locks or the computer is about to sleep; answers how to stop. */
  onSystemLock(locked: () => void): () => void;
}

export interface AppLockOptions {
  secretStore: SecretStore;
  /** Tells the window (lock.changed). */
  tell: (state: LockState) => void;
  /** Policy autoLockMinutes (1..240): fixes the idle minutes; without it Settings chooses them. */
  autoLockMinutes?: number;
  /** The minutes chosen in Settings, as saved (default 10), and where a new choice is saved. */
  savedIdleMinutes?: number;
  saveIdleMinutes?: (minutes: number) => void;
  /** Policy unlockPasscode; default false (a click unlocks, unless the operator chose a passcode). */
  unlockPasscode?: boolean;
  /** The operator chose a passcode in Settings (saved with the idle minutes), and where a change is saved. */
  ownPasscode?: boolean;
  saveOwnPasscode?: (on: boolean) => void;
  signals?: LockSignals;
  now?: () => number;
  logger?: Logger;
}

const validMinutes = (n: number) => Number.isInteger(n) && n >= 1 && n <= 240;

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scryptHash(passcode: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(passcode.normalize('NFC'), salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64. */
async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptHash(passcode, salt);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

async function passcodeMatches(passcode: string, stored: string): Promise<boolean> {
  const [kind, , , , salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const got = await scryptHash(passcode, Buffer.from(salt, 'base64'));
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** Deletes the operator's own passcode from the keychain, once the passcode given is that one. */
async function removeOwnPasscode(
  store: SecretStore,
  passcode: string,
  lock: { passcodeByPolicy: boolean; isLocked: boolean },
): Promise<Result<true>> {
  if (lock.passcodeByPolicy)
    return err('forbidden', 'Your IT policy asks for a passcode to unlock Card Desk: it cannot be removed.');
  if (lock.isLocked) return err('forbidden', 'Card Desk is locked: unlock it first.');
  try {
    const stored = await store.get(OWN_PASSCODE_ACCOUNT);
    if (stored !== null && !(await passcodeMatches(passcode, stored)))
      return err('unauthorized', 'That passcode is not the one chosen.', { field: 'passcode' });
    await store.delete(OWN_PASSCODE_ACCOUNT);
    return ok(true);
  } catch (e) {
    return err(
      'keychain_unavailable',
      `The passcode could not be removed from the system keychain: ${errorMessage(e)}`,
    );
  }
}

export class AppLock {
  private locked = false;
  private reason: LockState['reason'] = null;
  private failures = 0;
  private retryAt: number | null = null;
  private passcodeSet = false;
  /** The operator chose a passcode where the policy asks for none (its hash under OWN_PASSCODE_ACCOUNT). */
  private ownPasscode: boolean;
  private idleMinutes: number;
  private readonly idleMinutesFixed: boolean;
  /** The policy asks for a passcode (unlockPasscode); otherwise one is asked for once the operator chose it. */
  readonly passcodeByPolicy: boolean;
  private readonly now: () => number;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: AppLockOptions) {
    this.idleMinutesFixed = options.autoLockMinutes !== undefined;
    this.idleMinutes = options.autoLockMinutes ?? options.savedIdleMinutes ?? DEFAULT_AUTO_LOCK_MINUTES;
    if (!validMinutes(this.idleMinutes)) throw new RangeError('autoLockMinutes must be a whole number from 1 to 240');
    this.passcodeByPolicy = options.unlockPasscode ?? false;
    this.ownPasscode = options.ownPasscode ?? false;
    this.now = options.now ?? Date.now;
    const { signals } = options;
    if (signals) {
      this.stops.push(signals.onSystemLock(() => this.lock('system')));
      const timer = setInterval(() => this.checkIdle(), IDLE_CHECK_MS);
      timer.unref();
      this.stops.push(() => clearInterval(timer));
    }
  }

  private get passcodeRequired(): boolean {
    return this.passcodeByPolicy || (this.ownPasscode && this.passcodeSet);
  }
  private get account() {
    return this.passcodeByPolicy ? PASSCODE_ACCOUNT : OWN_PASSCODE_ACCOUNT;
  }

  /** Reads whether a passcode was chosen (at start; the keychain may be slow or missing). */
  async load(): Promise<void> {
    if (!this.passcodeByPolicy && !this.ownPasscode) return;
    try {
      this.passcodeSet = (await this.options.secretStore.get(this.account)) !== null;
    } catch (e) {
      this.options.logger?.warn({ error: errorMessage(e) }, 'could not read whether an unlock passcode was chosen');
    }
  }

  /** Locks when the computer has had no input for idleMinutes. */
  checkIdle(): void {
    const idle = this.options.signals?.idleSeconds() ?? 0;
    if (!this.locked && idle >= this.idleMinutes * 60) this.lock('idle');
  }

  get isLocked(): boolean {
    return this.locked;
  }

  state(): LockState {
    return {
      locked: this.locked,
      reason: this.locked ? this.reason : null,
      passcodeRequired: this.passcodeRequired,
      passcodeSet: this.passcodeSet,
      passcodeByPolicy: this.passcodeByPolicy,
      retryAt: this.retryAt !== null && this.retryAt > this.now() ? this.retryAt : null,
      idleMinutes: this.idleMinutes,
      idleMinutesFixed: this.idleMinutesFixed,
    };
  }

  /** The idle minutes chosen in Settings (refused when the policy fixes them). */
  setIdleMinutes(minutes: number): Result<LockState> {
    if (this.idleMinutesFixed)
      return err('forbidden', `Your IT policy locks Card Desk after ${this.idleMinutes} minutes without use.`, {
        field: 'minutes',
      });
    if (!validMinutes(minutes))
      return err('validation', 'minutes must be a whole number from 1 to 240', { field: 'minutes' });
    this.idleMinutes = minutes;
    this.options.saveIdleMinutes?.(minutes);
    this.options.tell(this.state());
    return ok(this.state());
  }

  lock(reason: NonNullable<LockState['reason']>): LockState {
    if (!this.locked) {
      this.locked = true;
      this.reason = reason;
      this.options.logger?.info({ reason }, 'Card Desk locked');
      this.options.tell(this.state());
    }
    return this.state();
  }

  async unlock(passcode: string | undefined): Promise<Result<LockState>> {
    if (!this.locked) return ok(this.state());
    if (this.passcodeRequired) {
      const wait = this.retryAt === null ? 0 : this.retryAt - this.now();
      if (wait > 0)
        return err('rate_limited', `Too many wrong passcodes: try again in ${Math.ceil(wait / 1000)} seconds.`, {
          field: 'passcode',
        });
      let stored: string | null;
      try {
        stored = await this.options.secretStore.get(this.account);
      } catch (e) {
        return err(
          'keychain_unavailable',
          `The unlock passcode could not be read from the system keychain: ${errorMessage(e)}`,
        );
      }
      if (stored === null) return err('validation', 'Choose a passcode first.', { field: 'passcode' });
      if (!passcode || !(await passcodeMatches(passcode, stored))) {
        this.failures++;
        if (this.failures >= FREE_TRIES) this.retryAt = this.now() + FIRST_WAIT_MS * 2 ** (this.failures - FREE_TRIES);
        this.options.tell(this.state());
        const left = FREE_TRIES - this.failures;
        return err(
          'unauthorized',
          left > 0
            ? `That passcode is not the one chosen. ${left} tries left before a wait.`
            : `That passcode is not the one chosen. Wait ${Math.ceil((this.retryAt! - this.now()) / 1000)} seconds before the next try.`,
          { field: 'passcode' },
        );
      }
    }
    this.failures = 0;
    this.retryAt = null;
    this.locked = false;
    this.reason = null;
    this.options.logger?.info({}, 'Card Desk unlocked');
    this.options.tell(this.state());
    return ok(this.state());
  }

  /** Chooses the passcode: while unlocked, or locked when none was chosen yet (which also unlocks). */
  async setPasscode(passcode: string): Promise<Result<LockState>> {
    if (this.locked && this.passcodeSet)
      return err('forbidden', 'Card Desk is locked: unlock it with the current passcode first.');
    try {
      await this.options.secretStore.set(this.account, await hashPasscode(passcode));
    } catch (e) {
      return err('keychain_unavailable', `The passcode could not be kept in the system keychain: ${errorMessage(e)}`);
    }
    this.passcodeSet = true;
    if (!this.passcodeByPolicy) this.keepOwnPasscode(true);
    if (this.locked) return this.unlock(passcode);
    this.options.tell(this.state());
    return ok(this.state());
  }

  /**
   * Stops asking for a passcode the operator chose (never one the policy asks for): only with that passcode,
   * and only while unlocked.
   */
  async removePasscode(passcode: string): Promise<Result<LockState>> {
    const removed = await removeOwnPasscode(this.options.secretStore, passcode, this);
    if (!removed.ok) return removed;
    this.passcodeSet = false;
    this.keepOwnPasscode(false);
    this.options.tell(this.state());
    return ok(this.state());
  }

  private keepOwnPasscode(on: boolean): void {
    this.ownPasscode = on;
    this.options.saveOwnPasscode?.(on);
  }
  dispose(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}
