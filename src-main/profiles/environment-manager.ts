// Environments: the built-in local sandbox and the user's own services. Knows which one is active,
// builds its API client (which reads the key from the keychain per call), tracks the connection state
// from the client's outcomes and tells the renderer (the `app.status` event) when the status changes.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  LOCAL_SANDBOX_ENVIRONMENT_ID,
  environmentInputSchema,
  type AppStatus,
  type Environment,
} from '../../src-shared/ipc/channels/settings';
import { err, ok, validationError, type AppError, type Result } from '../../src-shared/ipc/result';
import type { Emit, Logger } from '../core/ports';
import { createCardApiClient, type ApiOutcome, type CardApiClientOptions } from '../api/client';
import type { Transport } from '../api/http-transport';
import type { CardApiClient } from '../api/types';
import { KeychainUnavailableError } from '../keychain/keychain-error';
import type { SecretStore } from '../keychain/secret-store';
import { connectionAfter, type ConnectionState } from './connection-state';
import { verifyKey } from './key-verification';
import {
  SETTINGS_FILE_NAME,
  loadSettings,
  writeSettings,
  type Settings,
  type StoredEnvironment,
} from './settings-file';

export const LOCAL_SANDBOX_NAME = 'Local sandbox';
export const KEYCHAIN_NOTICE =
  'The system keychain could not be used, so API keys cannot be saved or read. Start or unlock your keyring (GNOME Keyring, KWallet), or install libsecret.';

export interface LocalSandbox {
  url: string;
  /** Generated per run and held in memory only; never written to the keychain. */
  key: string;
  stop(): Promise<void>;
}

export interface ActiveEnvironment {
  environment: Environment;
  api: CardApiClient;
  /** This environment's own folder (<dataDir>/environments/<id>), for its caches. */
  dataDir: string;
}

export interface EnvironmentChange {
  environment: Environment;
  dataDir: string;
  previousId: string;
}

export interface EnvironmentInput {
  id?: string;
  name: string;
  baseUrl: string;
}

export interface SetKeyInput {
  environmentId: string;
  key: string;
  allowUnverified?: boolean;
}

export interface EnvironmentManagerOptions {
  /** The app data folder: settings.json and environments/<id>/ live here. */
  dataDir: string;
  secretStore: SecretStore;
  startLocalSandbox: () => Promise<LocalSandbox>;
  emit: Emit;
  logger: Logger;
  transport?: Transport;
  /** Timeouts and retry policy for every client (tests use small values). */
  client?: Pick<CardApiClientOptions, 'timeouts' | 'retry'>;
  now?: () => Date;
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
  setLastSyncedAt(iso: string | null): void;
  /** Called after the active environment changes (or the active one's address does); returns the unsubscribe function. */
  onChange(listener: (change: EnvironmentChange) => void | Promise<void>): () => void;
  /** Stops the local sandbox and waits for pending settings writes. */
  dispose(): Promise<void>;
}

/** Thrown by `active()` when the active environment cannot be used (the local sandbox failed to start). */
export class EnvironmentUnavailableError extends Error {
  override readonly name = 'EnvironmentUnavailableError';
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

export function createEnvironmentManager(options: EnvironmentManagerOptions): EnvironmentManager {
  const { dataDir, secretStore, emit, logger } = options;
  const now = options.now ?? (() => new Date());
  const settingsFile = join(dataDir, SETTINGS_FILE_NAME);
  const loaded = loadSettings(settingsFile, now);
  let settings: Settings = loaded.settings;
  const notices: string[] = [];
  loaded.notices.forEach((n) => addNotice(n));

  let connection: ConnectionState = 'unknown';
  let lastSyncedAt: string | null = null;
  let lastEmitted = '';
  let writes: Promise<void> = Promise.resolve();
  let sandbox: Promise<LocalSandbox> | null = null;
  let sandboxRunning: LocalSandbox | null = null;
  const clients = new Map<string, { baseUrl: string; api: CardApiClient }>();
  /** Whether each environment has a key in the keychain, as last seen. */
  const keyPresent = new Map<string, boolean>();
  const listeners = new Set<(change: EnvironmentChange) => void | Promise<void>>();

  function addNotice(text: string): void {
    if (!notices.includes(text)) notices.push(text);
  }

  const stored = (id: string): StoredEnvironment | undefined => settings.environments.find((e) => e.id === id);
  const isLocal = (id: string) => id === LOCAL_SANDBOX_ENVIRONMENT_ID;
  const environmentDir = (id: string) => join(dataDir, 'environments', id);

  function localView(): Environment {
    return {
      id: LOCAL_SANDBOX_ENVIRONMENT_ID,
      name: LOCAL_SANDBOX_NAME,
      baseUrl: sandboxRunning?.url ?? 'http://127.0.0.1',
      builtIn: true,
      hasKey: true,
      keyVerified: true,
    };
  }
  function view(env: StoredEnvironment): Environment {
    const hasKey = keyPresent.get(env.id) ?? env.keyVerified !== null;
    return {
      id: env.id,
      name: env.name,
      baseUrl: env.baseUrl,
      builtIn: false,
      hasKey,
      keyVerified: hasKey ? (env.keyVerified ?? true) : null,
    };
  }
  function activeView(): Environment {
    const env = stored(settings.activeId);
    return env ? view(env) : localView();
  }

  function persist(): Promise<void> {
    const snapshot: Settings = structuredClone(settings);
    const write = writes.then(() => writeSettings(settingsFile, snapshot));
    writes = write.catch((error: unknown) => {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'writing settings failed');
    });
    return write;
  }
  async function persistOrError(): Promise<AppError | null> {
    try {
      await persist();
      return null;
    } catch {
      return {
        kind: 'internal',
        message: `Card Desk could not save its settings to ${settingsFile}. Check that the folder is writable and has free space.`,
      };
    }
  }

  function status(): AppStatus {
    const activeClient = clients.get(settings.activeId);
    return {
      environment: activeView(),
      connection,
      rateLimit: activeClient?.api.rateLimit() ?? null,
      lastSyncedAt,
      notices: [...notices],
    };
  }
  function emitIfChanged(): void {
    const current = status();
    const text = JSON.stringify(current);
    if (text === lastEmitted) return;
    lastEmitted = text;
    try {
      emit('app.status', current);
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'emitting app.status failed');
    }
  }

  function onOutcome(environmentId: string) {
    return (outcome: ApiOutcome) => {
      if (outcome.kind === 'keychain_unavailable') addNotice(KEYCHAIN_NOTICE);
      if (environmentId !== settings.activeId) return;
      const next = connectionAfter(outcome.kind);
      if (next) connection = next;
      emitIfChanged();
    };
  }

  function clientFor(id: string, baseUrl: string, getKey: () => Promise<string | null>): CardApiClient {
    const existing = clients.get(id);
    if (existing && existing.baseUrl === baseUrl) return existing.api;
    const api = createCardApiClient({
      baseUrl,
      getKey,
      logger,
      onOutcome: onOutcome(id),
      ...(options.client?.timeouts ? { timeouts: options.client.timeouts } : {}),
      ...(options.client?.retry ? { retry: options.client.retry } : {}),
      ...(options.transport ? { transport: options.transport } : {}),
    });
    clients.set(id, { baseUrl, api });
    // The status bar follows the rate budget, also while calls wait for it (at most 4 updates a second).
    let statusDue: ReturnType<typeof setTimeout> | null = null;
    api.budget?.onChange(() => {
      statusDue ??= setTimeout(() => {
        statusDue = null;
        if (id === settings.activeId) emitIfChanged();
      }, 250);
      statusDue.unref?.();
    });
    return api;
  }

  function ensureSandbox(): Promise<LocalSandbox> {
    sandbox ??= options.startLocalSandbox().then(
      (running) => {
        sandboxRunning = running;
        logger.info({ url: running.url }, 'local sandbox started');
        return running;
      },
      (error: unknown) => {
        sandbox = null; // let the next call try again
        throw error;
      },
    );
    return sandbox;
  }

  async function active(): Promise<ActiveEnvironment> {
    const id = settings.activeId;
    const env = stored(id);
    let api: CardApiClient;
    if (env) {
      api = clientFor(id, env.baseUrl, () => secretStore.get(id));
    } else {
      let running: LocalSandbox;
      try {
        running = await ensureSandbox();
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'local sandbox failed to start');
        throw new EnvironmentUnavailableError({
          kind: 'internal',
          message:
            'The local sandbox could not be started. Restart Card Desk, or choose another environment in Settings.',
        });
      }
      api = clientFor(LOCAL_SANDBOX_ENVIRONMENT_ID, running.url, async () => running.key);
      emitIfChanged(); // its address is known now
    }
    const dir = environmentDir(env ? id : LOCAL_SANDBOX_ENVIRONMENT_ID);
    await mkdir(dir, { recursive: true });
    return { environment: activeView(), api, dataDir: dir };
  }

  async function notifyChange(previousId: string): Promise<void> {
    const change: EnvironmentChange = {
      environment: activeView(),
      dataDir: environmentDir(settings.activeId),
      previousId,
    };
    const results = await Promise.allSettled([...listeners].map(async (l) => l(change)));
    for (const r of results) {
      if (r.status === 'rejected')
        logger.error(
          { err: r.reason instanceof Error ? r.reason.message : String(r.reason) },
          'environment change listener failed',
        );
    }
  }

  async function refreshKeyPresence(id: string): Promise<void> {
    if (isLocal(id) || !stored(id)) return;
    try {
      keyPresent.set(id, (await secretStore.get(id)) !== null);
      keychainWorks();
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      logger.warn({ problem: error.problem, detail: error.detail }, 'keychain unavailable');
      addNotice(KEYCHAIN_NOTICE);
    }
  }

  function keychainWorks(): void {
    const at = notices.indexOf(KEYCHAIN_NOTICE);
    if (at >= 0) {
      notices.splice(at, 1);
      emitIfChanged();
    }
  }
  function keychainFailure(error: unknown): Result<never> {
    if (error instanceof KeychainUnavailableError) {
      logger.warn({ problem: error.problem, detail: error.detail }, 'keychain unavailable');
      addNotice(KEYCHAIN_NOTICE);
      emitIfChanged();
      return error.toErr();
    }
    throw error;
  }

  const notFound = (id: string) => err('not_found', `There is no environment with id "${id}".`, { field: 'id' });
  const localHasNoKey = () =>
    err('validation', 'The local sandbox uses a key Card Desk generates each time it starts; it takes no API key.', {
      field: 'environmentId',
    });

  async function activate(id: string): Promise<Result<AppStatus>> {
    if (!isLocal(id) && !stored(id)) return notFound(id);
    const previousId = settings.activeId;
    if (previousId === id) return ok(status());
    settings = { ...settings, activeId: id };
    const failed = await persistOrError();
    if (failed) {
      settings = { ...settings, activeId: previousId };
      return err(failed.kind, failed.message);
    }
    connection = 'unknown';
    lastSyncedAt = null;
    await refreshKeyPresence(id);
    logger.info({ environmentId: id }, 'environment activated');
    emitIfChanged();
    await notifyChange(previousId);
    return ok(status());
  }

  async function list(): Promise<{ environments: Environment[]; activeId: string }> {
    await Promise.all(settings.environments.map((e) => refreshKeyPresence(e.id)));
    return { environments: [localView(), ...settings.environments.map(view)], activeId: settings.activeId };
  }

  async function save(input: EnvironmentInput): Promise<Result<Environment>> {
    const parsed = environmentInputSchema.safeParse(input);
    if (!parsed.success) return validationError(parsed.error.issues);
    const { id, name, baseUrl } = parsed.data;
    if (id !== undefined && isLocal(id))
      return err('validation', 'The local sandbox is built in and cannot be changed.', { field: 'id' });
    const clash =
      settings.environments.find((e) => e.id !== id && e.name.toLowerCase() === name.toLowerCase()) ??
      (name.toLowerCase() === LOCAL_SANDBOX_NAME.toLowerCase() ? true : undefined);
    if (clash)
      return err('validation', `An environment named "${name}" already exists.`, {
        field: 'name',
        fields: { name: `An environment named "${name}" already exists.` },
      });

    const before = settings;
    let env: StoredEnvironment;
    let moved = false;
    if (id !== undefined) {
      const existing = stored(id);
      if (!existing) return notFound(id);
      moved = existing.baseUrl !== baseUrl;
      // A key verified against the old address is not known to work at the new one.
      env = {
        ...existing,
        name,
        baseUrl,
        keyVerified: moved && existing.keyVerified !== null ? false : existing.keyVerified,
      };
      settings = { ...settings, environments: settings.environments.map((e) => (e.id === id ? env : e)) };
    } else {
      env = { id: newEnvironmentId(), name, baseUrl, keyVerified: null };
      settings = { ...settings, environments: [...settings.environments, env] };
    }
    const failed = await persistOrError();
    if (failed) {
      settings = before;
      return err(failed.kind, failed.message);
    }
    if (moved) clients.delete(env.id);
    await refreshKeyPresence(env.id);
    if (env.id === settings.activeId) {
      if (moved) connection = 'unknown';
      emitIfChanged();
      if (moved) await notifyChange(env.id);
    }
    return ok(view(env));
  }

  function newEnvironmentId(): string {
    let id: string;
    do id = `env-${randomUUID().slice(0, 8)}`;
    while (stored(id));
    return id;
  }

  async function remove(id: string): Promise<Result<{ deleted: boolean }>> {
    if (isLocal(id)) return err('validation', 'The local sandbox is built in and cannot be deleted.', { field: 'id' });
    if (!stored(id)) return ok({ deleted: false });
    try {
      await secretStore.delete(id);
    } catch (error) {
      return keychainFailure(error);
    }
    const before = settings;
    const wasActive = settings.activeId === id;
    settings = {
      ...settings,
      activeId: wasActive ? LOCAL_SANDBOX_ENVIRONMENT_ID : settings.activeId,
      environments: settings.environments.filter((e) => e.id !== id),
    };
    const failed = await persistOrError();
    if (failed) {
      settings = before;
      return err(failed.kind, failed.message);
    }
    clients.delete(id);
    keyPresent.delete(id);
    if (wasActive) {
      connection = 'unknown';
      lastSyncedAt = null;
      emitIfChanged();
      await notifyChange(id);
    }
    // Its caches hold customer data: once nothing uses the folder any more, remove it.
    await rm(environmentDir(id), { recursive: true, force: true }).catch((error: unknown) =>
      logger.warn(
        { environmentId: id, err: error instanceof Error ? error.message : String(error) },
        'removing environment folder failed',
      ),
    );
    logger.info({ environmentId: id }, 'environment deleted');
    return ok({ deleted: true });
  }

  async function setKey(input: SetKeyInput, signal?: AbortSignal): Promise<Result<{ verified: boolean }>> {
    if (isLocal(input.environmentId)) return localHasNoKey();
    const env = stored(input.environmentId);
    if (!env) return notFound(input.environmentId);
    const key = input.key.trim();
    if (key.length < 8) return err('validation', 'key must be at least 8 characters', { field: 'key' });

    const verdict = await verifyKey({
      baseUrl: env.baseUrl,
      key,
      logger,
      ...(signal ? { signal } : {}),
      ...(options.transport ? { transport: options.transport } : {}),
      ...(options.client?.timeouts ? { timeouts: options.client.timeouts } : {}),
    });
    if (verdict.verdict === 'rejected') {
      return err('unauthorized', `The service did not accept this key: ${verdict.error.message}`, {
        field: 'key',
        ...(verdict.error.status ? { status: verdict.error.status } : {}),
      });
    }
    if (verdict.verdict === 'unverifiable') {
      if (verdict.error.kind === 'cancelled') return err('cancelled', verdict.error.message);
      if (!input.allowUnverified) {
        const reachable = verdict.error.kind !== 'network' && verdict.error.kind !== 'timeout';
        return err(
          reachable ? verdict.error.kind : 'network',
          `The key could not be verified: ${verdict.error.message} Save it without verifying only if you are sure it is right.`,
          {
            field: 'key',
            ...(verdict.error.retryAfterMs !== undefined ? { retryAfterMs: verdict.error.retryAfterMs } : {}),
          },
        );
      }
    }
    const verified = verdict.verdict === 'valid';
    try {
      await secretStore.set(env.id, key);
      keychainWorks();
    } catch (error) {
      return keychainFailure(error);
    }
    keyPresent.set(env.id, true);
    settings = {
      ...settings,
      environments: settings.environments.map((e) => (e.id === env.id ? { ...e, keyVerified: verified } : e)),
    };
    const failed = await persistOrError();
    if (failed) return err(failed.kind, failed.message);
    logger.info({ environmentId: env.id, verified }, 'API key saved to the keychain');
    if (env.id === settings.activeId) {
      connection = 'unknown';
      emitIfChanged();
    }
    return ok({ verified });
  }

  async function hasKey(environmentId: string): Promise<Result<{ present: boolean; verified: boolean | null }>> {
    if (isLocal(environmentId)) return ok({ present: true, verified: true });
    const env = stored(environmentId);
    if (!env) return notFound(environmentId);
    let present: boolean;
    try {
      present = (await secretStore.get(environmentId)) !== null;
      keychainWorks();
    } catch (error) {
      return keychainFailure(error);
    }
    keyPresent.set(environmentId, present);
    return ok({ present, verified: present ? (env.keyVerified ?? true) : null });
  }

  async function deleteKey(environmentId: string): Promise<Result<{ deleted: boolean }>> {
    if (isLocal(environmentId)) return localHasNoKey();
    const env = stored(environmentId);
    if (!env) return notFound(environmentId);
    let deleted: boolean;
    try {
      deleted = await secretStore.delete(environmentId);
      keychainWorks();
    } catch (error) {
      return keychainFailure(error);
    }
    keyPresent.set(environmentId, false);
    settings = {
      ...settings,
      environments: settings.environments.map((e) => (e.id === environmentId ? { ...e, keyVerified: null } : e)),
    };
    const failed = await persistOrError();
    if (failed) return err(failed.kind, failed.message);
    logger.info({ environmentId }, 'API key deleted from the keychain');
    if (environmentId === settings.activeId) {
      connection = 'unknown';
      emitIfChanged();
    }
    return ok({ deleted });
  }

  return {
    active,
    activate,
    list,
    save,
    delete: remove,
    setKey,
    hasKey,
    deleteKey,
    status,
    setLastSyncedAt(iso) {
      lastSyncedAt = iso;
      emitIfChanged();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      listeners.clear();
      await writes;
      const running = sandbox ? await sandbox.catch(() => null) : null;
      sandbox = null;
      sandboxRunning = null;
      if (running) await running.stop();
    },
  };
}
