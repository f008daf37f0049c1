// The wrong passcodes so far and the wait they impose, kept in the OS keychain beside the passcode's hash,
// so a restart neither forgets them nor ends a wait. A try is written down before the passcode is checked
// (a try that is killed half-way still counts), and cleared once a passcode was right. From the fifth
// wrong try on, each next try waits twice as long as the one before: 30 s, 60 s, 120 s...
import type { SecretStore } from '../keychain/secret-store';

/** The keychain account of the wrong-try record (never an environment's id, which accounts start with). */
export const TRIES_ACCOUNT = '#card-desk-unlock-tries';
export const FREE_TRIES = 5;
export const FIRST_WAIT_MS = 30_000;
/** The longest wait, reached at the 16th wrong try in a row (about 4 days). */
const MAX_DOUBLINGS = 13;

export interface WrongTries {
  failures: number;
  /** No try is taken before this time (Unix ms); null when there is no wait. */
  retryAt: number | null;
}

export const NO_WRONG_TRIES: WrongTries = { failures: 0, retryAt: null };

/** The record after one more wrong try at `now`. */
export function afterWrongTry(tries: WrongTries, now: number): WrongTries {
  const failures = tries.failures + 1;
  if (failures < FREE_TRIES) return { failures, retryAt: null };
  return { failures, retryAt: now + FIRST_WAIT_MS * 2 ** Math.min(failures - FREE_TRIES, MAX_DOUBLINGS) };
}

/**
 * The record as stored. One that is not a record Card Desk wrote (edited, damaged) counts as the free tries
 * used up, with the first wait from `now`: a changed record never gives tries back.
 */
export function parseWrongTries(text: string | null, now: number): { tries: WrongTries; damaged: boolean } {
  if (text === null) return { tries: NO_WRONG_TRIES, damaged: false };
  try {
    const { failures, retryAt } = JSON.parse(text) as { failures?: unknown; retryAt?: unknown };
    if (
      typeof failures === 'number' &&
      Number.isInteger(failures) &&
      failures >= 0 &&
      (retryAt === null || (typeof retryAt === 'number' && Number.isFinite(retryAt)))
    )
      return { tries: { failures, retryAt }, damaged: false };
  } catch {
    // Not JSON: damaged.
  }
  return { tries: { failures: FREE_TRIES, retryAt: now + FIRST_WAIT_MS }, damaged: true };
}

export async function saveWrongTries(store: SecretStore, tries: WrongTries, account = TRIES_ACCOUNT): Promise<void> {
  if (tries.failures === 0) await store.delete(account);
  else await store.set(account, JSON.stringify(tries));
}
