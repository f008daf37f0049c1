// The composition root's plain-TypeScript half: builds every service and the full IPC handler table.
// Electron's shell (src-main/index.ts) and the test harness both call it, so the renderer is tested
// against exactly the handlers, services and storage the app runs. It only wires rooms together: what each
// does lives in its room.
import { closeAgents } from '../api/network-agents';
import type { CustomerFeed } from '../cache/service';
import { CardObservations } from '../cards/observations';
import { createExportService } from '../exports/service';
import { CancelRegistry } from '../ipc/cancel-registry';
import type { EnvironmentManager } from '../environments/environment-manager';
import type { DispatchGuards } from '../ipc/guards';
import type { HandlerTable } from '../ipc/handler';
import type { AppLogger } from '../logging/logger';
import type { SandboxHandle } from '../sandbox/handle';
import type { UnsettledWrites } from '../updates/unsettled-writes';
import type { AppCoreOptions } from './app-core-options';
import { environmentStores } from './environment-stores';
import { handlerTable } from './handler-table';
import { openTeam } from './open-team';
import type { TeamService } from '../team/team-service';
import { createWriteServices } from './write-services';
import { openFoundation } from './foundation';

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
  const foundation = await openFoundation(options);
  const { policy, logger, retentionDays, secretStore, lock, emit, sandboxes, environments, journal } = foundation;
  const { journalSigner } = foundation;
  const cancels = new CancelRegistry();
  const getActive = () => environments.active();
  const getJournal = () => journal.ready();
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
  // The writes: claimed across desks, sent once, reconciled, issued from a file, approved by a second person.
  const writes = createWriteServices({
    ...{ dataDir, policy, team, journal: () => journal.journal, getJournal, getActive, stores },
    ...{ secrets: secretStore, retentionDays, emit, logger, reconcile: options.reconcile },
    notice: (text, on) => environments.notice(text, on),
  });
  const { claims, issuing, reconciliation, bulkIssue, approvals } = writes;
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
