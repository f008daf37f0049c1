// The composition of environments (environments.ts) and their keys (environment-keys.ts): the built-in
// local sandbox and the user's own services. Knows which one is active, builds its API client (which reads
// the key for the client's own address from the keychain per call), tracks the connection state from the
// client's outcomes and tells the renderer (the `app.status` event) when the status changes. A change
// that touches both settings and the keychain is undone in whichever it had reached if the other fails.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCAL_SANDBOX_ENVIRONMENT_ID, type AppStatus, type Environment } from '../../src-shared/ipc/channels/settings';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { createCardApiClient, type ApiOutcome } from '../api/client';
import { RateBudget } from '../api/rate-budget';
import type { CardApiClient } from '../api/types';
import { backgroundClient } from '../api/call-priority';
import { connectionAfter, type ConnectionState } from './connection-state';
import { ConnectionWatch } from './connection-watch';
import { createEnvironmentKeys, originOf, type Undo } from './environment-keys';
import { LOCAL_SANDBOX_NAME, type EnvironmentInput, isLocal, notFound, openEnvironments } from './environments';
import { KEYCHAIN_NOTICE, keyCommands, type SetKeyInput } from './key-commands';
import { keyVerifier } from './key-verification';
import type { StoredEnvironment } from './settings-file';
import { errorMessage } from '../errors/error-message';
import { createEnvironmentNetworks } from './environment-network';
import { LOCAL_SANDBOX_REFUSAL, managedRefusal } from './managed-environments';
import {
  EnvironmentUnavailableError,
  type ActiveEnvironment,
  type EnvironmentChange,
  type EnvironmentManager,
  type EnvironmentManagerOptions,
  type LocalSandbox,
} from './environment-manager-types';

export { KEYCHAIN_NOTICE, LOCAL_SANDBOX_NAME, type EnvironmentInput, type SetKeyInput };
export {
  EnvironmentUnavailableError,
  type ActiveEnvironment,
  type EnvironmentChange,
  type EnvironmentManager,
  type EnvironmentManagerOptions,
  type LocalSandbox,
};

/** A folder name for an address: `https://api.example.com:8443` → `https_api.example.com_8443`. */
const addressFolder = (baseUrl: string): string => originOf(baseUrl).replace(/[^A-Za-z0-9.-]+/g, '_');

export function createEnvironmentManager(options: EnvironmentManagerOptions): EnvironmentManager {
  const { dataDir, emit, logger } = options;
  const environments = openEnvironments(dataDir, logger, options.now, options.policy);
  const keys = createEnvironmentKeys(options.secretStore, logger);
  const notices: string[] = [];
  environments.loadNotices.forEach((n) => addNotice(n));

  let connection: ConnectionState = 'unknown';
  // While offline: one customer, as background work, on the active client; its outcome sets `connection`.
  const probe = async () => backgroundClient((await active()).api).listCustomers({ page: 0, limit: 1 });
  const watch = new ConnectionWatch(probe, options.reconnectProbeMs);
  let lastSyncedAt: string | null = null;
  let lastEmitted = '';
  let sandbox: Promise<LocalSandbox> | null = null;
  let sandboxRunning: LocalSandbox | null = null;
  const clients = new Map<string, { baseUrl: string; api: CardApiClient; budget: RateBudget }>();
  /** Whether each environment has a key for its address in the keychain, as last seen. */
  const keyPresent = new Map<string, boolean>();
  const listeners = new Set<(change: EnvironmentChange) => void | Promise<void>>();

  /** Every notice the status bar shows is also in the log, once each time it appears. */
  function addNotice(text: string): void {
    if (notices.includes(text)) return;
    notices.push(text);
    logger.warn({ notice: text }, 'notice shown');
  }

  const stored = (id: string): StoredEnvironment | undefined => environments.get(id);
  const networks = createEnvironmentNetworks({
    dataDir,
    secretStore: options.secretStore,
    environments,
    resolveProxy: options.resolveProxy,
    managed: (id) => options.policy?.environments.find((e) => e.id === id),
    logger,
    onSignInAsked: (ask) => emit('network.proxySignInAsked', ask),
  });
  const commands = keyCommands({
    environments,
    keys,
    logger,
    keyPresent,
    // The check shares the environment's budget (an operator's call), never its client (see key-verification).
    verify: keyVerifier({ ...options, logger, network: networks.policyFor }, budgetFor),
    notices: {
      add: (text) => {
        addNotice(text);
        emitIfChanged();
      },
      remove: (text) => {
        const at = notices.indexOf(text);
        if (at < 0) return;
        notices.splice(at, 1);
        emitIfChanged();
      },
    },
    keyChanged: (id) => {
      if (id !== environments.activeId()) return;
      connection = 'unknown';
      emitIfChanged();
    },
  });
  const { refreshKeyPresence, keychainFailure, undoKey } = commands;
  const environmentDir = (id: string): string => {
    const env = stored(id);
    // The local sandbox's port changes every run: its folder is its own, whatever the address.
    return env
      ? join(dataDir, 'environments', id, addressFolder(env.baseUrl))
      : join(dataDir, 'environments', LOCAL_SANDBOX_ENVIRONMENT_ID);
  };

  function localView(): Environment {
    return {
      id: LOCAL_SANDBOX_ENVIRONMENT_ID,
      name: LOCAL_SANDBOX_NAME,
      baseUrl: sandboxRunning?.url ?? 'http://127.0.0.1',
      builtIn: true,
      hasKey: true,
      keyVerified: true,
      kind: 'sandbox',
      firstSyncByItself: options.localSandboxFirstSync !== false,
    };
  }
  function view(env: StoredEnvironment): Environment {
    const hasKey = keyPresent.get(env.id) ?? env.keyVerified !== null;
    return {
      id: env.id,
      name: env.name,
      baseUrl: env.baseUrl,
      builtIn: false,
      ...(env.managed ? { managed: true } : {}),
      hasKey,
      keyVerified: hasKey ? (env.keyVerified ?? true) : null,
      kind: env.kind ?? 'production',
    };
  }
  function activeView(): Environment {
    const env = stored(environments.activeId());
    return env ? view(env) : localView();
  }

  function status(): AppStatus {
    const activeClient = clients.get(environments.activeId());
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
      logger.warn({ err: errorMessage(error) }, 'emitting app.status failed');
    }
  }

  function onOutcome(environmentId: string) {
    return (outcome: ApiOutcome) => {
      if (outcome.kind === 'keychain_unavailable') addNotice(KEYCHAIN_NOTICE);
      // A key read from the keychain and answered: the keychain works again.
      const healed = outcome.kind === 'ok' && !isLocal(environmentId) && notices.includes(KEYCHAIN_NOTICE);
      if (healed) notices.splice(notices.indexOf(KEYCHAIN_NOTICE), 1);
      if (environmentId !== environments.activeId()) return;
      const before = connection;
      const next = connectionAfter(outcome.kind);
      if (next) connection = next;
      watch.follow(connection);
      // A change of connection or notices is told at once; the rate limit's figures, which every answer
      // changes, at most 4 times a second (a batch's answers would otherwise repaint the status bar each time).
      if (connection !== before || healed || outcome.kind === 'keychain_unavailable') emitIfChanged();
      else emitSoon();
    };
  }

  let statusDue: ReturnType<typeof setTimeout> | null = null;
  function emitSoon(): void {
    statusDue ??= setTimeout(() => {
      statusDue = null;
      emitIfChanged();
    }, 250);
    statusDue.unref?.();
  }

  function clientFor(id: string, baseUrl: string, getKey: () => Promise<string | null>): CardApiClient {
    const existing = clients.get(id);
    if (existing && existing.baseUrl === baseUrl) return existing.api;
    const budget = new RateBudget();
    const api = createCardApiClient({
      baseUrl,
      getKey,
      budget,
      logger,
      onOutcome: onOutcome(id),
      network: networks.policyFor(id),
      ...(options.client?.timeouts ? { timeouts: options.client.timeouts } : {}),
      ...(options.client?.retry ? { retry: options.client.retry } : {}),
      ...(options.transport ? { transport: options.transport } : {}),
    });
    clients.set(id, { baseUrl, api, budget });
    // The status bar follows the rate budget, also while calls wait for it (at most 4 updates a second).
    api.budget?.onChange(() => {
      if (id === environments.activeId()) emitSoon();
    });
    return api;
  }

  /** Reads the key filed for this environment at this address: a client never asks for another. */
  const keyReader = (id: string, baseUrl: string) => () =>
    keys.get({ id, baseUrl, keyVerified: stored(id)?.keyVerified ?? null });

  /** The request budget of a user environment at `baseUrl` (its client's, made now if need be). */
  function budgetFor({ id, baseUrl }: { id: string; baseUrl: string }): RateBudget {
    clientFor(id, baseUrl, keyReader(id, baseUrl));
    return clients.get(id)!.budget;
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
    const id = environments.activeId();
    const env = stored(id);
    let api: CardApiClient;
    if (env) {
      // The key asked for is always the one filed under the client's own address.
      api = clientFor(id, env.baseUrl, keyReader(id, env.baseUrl));
    } else {
      if (!environments.policy.allowLocalSandbox)
        throw new EnvironmentUnavailableError({ kind: 'forbidden', message: LOCAL_SANDBOX_REFUSAL });
      let running: LocalSandbox;
      try {
        running = await ensureSandbox();
      } catch (error) {
        logger.error({ err: errorMessage(error) }, 'local sandbox failed to start');
        throw new EnvironmentUnavailableError({
          kind: 'internal',
          message:
            'The local sandbox could not be started. Restart Card Desk, or choose another environment in Settings.',
        });
      }
      api = clientFor(LOCAL_SANDBOX_ENVIRONMENT_ID, running.url, async () => running.key);
      emitIfChanged(); // its address is known now
    }
    const dir = environmentDir(id);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return { environment: activeView(), api, dataDir: dir };
  }

  async function notifyChange(previousId: string): Promise<void> {
    const id = environments.activeId();
    const change: EnvironmentChange = { environment: activeView(), dataDir: environmentDir(id), previousId };
    const results = await Promise.allSettled([...listeners].map(async (l) => l(change)));
    for (const r of results) {
      if (r.status === 'rejected') logger.error({ err: errorMessage(r.reason) }, 'environment change listener failed');
    }
  }

  async function activate(id: string): Promise<Result<AppStatus>> {
    if (!isLocal(id) && !stored(id)) return notFound(id);
    const previousId = environments.activeId();
    if (previousId === id) return ok(status());
    const failed = await environments.activate(id);
    if (failed) return err(failed.kind, failed.message);
    connection = 'unknown';
    watch.stop();
    lastSyncedAt = null;
    await refreshKeyPresence(id);
    logger.info({ environmentId: id }, 'environment activated');
    emitIfChanged();
    await notifyChange(previousId);
    return ok(status());
  }

  async function list(): Promise<{ environments: Environment[]; activeId: string }> {
    await Promise.all(environments.all().map((e) => refreshKeyPresence(e.id)));
    const local = environments.policy.allowLocalSandbox ? [localView()] : [];
    return { environments: [...local, ...environments.all().map(view)], activeId: environments.activeId() };
  }

  async function save(input: EnvironmentInput): Promise<Result<Environment>> {
    const saved = await environments.save(input);
    if (!saved.ok) return saved;
    const { environment: env, moved } = saved.data;
    if (moved) {
      // Its key stays filed under the old address and is never sent to the new one.
      clients.delete(env.id);
      keyPresent.delete(env.id);
    }
    await refreshKeyPresence(env.id);
    if (env.id === environments.activeId()) {
      if (moved) {
        connection = 'unknown';
        lastSyncedAt = null;
      }
      emitIfChanged();
      if (moved) await notifyChange(env.id);
    }
    return ok(view(env));
  }

  async function remove(id: string): Promise<Result<{ deleted: boolean }>> {
    if (isLocal(id)) return err('validation', 'The local sandbox is built in and cannot be deleted.', { field: 'id' });
    const env = stored(id);
    if (!env) return ok({ deleted: false });
    if (env.managed) return managedRefusal(env)!;
    let undoKeyDelete: Undo;
    try {
      // Every key it had, at each of its addresses; a failed delete leaves the keys and the environment as they were.
      undoKeyDelete = (await keys.deleteAll(env.id)).undo;
    } catch (error) {
      const failed = keychainFailure(error);
      if (failed.ok) return failed;
      return err(failed.error.kind, `${failed.error.message} The environment and its API keys are kept.`);
    }
    const removed = await environments.remove(id);
    if (!removed.ok) {
      await undoKey(undoKeyDelete, id);
      return removed;
    }
    clients.delete(id);
    keyPresent.delete(id);
    if (removed.data.wasActive) {
      connection = 'unknown';
      lastSyncedAt = null;
      emitIfChanged();
      await notifyChange(id);
    }
    // Its caches hold customer data: once nothing uses the folder any more, remove it.
    await rm(join(dataDir, 'environments', id), { recursive: true, force: true }).catch((error: unknown) =>
      logger.warn({ environmentId: id, err: errorMessage(error) }, 'removing environment folder failed'),
    );
    logger.info({ environmentId: id }, 'environment deleted');
    return ok({ deleted: true });
  }

  return {
    active,
    activate,
    list,
    save,
    delete: remove,
    setKey: commands.setKey,
    hasKey: commands.hasKey,
    deleteKey: commands.deleteKey,
    status,
    notice(text, on) {
      if (on) addNotice(text);
      else if (notices.includes(text)) notices.splice(notices.indexOf(text), 1);
      emitIfChanged();
    },
    setLastSyncedAt(iso) {
      lastSyncedAt = iso;
      emitIfChanged();
    },
    networks,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      listeners.clear();
      watch.stop();
      await environments.settled();
      const running = sandbox ? await sandbox.catch(() => null) : null;
      sandbox = null;
      sandboxRunning = null;
      if (running) await running.stop();
    },
  };
}
