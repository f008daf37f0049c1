// Why the OS keychain cannot be used, in words a back-office user can act on. Card Desk has no
// plaintext fallback: when the keychain is unusable, saving or using a key fails with this error.
import { err, type AppError, type Err } from '../../src-shared/ipc/result';
import { errorMessage } from '../errors/error-message';

export type KeychainProblem = 'no_secret_service' | 'item_changed' | 'locked' | 'denied' | 'not_installed' | 'failed';

const ADVICE =
  'Card Desk keeps API keys only in the system keychain and never in a file. ' +
  'Start or unlock your keyring (GNOME Keyring, KWallet), or install libsecret, then try again.';

const MESSAGES: Record<KeychainProblem, string> = {
  no_secret_service: `No system keychain (Secret Service) is running. ${ADVICE}`,
  item_changed: `A key in the system keychain was added or removed by another program while Card Desk read it. Try again.`,
  locked: `The system keychain is locked or has no default collection. ${ADVICE}`,
  denied: `The system keychain refused access to Card Desk. Allow Card Desk in your keychain settings. ${ADVICE}`,
  not_installed: `The keychain library could not be loaded. ${ADVICE}`,
  failed: `The system keychain could not be used. ${ADVICE}`,
};

export class KeychainUnavailableError extends Error {
  override readonly name = 'KeychainUnavailableError';
  constructor(
    readonly problem: KeychainProblem,
    /** The platform's own words (never contains a secret), for the log. */
    readonly detail: string,
  ) {
    super(MESSAGES[problem]);
  }
  toAppError(): AppError {
    return { kind: 'keychain_unavailable', message: this.message };
  }
  toErr(): Err {
    return err('keychain_unavailable', this.message);
  }
}

/** Sorts a failure from keytar / libsecret into a problem the user can fix. */
export function classifyKeychainFailure(error: unknown): KeychainProblem {
  const text = errorMessage(error);
  if (
    /autolaunch D-Bus|Could not connect|DBUS_SESSION_BUS_ADDRESS|org\.freedesktop\.secrets was not provided|The name :[\d.]+ was not provided|ServiceUnknown|No such interface|Failed to execute child process/i.test(
      text,
    )
  ) {
    return 'no_secret_service';
  }
  // One item removed between libsecret's search and its read of that item (another program, or another
  // window of Card Desk, changed the same service's keys): the keychain itself is fine, a read again is too.
  if (/No such secret item at path/i.test(text)) return 'item_changed';
  if (/Object does not exist at path|locked|collection|dismissed|prompt/i.test(text)) return 'locked';
  if (/denied|not allowed|permission|user interaction is not allowed|errSecAuthFailed/i.test(text)) return 'denied';
  if (/Cannot find module|libsecret|\.node|was compiled against|NODE_MODULE_VERSION|ELIFECLASS/i.test(text))
    return 'not_installed';
  return 'failed';
}

export function keychainUnavailable(error: unknown): KeychainUnavailableError {
  if (error instanceof KeychainUnavailableError) return error;
  const detail = errorMessage(error);
  return new KeychainUnavailableError(classifyKeychainFailure(error), detail);
}
