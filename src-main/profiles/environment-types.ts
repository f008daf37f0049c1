// The shapes the environment manager (environment-manager.ts) hands out: the active environment with its
// client, a change of environment, the local sandbox it starts, and the error when none can be used.
import type { Environment } from '../../src-shared/ipc/channels/settings';
import type { AppError } from '../../src-shared/ipc/result';
import type { CardApiClient } from '../api/types';

export interface LocalSandbox {
  url: string;
  /** Generated per run and held in memory only; never written to the keychain. */
  key: string;
  stop(): Promise<void>;
}

export interface ActiveEnvironment {
  environment: Environment;
  api: CardApiClient;
  /** This environment's own folder for its address (<dataDir>/environments/<id>/<address>), for its caches. */
  dataDir: string;
}

export interface EnvironmentChange {
  environment: Environment;
  dataDir: string;
  previousId: string;
}

/** Thrown by `active()` when the active environment cannot be used (the local sandbox failed to start). */
export class EnvironmentUnavailableError extends Error {
  override readonly name = 'EnvironmentUnavailableError';
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}
