// The app's lock: an unattended desk shows nothing. Card Desk locks after `idleMinutes` without input
// (policy autoLockMinutes; default 10), when the screen locks or the computer sleeps (the shell's
// powerMonitor, behind LockSignals), and on command (the Lock button, Ctrl+L). While locked the window shows
// only the lock screen and main refuses every channel but the lock's own and the status (the dispatcher, as
// the contract declares: openWhileLocked), and holds back every event but the lock's, the status and
// updates (locked-events.ts): no page can read a customer and no write can start. Work already under way (a sync, a write already sent) finishes.
// Unlocking takes a click, or, where the policy sets unlockPasscode, the passcode the operator chose, kept
// as an scrypt hash in the OS keychain (passcode-hash.ts). Then Card Desk also starts locked once a passcode
// has been chosen, and the wrong tries and their wait live in the keychain (wrong-tries.ts), so a restart
// unlocks nothing and ends no wait. A keychain that cannot be read leaves it locked, saying so, and never
// lets a new passcode replace the old one; changing the passcode takes the current one.
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { LockState } from '../../src-shared/ipc/channels/lock';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../ports/ports';
import { OWN_PASSCODE_ACCOUNTS, PasscodeKeeper } from './passcode-keeper';

export { FIRST_WAIT_MS, FREE_TRIES, TRIES_ACCOUNT } from './wrong-tries';
export { OWN_PASSCODE_ACCOUNTS, PASSCODE_ACCOUNT } from './passcode-keeper';
export const DEFAULT_AUTO_LOCK_MINUTES = 10;
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
  /** The operator chose a passcode in Settings where the policy asks for none (lock.json), and where that is saved. */
  ownPasscode?: boolean;
  saveOwnPasscode?: (on: boolean) => void;
  signals?: LockSignals;
  now?: () => number;
  logger?: Logger;
}

const validMinutes = (n: number) => Number.isInteger(n) && n >= 1 && n <= 240;

export class AppLock {
  private locked: boolean;
  private reason: LockState['reason'];
  private idleMinutes: number;
  private readonly idleMinutesFixed: boolean;
  readonly passcodeByPolicy: boolean;
  /** A passcode the operator chose, where the policy asks for none (kept under OWN_PASSCODE_ACCOUNTS). */
  private ownPasscode: boolean;
  private readonly now: () => number;
  private readonly passcode: PasscodeKeeper;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly options: AppLockOptions) {
    this.idleMinutesFixed = options.autoLockMinutes !== undefined;
    this.idleMinutes = options.autoLockMinutes ?? options.savedIdleMinutes ?? DEFAULT_AUTO_LOCK_MINUTES;
    if (!validMinutes(this.idleMinutes)) throw new RangeError('autoLockMinutes must be a whole number from 1 to 240');
    this.passcodeByPolicy = options.unlockPasscode ?? false;
    this.ownPasscode = !this.passcodeByPolicy && (options.ownPasscode ?? false);
    // With a passcode policy it is locked until load() has read that no passcode was chosen yet.
    this.locked = this.passcodeRequired;
    this.reason = this.passcodeRequired ? 'start' : null;
    this.now = options.now ?? Date.now;
    this.passcode = new PasscodeKeeper(
      options.secretStore,
      this.now,
      options.logger,
      ...(this.passcodeByPolicy ? [] : [OWN_PASSCODE_ACCOUNTS]),
    );
    const { signals } = options;
    if (signals) {
      this.stops.push(signals.onSystemLock(() => this.lock('system')));
      const timer = setInterval(() => this.checkIdle(), IDLE_CHECK_MS);
      timer.unref();
      this.stops.push(() => clearInterval(timer));
    }
  }

  /** Unlocking takes the passcode: the policy asks for one, or the operator chose one. */
  private get passcodeRequired(): boolean {
    return this.passcodeByPolicy || this.ownPasscode;
  }

  /** Reads the passcode and the wrong tries (at start): locked when a passcode was chosen or cannot be read. */
  async load(): Promise<void> {
    if (!this.passcodeRequired) return;
    if ((await this.passcode.read()) !== null) return this.options.tell(this.state());
    // A passcode of the operator's own that is gone from the keychain is no longer asked for.
    if (!this.passcodeByPolicy) this.keepOwnPasscode(false);
    this.open('unlocked: no passcode chosen yet');
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
    const { chosen, known, problem } = this.passcode;
    return {
      locked: this.locked,
      reason: this.locked ? this.reason : null,
      passcodeRequired: this.passcodeRequired,
      passcodeByPolicy: this.passcodeByPolicy,
      // Unknown (the keychain unread) counts as chosen: the lock screen never offers to choose one then.
      passcodeSet: chosen || (this.passcodeRequired && !known),
      retryAt: this.passcode.retryAt(),
      idleMinutes: this.idleMinutes,
      idleMinutesFixed: this.idleMinutesFixed,
      problem,
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

  lock(reason: Exclude<NonNullable<LockState['reason']>, 'start'>): LockState {
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
    if (!this.passcodeRequired) return ok(this.open('unlocked'));
    const checked = await this.passcode.check(passcode, 'passcode');
    if (checked.ok && checked.data === 'right') return ok(this.open('unlocked'));
    this.options.tell(this.state());
    return checked.ok ? err('validation', 'Choose a passcode first.', { field: 'passcode' }) : checked;
  }

  /**
   * Chooses the passcode: the first one (on the lock screen, which also unlocks, or in Settings), or a new
   * one in place of the current, which `current` must be. Refused while locked once one is chosen, and
   * whenever the keychain cannot say whether one is: a new passcode never replaces one it cannot see.
   */
  async setPasscode(passcode: string, current?: string): Promise<Result<LockState>> {
    const lockedOut = () => err('forbidden', 'Card Desk is locked: unlock it with the current passcode first.');
    if (this.locked && (this.passcode.chosen || !this.passcode.known)) return lockedOut();
    const checked = await this.passcode.check(current, 'current');
    this.options.tell(this.state());
    if (!checked.ok) return checked;
    if (this.locked && checked.data !== 'none chosen') return lockedOut();
    const kept = await this.passcode.keep(passcode);
    if (!kept.ok) return kept;
    if (!this.passcodeByPolicy && !this.ownPasscode) this.keepOwnPasscode(true);
    this.options.logger?.info(
      {},
      checked.data === 'none chosen' ? 'unlock passcode chosen' : 'unlock passcode changed',
    );
    if (this.locked) return ok(this.open('unlocked'));
    this.options.tell(this.state());
    return ok(this.state());
  }

  /**
   * Stops asking for a passcode the operator chose (never the policy's): with that passcode, while unlocked;
   * a wrong one counts as a wrong try.
   */
  async removePasscode(passcode: string): Promise<Result<LockState>> {
    if (this.passcodeByPolicy)
      return err('forbidden', 'Your IT policy asks for a passcode to unlock Card Desk: it cannot be removed.');
    if (this.locked) return err('forbidden', 'Card Desk is locked: unlock it first.');
    const checked = await this.passcode.check(passcode, 'current');
    this.options.tell(this.state());
    if (!checked.ok) return checked;
    const forgotten = await this.passcode.forget();
    if (!forgotten.ok) return forgotten;
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

  private open(why: string): LockState {
    this.locked = false;
    this.reason = null;
    this.options.logger?.info({}, `Card Desk ${why}`);
    this.options.tell(this.state());
    return this.state();
  }
}
