// The unlock passcode's keeper: reads the passcode's hash and the wrong tries from the OS keychain, checks a
// passcode against the hash, and keeps the count (wrong-tries.ts). Each try is written down before the
// passcode is checked, so a try cut short (the app killed half-way) still counts; a right one clears the
// count. A keychain that cannot be read is a `problem`: nothing is checked, and nothing is replaced, until
// it answers again.
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { errorMessage } from '../errors/error-message';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../ports/ports';
import { hashPasscode, needsRehash, parseStoredHash, passcodeMatches } from './passcode-hash';
import {
  FREE_TRIES,
  NO_WRONG_TRIES,
  TRIES_ACCOUNT,
  afterWrongTry,
  parseWrongTries,
  saveWrongTries,
  type WrongTries,
} from './wrong-tries';

/** The keychain account of the passcode's hash (never an environment's id, which accounts start with). */
export const PASSCODE_ACCOUNT = '#card-desk-unlock-passcode';

/** Where a passcode the operator chose (the policy asking for none) and its wrong tries are kept. */
export const OWN_PASSCODE_ACCOUNTS = {
  passcode: '#card-desk-own-unlock-passcode',
  tries: '#card-desk-own-unlock-tries',
} as const;
const POLICY_ACCOUNTS = { passcode: PASSCODE_ACCOUNT, tries: TRIES_ACCOUNT };

/** A wait in the operator's words: seconds up to a minute and a half, then minutes, then hours. */
export function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 90 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

type Field = 'passcode' | 'current';
type StoredHash = NonNullable<ReturnType<typeof parseStoredHash>>;

export class PasscodeKeeper {
  private tries: WrongTries = NO_WRONG_TRIES;
  /** A passcode's hash is in the keychain (as last read). */
  chosen = false;
  /** Whether the keychain has been read at least once. */
  known = false;
  /** Why the passcode cannot be checked now (the keychain could not be read); null when it can. */
  problem: string | null = null;

  constructor(
    private readonly store: SecretStore,
    private readonly now: () => number,
    private readonly logger?: Logger,
    private readonly accounts: { passcode: string; tries: string } = POLICY_ACCOUNTS,
  ) {}

  /** No try is taken before this time (Unix ms), or null. */
  retryAt(): number | null {
    const at = this.tries.retryAt;
    return at !== null && at > this.now() ? at : null;
  }

  /** Reads the hash and the wrong tries; the hash, null when none was chosen, undefined when unreadable. */
  async read(): Promise<string | null | undefined> {
    try {
      const [stored, triesText] = await Promise.all([
        this.store.get(this.accounts.passcode),
        this.store.get(this.accounts.tries),
      ]);
      const read = parseWrongTries(triesText, this.now());
      if (read.damaged) this.logger?.warn({}, 'the record of wrong passcodes in the keychain was damaged: a wait');
      // A try not yet written down (the keychain failed then) is not forgotten.
      if (!this.known || read.tries.failures >= this.tries.failures) this.tries = read.tries;
      this.chosen = stored !== null;
      this.known = true;
      this.problem = null;
      return stored;
    } catch (e) {
      this.problem =
        `The system keychain could not be read (${errorMessage(e)}), so your passcode cannot be checked. ` +
        'Card Desk stays locked until the keychain answers again.';
      this.logger?.warn({ error: errorMessage(e) }, 'could not read the unlock passcode from the keychain');
      return undefined;
    }
  }

  /**
   * Checks `passcode` against the stored hash: 'none chosen' when there is none, 'right' when it matches,
   * else an error naming `field` (a wrong passcode, the wait, an unreadable keychain).
   */
  async check(passcode: string | undefined, field: Field): Promise<Result<'none chosen' | 'right'>> {
    const early = this.waitRefusal(field);
    if (early) return early;
    const stored = await this.read();
    if (stored === undefined) return err('keychain_unavailable', this.problem!);
    if (stored === null) return ok('none chosen');
    if (field === 'current' && !passcode)
      return err('validation', 'Enter your current passcode to change it.', { field: 'current' });
    // The tries read from the keychain may hold a wait this run did not know of.
    const waiting = this.waitRefusal(field);
    if (waiting) return waiting;
    const hash = parseStoredHash(stored);
    if (!hash)
      return err(
        'internal',
        'The passcode kept in the system keychain is not one Card Desk wrote, so it cannot be checked. ' +
          'Ask your IT team to remove it.',
      );
    this.tries = afterWrongTry(this.tries, this.now());
    try {
      await saveWrongTries(this.store, this.tries, this.accounts.tries);
    } catch (e) {
      return err(
        'keychain_unavailable',
        `This try could not be recorded in the system keychain (${errorMessage(e)}), so the passcode was not checked.`,
        { field },
      );
    }
    if (!passcode || !(await passcodeMatches(passcode, hash))) return this.wrongTry(field);
    await this.rightTry(passcode, hash);
    return ok('right');
  }

  /** Keeps the hash of `passcode` as the passcode (the caller has checked the current one). */
  async keep(passcode: string): Promise<Result<void>> {
    try {
      await this.store.set(this.accounts.passcode, await hashPasscode(passcode));
    } catch (e) {
      return err('keychain_unavailable', `The passcode could not be kept in the system keychain: ${errorMessage(e)}`);
    }
    this.chosen = true;
    return ok(undefined);
  }

  /** Forgets the passcode and its wrong tries (the caller has checked the passcode). */
  async forget(): Promise<Result<void>> {
    try {
      await this.store.delete(this.accounts.passcode);
      await this.store.delete(this.accounts.tries);
    } catch (e) {
      return err(
        'keychain_unavailable',
        `The passcode could not be removed from the system keychain: ${errorMessage(e)}`,
      );
    }
    this.chosen = false;
    this.tries = NO_WRONG_TRIES;
    return ok(undefined);
  }

  private waitRefusal(field: Field): Result<never> | null {
    const at = this.retryAt();
    return at === null
      ? null
      : err('rate_limited', `Too many wrong passcodes: try again in ${waitText(at - this.now())}.`, { field });
  }

  private wrongTry(field: Field): Result<never> {
    this.logger?.warn({ failures: this.tries.failures }, 'wrong unlock passcode');
    const left = FREE_TRIES - this.tries.failures;
    return err(
      'unauthorized',
      left > 0
        ? `That passcode is not the one chosen. ${left} tries left before a wait.`
        : `That passcode is not the one chosen. Wait ${waitText(this.tries.retryAt! - this.now())} before the next try.`,
      { field },
    );
  }

  private async rightTry(passcode: string, hash: StoredHash): Promise<void> {
    this.tries = NO_WRONG_TRIES;
    try {
      await saveWrongTries(this.store, this.tries, this.accounts.tries);
      // A hash made at an earlier, lower cost is replaced by one at today's.
      if (needsRehash(hash)) await this.store.set(this.accounts.passcode, await hashPasscode(passcode));
    } catch (e) {
      this.logger?.warn({ error: errorMessage(e) }, 'could not clear the wrong tries in the keychain');
    }
  }
}
