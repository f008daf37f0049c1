// The composition of environments (environments.ts) and their keys (environment-keys.ts): the built-in
// local sandbox and the user's own services. Knows which one is active, gives its API client (which reads
// the key for the client's own address from the keychain per call: environment-clients.ts), and keeps the
// status bar told (app-status.ts). A change that touches both settings and the keychain is undone in
// whichever it had reached if the other fails (environment-removal.ts, key-commands.ts).
import { mkdir } from 'node:fs/promises';
import { LOCAL_SANDBOX_ENVIRONMENT_ID, type AppStatus, type Environment } from '../../src-shared/ipc/channels/settings';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { backgroundClient } from '../api/call-priority';
import type { CardApiClient } from '../api/types';
import { AppStatusReporter } from './app-status';
import { ConnectionWatch } from './connection-watch';
import { EnvironmentClients } from './environment-clients';
import { createEnvironmentKeys } from './environment-keys';
import { createEnvironmentNetworks } from './environment-network';
import { removeEnvironment } from './environment-removal';
import { environmentFolder, environmentView, localSandboxView } from './environment-views';
import {
  LOCAL_SANDBOX_NAME,
  type EnvironmentInput,
  type Environments,
  isLocal,
  notFound,
  openEnvironments,
} from './environments';
import type { Logger } from '../ports/ports';
import { KEYCHAIN_NOTICE, keyCommands, type SetKeyInput } from './key-commands';
import { errorMessage } from '../errors/error-message';
import { keyVerifier } from './key-verification';
import { LocalSandboxRunner } from './local-sandbox-runner';
import { LOCAL_SANDBOX_REFUSAL } from './managed-environments';
import {
  EnvironmentUnavailableError,
  type ActiveEnvironment,
  type EnvironmentChange,
  type EnvironmentManager,
  type EnvironmentManagerOptions,
  type LocalSandbox,
} from './environment-manager-types';
import { originOf } from './environment-keys';
import { SwitchGuards } from './switch-guards';

export { KEYCHAIN_NOTICE, LOCAL_SANDBOX_NAME, type EnvironmentInput, type SetKeyInput };
export {
  EnvironmentUnavailableError,
  type ActiveEnvironment,
  type EnvironmentChange,
  type EnvironmentManager,
  type EnvironmentManagerOptions,
  type EnvironmentSwitch,
  type LocalSandbox,
  type SwitchGuard,
} from './environment-manager-types';

const SANDBOX_DID_NOT_START =
  'The local sandbox could not be started. Restart Card Desk, or choose another environment in Settings.';

export function createEnvironmentManager(options: EnvironmentManagerOptions): EnvironmentManager {
  const { dataDir, logger } = options;
  const environments = openEnvironments(dataDir, logger, options.now, options.policy);
  const keys = createEnvironmentKeys(options.secretStore, logger);
  const sandbox = new LocalSandboxRunner(options.startLocalSandbox, logger);
  /** Whether each environment has a key for its address in the keychain, as last seen. */
  const keyPresent = new Map<string, boolean>();
  const listeners = new Set<(change: EnvironmentChange) => void | Promise<void>>();
  const stored = (id: string) => environments.get(id);
  const view = (id: string): Environment => {
    const env = stored(id);
    return env
      ? environmentView(env, keyPresent.get(id))
      : localSandboxView(sandbox.url, options.localSandboxFirstSync !== false);
  };
  const guards = new SwitchGuards((id) => view(id).name);
  // While offline: one customer, as background work, on the active client; its outcome sets the connection.
  const watch: ConnectionWatch = new ConnectionWatch(
    async () => backgroundClient((await active()).api).listCustomers({ page: 0, limit: 1 }),
    options.reconnectProbeMs,
  );
  const status: AppStatusReporter = new AppStatusReporter({
    emit: options.emit,
    logger,
    activeView: () => view(environments.activeId()),
    activeId: () => environments.activeId(),
    rateLimit: () => clients.rateLimit(environments.activeId()),
    watch,
  });
  environments.loadNotices.forEach((n) => status.addNotice(n));
  const networks = createEnvironmentNetworks({
    dataDir,
    secretStore: options.secretStore,
    environments,
    resolveProxy: options.resolveProxy,
    managed: (id) => options.policy?.environments.find((e) => e.id === id),
    logger,
    onSignInAsked: (ask) => options.emit('network.proxySignInAsked', ask),
  });
  const clients: EnvironmentClients = new EnvironmentClients({
    logger,
    networkFor: networks.resolverFor,
    outcomeOf: (id) => status.outcomeOf(id),
    budgetChanged: (id) => {
      if (id === environments.activeId()) status.emitSoon();
    },
    ...(options.client ? { client: options.client } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
  });
  /** Reads the key filed for this environment at this address: a client never asks for another. */
  const keyReader = (id: string, baseUrl: string) => () =>
    keys.get({ id, baseUrl, keyVerified: stored(id)?.keyVerified ?? null });
  const commands = keyCommands({
    environments,
    keys,
    logger,
    keyPresent,
    // The check shares the environment's budget (an operator's call), never its client (see key-verification).
    verify: keyVerifier({ ...options, logger, network: networks.resolverFor }, ({ id, baseUrl }) =>
      clients.budgetFor(id, baseUrl, keyReader(id, baseUrl)),
    ),
    notices: { add: (text) => status.setNotice(text, true), remove: (text) => status.setNotice(text, false) },
    keyChanged: (id) => {
      if (id !== environments.activeId()) return;
      status.connection = 'unknown';
      status.emitIfChanged();
    },
  });

  async function sandboxClient(): Promise<CardApiClient> {
    if (!environments.policy.allowLocalSandbox)
      throw new EnvironmentUnavailableError({ kind: 'forbidden', message: LOCAL_SANDBOX_REFUSAL });
    let running: LocalSandbox;
    try {
      running = await sandbox.ensure();
    } catch {
      throw new EnvironmentUnavailableError({ kind: 'internal', message: SANDBOX_DID_NOT_START });
    }
    const api = clients.clientFor(LOCAL_SANDBOX_ENVIRONMENT_ID, running.url, async () => running.key);
    status.emitIfChanged(); // its address is known now
    return api;
  }

  async function active(): Promise<ActiveEnvironment> {
    const id = environments.activeId();
    const env = stored(id);
    // The key asked for is always the one filed under the client's own address.
    const api = env ? clients.clientFor(id, env.baseUrl, keyReader(id, env.baseUrl)) : await sandboxClient();
    const dir = environmentFolder(dataDir, env);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return { environment: view(id), api, dataDir: dir };
  }

  /** Tells the listeners (the stores of the environment) that the active environment or its address changed. */
  async function changed(previousId: string): Promise<void> {
    const id = environments.activeId();
    status.emitIfChanged();
    const change: EnvironmentChange = {
      environment: view(id),
      dataDir: environmentFolder(dataDir, stored(id)),
      previousId,
    };
    const results = await Promise.allSettled([...listeners].map(async (l) => l(change)));
    for (const r of results) {
      if (r.status === 'rejected') logger.error({ err: errorMessage(r.reason) }, 'environment change listener failed');
    }
  }

  const parts: ManagerParts = { environments, keyPresent, clients, status, watch, commands, logger, changed, view };

  return {
    active,
    activate: (id) => activate(id, parts, guards),
    async list() {
      await Promise.all(environments.all().map((e) => commands.refreshKeyPresence(e.id)));
      const local = environments.policy.allowLocalSandbox ? [view(LOCAL_SANDBOX_ENVIRONMENT_ID)] : [];
      return {
        environments: [...local, ...environments.all().map((e) => view(e.id))],
        activeId: environments.activeId(),
      };
    },
    save: (input) => save(input, parts, guards),
    delete: async (id) =>
      guards.refusal({ kind: 'delete', id }) ??
      removeEnvironment(id, { dataDir, environments, keys, commands, logger }, (wasActive) => {
        clients.forget(id);
        keyPresent.delete(id);
        if (!wasActive) return Promise.resolve();
        status.reset();
        return changed(id);
      }),
    setKey: commands.setKey,
    hasKey: commands.hasKey,
    deleteKey: commands.deleteKey,
    status: () => status.status(),
    notice: (text, on) => status.setNotice(text, on),
    setLastSyncedAt(iso) {
      status.lastSyncedAt = iso;
      status.emitIfChanged();
    },
    networks,
    guardSwitches: (guard) => guards.add(guard),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      listeners.clear();
      watch.stop();
      await environments.settled();
      await sandbox.stop();
    },
  };
}

/** What activating or saving an environment touches. */
interface ManagerParts {
  environments: Environments;
  keyPresent: Map<string, boolean>;
  clients: EnvironmentClients;
  status: AppStatusReporter;
  watch: ConnectionWatch;
  commands: Pick<ReturnType<typeof keyCommands>, 'refreshKeyPresence'>;
  logger: Logger;
  /** Tells the stores of the environment that the active environment or its address changed. */
  changed: (previousId: string) => Promise<void>;
  view: (id: string) => Environment;
}

async function activate(id: string, p: ManagerParts, guards: SwitchGuards): Promise<Result<AppStatus>> {
  const { environments, status } = p;
  if (!isLocal(id) && !environments.get(id)) return notFound(id);
  const previousId = environments.activeId();
  if (previousId === id) return ok(status.status());
  const refused = guards.refusal({ kind: 'activate', to: id });
  if (refused) return refused;
  const failed = await environments.activate(id);
  if (failed) return err(failed.kind, failed.message);
  status.reset();
  p.watch.stop();
  await p.commands.refreshKeyPresence(id);
  p.logger.info({ environmentId: id }, 'environment activated');
  await p.changed(previousId);
  return ok(status.status());
}

async function save(input: EnvironmentInput, p: ManagerParts, guards: SwitchGuards): Promise<Result<Environment>> {
  const before = input.id ? p.environments.get(input.id) : undefined;
  if (before && originOf(before.baseUrl) !== originOf(input.baseUrl.trim())) {
    const refused = guards.refusal({ kind: 'move', id: before.id });
    if (refused) return refused;
  }
  const saved = await p.environments.save(input);
  if (!saved.ok) return saved;
  const { environment: env, moved } = saved.data;
  if (moved) {
    // Its key stays filed under the old address and is never sent to the new one.
    p.clients.forget(env.id);
    p.keyPresent.delete(env.id);
  }
  await p.commands.refreshKeyPresence(env.id);
  if (env.id === p.environments.activeId()) {
    if (moved) p.status.reset();
    if (moved) await p.changed(env.id);
    else p.status.emitIfChanged();
  }
  return ok(p.view(env.id));
}
