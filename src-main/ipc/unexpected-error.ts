// Handlers never throw: anything unexpected becomes a Result the renderer can show.
import { err, type AppError, type Err } from '../../src-shared/ipc/result';
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

export function unexpectedError(error: unknown, logger?: Logger, channel?: string): Err {
  if (error instanceof KeychainUnavailableError) return error.toErr();
  if (carriesAppError(error)) return { ok: false, error: error.appError };
  logger?.error(
    { channel, err: error instanceof Error ? error.message : String(error) },
    'handler failed unexpectedly',
  );
  return err('internal', 'Card Desk could not complete that request. Details are in the log.');
}
