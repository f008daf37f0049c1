// What the environment manager (environment-manager.ts) is and is given, and the shapes it hands out: the
// active environment with its client, a change of environment, the local sandbox it starts, and the error
// when none can be used.
import type { AppStatus, Environment } from '../../src-shared/ipc/channels/settings';
import type { AppError, Result } from '../../src-shared/ipc/result';
import type { Emit, Logger, ResolveProxy } from '../ports/ports';
import type { CardApiClientOptions } from '../api/client';
import type { Transport } from '../api/http-transport';
import type { CardApiClient } from '../api/types';
import type { SecretStore } from '../keychain/secret-store';
import type { EnvironmentInput } from './environments';
import type { SetKeyInput } from './key-commands';
import type { EnvironmentNetworks } from './environment-network';
import type { EnvironmentsPolicy } from './managed-environments';

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

/** A change of where writes go, asked before it is made: another environment made active, one deleted or moved. */
export type EnvironmentSwitch = { kind: 'activate'; to: string } | { kind: 'delete' | 'move'; id: string };

/** Why `change` may not be made now, in a sentence naming what holds it (`nameOf` an environment's id), or null. */
export type SwitchGuard = (change: EnvironmentSwitch, nameOf: (id: string) => string) => string | null;

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

export interface EnvironmentManagerOptions {
  /** The app data folder: settings.json and environments/<id>/ live here. */
  dataDir: string;
  secretStore: SecretStore;
  startLocalSandbox: () => Promise<LocalSandbox>;
  emit: Emit;
  logger: Logger;
  transport?: Transport;
  /** The operating system's proxy for a URL (Electron: Chromium's resolver; default HTTPS_PROXY & co). */
  resolveProxy?: ResolveProxy;
  /** The organisation's policy: its environments, and whether the operator's own and the local sandbox are allowed. */
  policy?: EnvironmentsPolicy;
  /** Timeouts and retry policy for every client (tests use small values). */
  client?: Pick<CardApiClientOptions, 'timeouts' | 'retry'>;
  now?: () => Date;
  /** Whether the built-in sandbox's first customer sync starts by itself, as a real environment's does (default true). */
  localSandboxFirstSync?: boolean;
  /** While offline, how often the connection is tried (default DEFAULT_RECONNECT_PROBE_MS; connection-watch.ts). */
  reconnectProbeMs?: number;
}

export interface EnvironmentManager {
  active(): Promise<ActiveEnvironment>;
  activate(id: string): Promise<Result<AppStatus>>;
  list(): Promise<{ environments: Environment[]; activeId: string }>;
  save(input: EnvironmentInput): Promise<Result<Environment>>;
  delete(id: string): Promise<Result<{ deleted: boolean }>>;
  setKey(input: SetKeyInput, signal?: AbortSignal): Promise<Result<{ verified: boolean }>>;
  hasKey(environmentId: string): Promise<Result<{ present: boolean; verified: boolean | null }>>;
  deleteKey(environmentId: string): Promise<Result<{ deleted: boolean }>>;
  status(): AppStatus;
  /** Shows (`on`) or withdraws a notice in the app status. */
  notice(text: string, on: boolean): void;
  setLastSyncedAt(iso: string | null): void;
  /**
   * Asked before another environment is made active, or one is deleted or moved to another address: a refusal
   * it gives is answered (a conflict) and nothing changes. Returns the unsubscribe function.
   */
  guardSwitches(guard: SwitchGuard): () => void;
  /** Called after the active environment changes (or the active one's address does); returns the unsubscribe function. */
  onChange(listener: (change: EnvironmentChange) => void | Promise<void>): () => void;
  /** Each environment's proxy and extra CAs. */
  readonly networks: EnvironmentNetworks;
  /** Stops the local sandbox and waits for pending settings writes. */
  dispose(): Promise<void>;
}
