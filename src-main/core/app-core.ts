// The composition root's plain-TypeScript half: builds every service and the full IPC handler table.
// Electron's shell (src-main/index.ts) and the test harness both call it, so the renderer is tested
// against exactly the handlers, services and storage the app runs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Card, Customer } from '../../src-shared/api/records';
import { err, ok } from '../../src-shared/ipc/result';
import { backgroundClient } from '../api/call-priority';
import { apiReadHandlers } from '../cards/service-reads';
import { customerCacheHandlers } from '../cache/handlers';
import { openCustomerCache, type CustomerCacheService } from '../cache/service';
import { loadCacheKeys } from '../cache/store/cache-keys';
import { DEFAULT_CACHE_RETENTION_DAYS, deleteStaleCaches } from '../cache/store/retention';
import { AppLock, type LockSignals } from '../lock/app-lock';
import { guardWhileLocked, lockHandlers } from '../lock/lock-handlers';
import { readIdleMinutes, writeIdleMinutes } from '../lock/lock-settings';
import { lockedEventGate } from '../lock/locked-events';
import { knownCardsHandlers } from '../cards/handlers';
import { lookUpCard } from '../cards/card-look-up';
import { DisputedTransactionSearches, findDisputedTransactions } from '../cards/dispute-transactions';
import { handlerGuard } from '../ipc/guarded';
import type { KnownCards } from '../cards/known-cards';
import { openKnownCardsHealing } from '../cards/known-cards-file';
import { openSeenTransactions, type SeenTransactions } from '../cards/seen-transactions';
import { exportHandlers } from '../exports/handlers';
import { createExportService } from '../exports/service';
import { CancelRegistry } from '../ipc/cancel-registry';
import type { HandlerTable } from '../ipc/handler';
import { issuingHandlersWithService } from '../issuing/handlers';
import { bulkIssueHandlers } from '../bulk-issue/handlers';
import { createBulkIssueService } from '../bulk-issue/bulk-service';
import { issuedCardsFromJournal } from '../issuing/issued-cards';
import type { Journal } from '../journal/journal';
import { openJournalFile, startNewJournal } from '../journal/journal-file';
import { defaultSecretStore } from '../keychain/default-secret-store';
import type { StartKeychainHost } from '../keychain/keychain-host-protocol';
import type { SecretStore } from '../keychain/secret-store';
import { createLogger, type AppLogger } from '../logging/logger';
import { createEnvironmentManager, type EnvironmentManager } from '../environments/environment-manager';
import { namesHandlers } from '../names/handlers';
import { settingsHandlers } from '../environments/handlers';
import { networkHandlers } from '../environments/network-handlers';
import { originOf } from '../environments/environment-keys';
import { startSandbox } from '../sandbox';
import type { SandboxHandle, SandboxOptions } from '../sandbox/handle';
import { externalUrl } from '../security/renderer-baseline';
import { PRIVATE_FOLDER_MODE, makeFolderPrivate } from '../storage/private-files';
import { EnvironmentScoped } from './environment-scope';
import type { Emit, OpenExternal, ResolveProxy, SaveFilePort, SetThemeSource } from '../ports/ports';
import { closeAgents } from '../api/network-agents';
import { NO_POLICY, type Policy } from '../policy/policy';
import { applyPolicyToCache, policyHandlers, withPolicyLocks } from './policy-rules';
import { errorMessage } from '../errors/error-message';
import type { RestartAnswer, UpdateStatus } from '../updates/update-service';
import type { UnsettledWrites } from '../updates/unsettled-writes';

export interface AppCoreOptions {
  /** The app's data folder (Electron's userData). */
  dataDir: string;
  saveFile: SaveFilePort;
  openExternal: OpenExternal;
  /** Where the theme the operator chose goes (the shell's nativeTheme); none in the harness. */
  setThemeSource?: SetThemeSource;
  emit: Emit;
  /** Defaults to the OS keychain through keytar (on Linux in a host process: defaultSecretStore). */
  secretStore?: SecretStore;
  /** Starts the keychain host process on Linux (Electron's utilityProcess in the app; see defaultSecretStore). */
  keychainHost?: StartKeychainHost;
  logger?: AppLogger;
  /** Options for the built-in local sandbox (seed, number of customers). */
  localSandbox?: Omit<SandboxOptions, 'port' | 'key'>;
  /** Whether the local sandbox's first customer sync starts by itself (default true, as for a real environment). */
  localSandboxFirstSync?: boolean;
  /** The customer cache's worker script (the built `cache-worker.js` in the packaged app). */
  cacheWorkerUrl?: URL;
  /** The operating system's proxy for a URL (Electron's session.resolveProxy); default HTTPS_PROXY & co. */
  resolveProxy?: ResolveProxy;
  /** The organisation's policy (policy-file.ts reads it); none by default. */
  policy?: Policy;
  /** Customer caches not opened for this many days are deleted at start (default: the policy's `cacheRetentionDays`, else 30). */
  cacheRetentionDays?: number;
  /** Minutes without input before Card Desk locks, fixed (default: the policy's `autoLockMinutes`, else the operator's choice, 10 at first). */
  autoLockMinutes?: number;
  /** Unlocking takes the operator's passcode (default: the policy's `unlockPasscode`, else false: a click). */
  unlockPasscode?: boolean;
  /** The system's idle time and screen-lock/sleep events (the shell's powerMonitor); none in the harness. */
  lockSignals?: LockSignals;
  /** The clock the lock counts its waits after wrong passcodes on (default Date.now; tests step it). */
  lockClock?: () => number;
  /** Writes the system clipboard (Electron's clipboard in the app); Copy answers an error without one. */
  writeClipboard?: (text: string) => void | Promise<void>;
  /** The updater, once the shell has started it; updates are off without one. */
  updates?: () => UpdatesPort | null;
}

/** The updater as the renderer reaches it (src-main/updates; the shell passes the real one). */
export interface UpdatesPort {
  status(): UpdateStatus;
  restart(): Promise<RestartAnswer>;
}

export interface AppCore {
  /** Writes not yet settled: the journal's pending and outcome-unknown entries, running batches (updates wait). */
  unsettledWrites(): UnsettledWrites;
  handlers: HandlerTable;
  cancels: CancelRegistry;
  logger: AppLogger;
  environments: EnvironmentManager;
  /** The running local sandbox, when it has been started (for the harness and tests). */
  localSandbox(): SandboxHandle | null;
  dispose(): Promise<void>;
}

/** A customer as the operator knows them: their name, or an individual's first and last names. */
function customerNameOf(customer: Customer | null): string | null {
  if (!customer) return null;
  const parts = [customer.individual?.firstName, customer.individual?.lastName].filter(Boolean);
  return customer.name?.trim() || parts.join(' ') || null;
}

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const { dataDir } = options;
  const policy = options.policy ?? NO_POLICY;
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const logger = options.logger ?? createLogger({ file: path.join(dataDir, 'logs', 'main.log') });
  const unchanged = makeFolderPrivate(dataDir);
  if (unchanged > 0) logger.warn({ unchanged }, 'some data files could not be made private');
  deleteStaleCaches({
    dataDir,
    days: options.cacheRetentionDays ?? policy.cacheRetentionDays ?? DEFAULT_CACHE_RETENTION_DAYS,
    logger,
  });
  const secretStore = options.secretStore ?? defaultSecretStore(options.keychainHost);
  // While locked, only the lock's, the status's and updates' events reach the window (locked-events.ts).
  const events = lockedEventGate(options.emit, () => lock.isLocked);
  const emit = events.emit;
  const lock = new AppLock({
    secretStore,
    tell: (state) => {
      options.emit('lock.changed', state);
      if (!state.locked) events.release();
    },
    autoLockMinutes: options.autoLockMinutes ?? policy.autoLockMinutes,
    savedIdleMinutes: readIdleMinutes(dataDir),
    saveIdleMinutes: (minutes) => {
      try {
        writeIdleMinutes(dataDir, minutes);
      } catch (e) {
        logger.warn({ error: errorMessage(e) }, 'could not save the lock setting; it holds until Card Desk closes');
      }
    },
    unlockPasscode: options.unlockPasscode ?? policy.unlockPasscode,
    signals: options.lockSignals,
    ...(options.lockClock ? { now: options.lockClock } : {}),
    logger,
  });
  await lock.load();
  const cancels = new CancelRegistry();
  let sandbox: SandboxHandle | null = null;

  const environments = createEnvironmentManager({
    dataDir,
    secretStore,
    emit,
    logger,
    ...(options.resolveProxy ? { resolveProxy: options.resolveProxy } : {}),
    policy,
    ...(options.localSandboxFirstSync === undefined ? {} : { localSandboxFirstSync: options.localSandboxFirstSync }),
    startLocalSandbox: async () => {
      sandbox = await startSandbox({ ...options.localSandbox });
      logger.info({ url: sandbox.url }, 'local sandbox started');
      const started = sandbox;
      return {
        url: started.url,
        key: started.key,
        stop: async () => {
          await started.stop();
          if (sandbox === started) sandbox = null;
        },
      };
    },
  });
  const getActive = () => environments.active();

  let opened = openJournalFile({ dataDir, logger });
  if (opened.status.problem) environments.notice(opened.status.problem, true);
  const knownCards = new EnvironmentScoped<KnownCards>(async (environmentId, folder) => {
    // Only the cards issued at the environment's current address: its folder is that address's own.
    const origin = originOf((await getActive()).environment.baseUrl);
    const healed = openKnownCardsHealing({
      folder,
      issued: () => issuedCardsFromJournal(opened.journal, environmentId, origin),
      logger,
    });
    if (healed.notice) environments.notice(healed.notice, true);
    return healed.knownCards;
  });
  const seenTransactions = new EnvironmentScoped<SeenTransactions>(async (_id, folder) =>
    openSeenTransactions({ folder }),
  );
  const caches = new EnvironmentScoped<CustomerCacheService>(async (environmentId, folder) => {
    const active = await getActive();
    const opened = await openCustomerCache({
      folder,
      environmentId,
      // The cache's keys are filed by its folder (the environment's id and address folder; the local
      // sandbox has one folder whatever its port), under the environment's id (cache-keys.ts).
      keys: await loadCacheKeys(
        secretStore,
        path.relative(path.join(dataDir, 'environments'), folder).split(path.sep).join(' '),
        logger,
      ),
      // Customer sync is background work: it leaves a reserve of the rate limit to the operator.
      api: backgroundClient(active.api),
      emit,
      logger,
      workerUrl: options.cacheWorkerUrl,
      onSynced: (iso: string | null) => environments.setLastSyncedAt(iso),
    });
    return applyPolicyToCache(opened, policy);
  });
  const getKnownCards = async () => {
    const active = await getActive();
    return knownCards.get(active.environment.id, active.dataDir);
  };
  const getSeenTransactions = async () => {
    const active = await getActive();
    return seenTransactions.get(active.environment.id, active.dataDir);
  };
  const getCache = async () => {
    const active = await getActive();
    return caches.get(active.environment.id, active.dataDir);
  };
  const getJournal = async (): Promise<Journal> => opened.journal;
  /** The customers a search text names, from the cache: how the journal is searched by customer name. */
  const customerIdsNamed = async (text: string): Promise<string[]> => {
    try {
      return (await (await getCache()).search(text, 200)).results.map((c) => c._id);
    } catch (e) {
      logger.warn({ error: errorMessage(e) }, 'could not search customers by name');
      return [];
    }
  };
  // A switch of environment (or of its address) reopens its caches with the right client.
  const offChange = environments.onChange(async () => {
    await caches.closeCurrent();
    await knownCards.closeCurrent();
    await seenTransactions.closeCurrent();
  });

  const exportsService = createExportService({
    getActive,
    getKnownCards,
    getCustomerCache: getCache,
    customerIdsNamed,
    getJournal,
    saveFile: options.saveFile,
    emit,
    logger,
  });

  const { service: issuing, ...issuingTable } = issuingHandlersWithService({
    getActive,
    getJournal,
    getKnownCards,
    customerIdsNamed,
    emit,
    logger,
    customerName: async (customerId) => customerNameOf(await (await getCache()).get(customerId)),
  });
  // Issue from a file: its batches beside the journal, its writes through the same issuing service.
  const bulkIssue = createBulkIssueService({
    dataDir,
    getActive,
    getJournal,
    getCustomers: getCache,
    issuing,
    logger,
    secrets: secretStore,
    notice: (text, on) => environments.notice(text, on),
  });

  const disputedTransactions = new DisputedTransactionSearches();
  const handlers: HandlerTable = {
    ...lockHandlers(lock),
    ...apiReadHandlers(getActive, {
      logger,
      observeCards: (cards, source) => {
        void getKnownCards()
          .then((index) => index.observe(cards, source))
          .catch((e: unknown) => {
            logger.warn({ error: errorMessage(e) }, 'could not index cards');
          });
      },
      observeDisputes: (disputes, api) =>
        disputedTransactions.start(
          disputes,
          async () => {
            const [seen, cards] = await Promise.all([getSeenTransactions(), getKnownCards()]);
            const observeCards = (found: Card[], source: 'authorization' | 'transaction') =>
              cards.observe(found, source);
            // Background work: the search waits behind what the operator asks for and keeps the reserve.
            return findDisputedTransactions(disputes, backgroundClient(api), { seen, observeCards });
          },
          (e) => logger.warn({ error: errorMessage(e) }, 'could not look for disputed transactions'),
        ),
      observeTransactions: (transactions) => {
        void getSeenTransactions()
          .then((index) => index.observe(transactions))
          .catch((e: unknown) => {
            logger.warn({ error: errorMessage(e) }, 'could not index transactions');
          });
      },
    }),
    ...withPolicyLocks(customerCacheHandlers(getCache), policy),
    ...policyHandlers(policy),
    ...namesHandlers({
      getCustomer: getCache,
      getKnownCards,
      getSeenTransactions,
      transactionsSettled: (ids) => disputedTransactions.settled(ids),
      logger,
    }),
    ...knownCardsHandlers(getKnownCards, customerIdsNamed),
    'cards.lookUp': handlerGuard()('cards.lookUp', async ({ id }, signal) =>
      lookUpCard(id, (await getActive()).api, await getKnownCards(), signal),
    ),
    ...issuingTable,
    ...bulkIssueHandlers(bulkIssue, getCache, options.saveFile),
    ...exportHandlers(exportsService),
    ...settingsHandlers(environments),
    ...networkHandlers(environments.networks),
    'journal.status': async () => ok(opened.status),
    'journal.verify': async () => ok(opened.journal.verify()),
    'journal.startNew': async () => {
      if (opened.status.state === 'ok') return ok(opened.status);
      const notice = opened.status.problem;
      try {
        opened = startNewJournal({ dataDir, logger });
      } catch (e) {
        logger.error({ err: errorMessage(e) }, 'starting a new journal failed');
        return err(
          'internal',
          `Card Desk could not start a new journal in ${dataDir}. Check that the folder is writable.`,
        );
      }
      if (notice) environments.notice(notice, false);
      return ok(opened.status);
    },
    'app.copyText': async ({ text }) => {
      if (!options.writeClipboard) return err('internal', 'Copying is not available in this window.');
      await options.writeClipboard(text);
      return ok({ copied: true as const });
    },
    'updates.status': async () => ok(options.updates?.()?.status() ?? { state: 'off' }),
    'updates.restart': async () => {
      const answer = (await options.updates?.()?.restart()) ?? { restarting: false, reason: 'Updates are off.' };
      return answer.restarting ? ok({ restarting: true as const }) : err('conflict', answer.reason);
    },
    'app.cancel': async ({ requestId }) => ok({ cancelled: cancels.cancel(requestId) }),
    'app.setTheme': async ({ source }) => {
      options.setThemeSource?.(source);
      return ok({ applied: options.setThemeSource !== undefined });
    },
    'app.openExternal': async ({ url }) => {
      // Opened exactly as checked: the normalized URL, never the string the page sent.
      const checked = externalUrl(url);
      if (!checked) return err('forbidden', 'Card Desk opens only its own documentation links in your browser.');
      await options.openExternal(checked);
      return ok({ opened: true });
    },
  };

  return {
    unsettledWrites: () => ({
      pending: opened.journal.list({ outcome: 'pending', limit: 1 }).total,
      unknown: opened.journal.list({ outcome: 'outcome_unknown', limit: 1 }).total,
      runningBatches: bulkIssue.store.countIn('running'),
    }),
    handlers: guardWhileLocked(handlers, lock),
    cancels,
    logger,
    environments,
    localSandbox: () => sandbox,
    async dispose() {
      lock.dispose();
      cancels.cancelAll();
      offChange();
      await exportsService.cancelAll();
      await bulkIssue.dispose();
      await caches.closeCurrent();
      await knownCards.closeCurrent();
      await seenTransactions.closeCurrent();
      opened.journal.close();
      await environments.dispose();
      closeAgents();
      await logger.flush();
    },
  };
}
