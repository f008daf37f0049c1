// The composition root's plain-TypeScript half: builds every service and the full IPC handler table.
// Electron's shell (src-main/index.ts) and the test harness both call it, so the renderer is tested
// against exactly the handlers, services and storage the app runs. It only wires rooms together: what each
// does lives in its room.
import path from 'node:path';
import { closeAgents } from '../api/network-agents';
import { ApprovalsService } from '../approvals/approvals-service';
import type { CustomerFeed } from '../cache/service';
import { createBulkIssueService } from '../bulk-issue/bulk-service';
import { CardObservations } from '../cards/observations';
import { createEnvironmentManager, type EnvironmentManager } from '../environments/environment-manager';
import { createExportService } from '../exports/service';
import { CancelRegistry } from '../ipc/cancel-registry';
import type { DispatchGuards } from '../ipc/guards';
import type { HandlerTable } from '../ipc/handler';
import { createIssuingService } from '../issuing/issuing-service';
import { scheduleReconciliation } from '../issuing/reconcile-schedule';
import { teamFingerprint } from '../issuing/claim-answers';
import { exportSigner } from '../journal/export-signature';
import { JournalInUse } from '../journal/journal-in-use';
import { journalAccounts } from '../journal/journal-keys';
import { defaultSecretStore } from '../keychain/default-secret-store';
import { createLogger, type AppLogger } from '../logging/logger';
import { NO_POLICY } from '../policy/policy';
import type { SandboxHandle } from '../sandbox/handle';
import { TeamWriteClaims } from '../team/team-claims-store';
import type { UnsettledWrites } from '../updates/unsettled-writes';
import type { AppCoreOptions } from './app-core-options';
import { prepareDataFolder } from './prepare-data-folder';
import { DEFAULT_CACHE_RETENTION_DAYS } from '../cache/store/retention';
import { forgetRetiredKeys, retiredKeysNotice } from '../cache/store/retired-keys';
import { environmentStores } from './environment-stores';
import { handlerTable } from './handler-table';
import { openTeam } from './open-team';
import type { TeamService } from '../team/team-service';
import { LocalSandboxes } from './local-sandbox';
import { openAppLock } from './lock-setup';

export type { AppCoreOptions } from './app-core-options';
export type { UpdatesPort } from '../updates/handlers';

export interface AppCore {
  /** Writes not yet settled: the journal's pending and outcome-unknown entries, running batches (updates wait). */
  unsettledWrites(): UnsettledWrites;
  handlers: HandlerTable;
  /** What the channels' declared guards ask: the lock, and approvals (for the dispatcher). */
  guards: DispatchGuards;
  cancels: CancelRegistry;
  logger: AppLogger;
  environments: EnvironmentManager;
  /** The active environment's team database on this desk. */
  team: TeamService;
  /** The running local sandbox, when it has been started (for the harness and tests). */
  localSandbox(): SandboxHandle | null;
  dispose(): Promise<void>;
}

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const { dataDir } = options;
  const policy = options.policy ?? NO_POLICY;
  const logger = options.logger ?? createLogger({ file: path.join(dataDir, 'logs', 'main.log') });
  const retentionDays = options.cacheRetentionDays ?? policy.cacheRetentionDays ?? DEFAULT_CACHE_RETENTION_DAYS;
  const retiredCaches = prepareDataFolder(dataDir, retentionDays, logger);
  const cancels = new CancelRegistry();
  const sandboxes = new LocalSandboxes(options.localSandbox, logger);
  const secretStore = options.secretStore ?? defaultSecretStore(options.keychainHost);
  // First, so that while it is locked only the lock's, the status's and updates' events reach the window.
  const { lock, emit } = await openAppLock(options, { policy, secretStore, emit: options.emit, logger });
  const environments = createEnvironmentManager({
    dataDir,
    secretStore,
    emit,
    logger,
    ...(options.resolveProxy ? { resolveProxy: options.resolveProxy } : {}),
    policy,
    ...(options.localSandboxFirstSync === undefined ? {} : { localSandboxFirstSync: options.localSandboxFirstSync }),
    startLocalSandbox: () => sandboxes.start(),
  });
  const getActive = () => environments.active();
  // The keys of the caches retention deleted go too, before any cache opens.
  const retired = await forgetRetiredKeys({ store: secretStore, dataDir, deletedFiles: retiredCaches, logger });
  if (retired.problem) environments.notice(retiredKeysNotice(retired.left.length, retired.problem), true);

  const journal = await JournalInUse.open({
    dataDir,
    secrets: secretStore,
    logger,
    notice: (text, on) => environments.notice(text, on),
  });
  const getJournal = () => journal.ready();
  const journalSigner = exportSigner(secretStore, journalAccounts(dataDir).exportKey, logger);
  // While an environment's team database fills its cache, the cache asks it, not the API (team/sync/).
  const teamFeeds: { of: (environmentId: string) => CustomerFeed | null } = { of: () => null };
  const stores = environmentStores({
    dataDir,
    environments,
    secretStore,
    journal: () => journal.journal,
    policy,
    emit,
    logger,
    ...(options.cacheWorkerUrl ? { cacheWorkerUrl: options.cacheWorkerUrl } : {}),
    customerFeed: (environmentId) => teamFeeds.of(environmentId),
  });
  // The active environment's team database, when it has one: the journal's events also go there.
  const teamSetup = await openTeam({
    ...{ dataDir, secretStore, policy, journal: () => journal.journal, environments, getCache: stores.getCache },
    getKnownCards: stores.getKnownCards,
    ...{ emit, logger, timings: options.team, feeds: teamFeeds },
  });
  const { team } = teamSetup;
  // Never twice across desks: each write is claimed in the environment's team database, when it has one.
  const claims = new TeamWriteClaims({
    team,
    journal: () => journal.journal,
    required: policy.teamRequiredForWrites ?? true,
    logger,
    teamFingerprint,
  });
  const issuing = createIssuingService({
    getActive,
    getJournal,
    getKnownCards: stores.getKnownCards,
    emit,
    logger,
    customerName: stores.customerName,
    claims,
  });
  const reconciliation = scheduleReconciliation({
    service: issuing,
    hasUnknownOutcomes: () => journal.journal.list({ outcome: 'outcome_unknown', limit: 1 }).total > 0,
    logger,
  });
  // Issue from a file: its batches beside the journal, its writes through the same issuing service.
  const bulkIssue = createBulkIssueService({
    dataDir,
    getActive,
    getJournal,
    getCustomers: stores.getCache,
    issuing,
    logger,
    secrets: secretStore,
    notice: (text, on) => environments.notice(text, on),
    retentionDays,
  });
  // Four eyes on the writes the policy names: asked for and decided in the team database, sent by the approver's desk.
  const { customerName } = stores;
  const customer = async (customerId: string) => (await stores.getCache()).get(customerId);
  const approvalDeps = { policy, team, getActive, issuing, bulkIssue, getJournal, customerName, emit, logger };
  const approvals = new ApprovalsService({ ...approvalDeps, customer });
  // The lists an operator exports, approvals among them.
  const exportsService = createExportService({
    getActive,
    getKnownCards: stores.getKnownCards,
    getCustomerCache: stores.getCache,
    customerIdsNamed: stores.customerIdsNamed,
    getJournal,
    journalSigner,
    getTeamJournal: () => ({ list: (query) => team.journal(query) }),
    getApprovals: () => ({ list: (query) => approvals.list(query) }),
    saveFile: options.saveFile,
    emit,
    logger,
  });
  // A batch belongs to its environment: no switch away from it, nor deleting or moving it, while it is open.
  environments.guardSwitches((change, nameOf) => bulkIssue.switchRefusal(change, nameOf));
  const handlers = handlerTable({
    ...options,
    policy,
    environments,
    stores,
    journal,
    journalSigner,
    issuing,
    bulkIssue,
    exportsService,
    observations: new CardObservations({ ...stores, logger }),
    lock,
    cancels,
    logger,
    team,
    approvals,
  });

  return {
    unsettledWrites: () => ({
      pending: journal.journal.list({ outcome: 'pending', limit: 1 }).total,
      unknown: journal.journal.list({ outcome: 'outcome_unknown', limit: 1 }).total,
      runningBatches: bulkIssue.store.countIn('running'),
    }),
    handlers,
    guards: { locked: () => lock.isLocked, approvalRefusal: (write) => approvals.refusal(write) },
    cancels,
    logger,
    environments,
    team,
    localSandbox: () => sandboxes.current(),
    async dispose() {
      lock.dispose();
      reconciliation.dispose();
      teamSetup.stopFollowing();
      await teamSetup.teamCards.dispose();
      await approvals.dispose();
      claims.dispose();
      await team.dispose();
      cancels.cancelAll();
      await exportsService.cancelAll();
      await bulkIssue.dispose();
      await stores.close();
      await journal.close();
      await environments.dispose();
      closeAgents();
      // A log the core opened is closed with it; one it was given stays its owner's.
      if (options.logger) await logger.flush();
      else await logger.close();
    },
  };
}
