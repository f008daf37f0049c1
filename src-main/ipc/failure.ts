// The error boundary of IPC requests. A handler's throw becomes a Result here (keychain errors keep
// their kind, errors that carry an AppError keep it, anything else is `internal`), and the dispatcher
// logs every failed request once: channel, error kind and, for a throw, its message. Never the input,
// never a key: inputs are not logged at all, and the log redacts secret-named fields besides.
import { err, type AppError, type Err, type ErrorKind } from '../../src-shared/ipc/result';
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';
import { KeychainUnavailableError } from '../keychain/keychain-error';

/** An error that already knows how the user should see it. */
interface CarriesAppError {
  appError: AppError;
}
const carriesAppError = (e: unknown): e is CarriesAppError =>
  !!e &&
  typeof e === 'object' &&
  'appError' in e &&
  !!(e as CarriesAppError).appError &&
  typeof (e as CarriesAppError).appError.kind === 'string';

const INTERNAL = 'Card Desk could not complete that request. Details are in the log.';

/** What was thrown behind a failure, for the one log line the dispatcher writes. */
const causes = new WeakMap<Err, unknown>();

/**
 * The Result for a thrown error. `message` words an `internal` failure for the user (default: a plain
 * "could not complete"); keychain errors and errors carrying an AppError keep their own.
 */
export function failureFrom(error: unknown, message = INTERNAL): Err {
  const failure =
    error instanceof KeychainUnavailableError
      ? error.toErr()
      : carriesAppError(error)
        ? { ok: false as const, error: error.appError }
        : err('internal', message);
  causes.set(failure, error);
  return failure;
}

/** The thrown error behind a failure made by `failureFrom`, if any. */
export function causeOf(failure: Err): unknown {
  return causes.get(failure);
}

/** How loud a failure of each kind is: a cancel is routine, an internal error is a bug or a broken disk. */
function levelOf(kind: ErrorKind): 'debug' | 'warn' | 'error' {
  if (kind === 'cancelled') return 'debug';
  return kind === 'internal' ? 'error' : 'warn';
}

/** The one log line of a failed request. */
export function logFailure(logger: Logger | undefined, channel: string, failure: Err): void {
  if (!logger) return;
  const cause = causeOf(failure);
  const line: Record<string, unknown> = { channel, kind: failure.error.kind };
  if (failure.error.status !== undefined) line.status = failure.error.status;
  if (cause !== undefined) line.err = cause instanceof KeychainUnavailableError ? cause.detail : errorMessage(cause);
  const level = levelOf(failure.error.kind);
  logger[level](line, 'request failed');
}
