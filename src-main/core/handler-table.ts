// The full IPC handler table: each channel namespace answered by the room that owns it, given the services
// the composition root built. Nothing here decides anything; it only hands each room what it needs.
import { accountHandlers } from '../accounts/handlers';
import { approvalsHandlers } from '../approvals/handlers';
import type { ApprovalsService } from '../approvals/approvals-service';
import { activityHandlers } from '../activity/handlers';
import { appHandlers } from '../app/handlers';
import { bulkIssueHandlers } from '../bulk-issue/handlers';
import type { BulkIssueService } from '../bulk-issue/bulk-service';
import { customerHandlers } from '../cache/handlers';
import { cardHandlers } from '../cards/handlers';
import type { CardObservations } from '../cards/observations';
import type { EnvironmentManager } from '../environments/environment-manager';
import { settingsHandlers } from '../environments/handlers';
import { networkHandlers } from '../environments/network-handlers';
import { exportHandlers } from '../exports/handlers';
import type { ExportService } from '../exports/service';
import type { CancelRegistry } from '../ipc/cancel-registry';
import type { HandlerTable } from '../ipc/handler';
import type { IssuingService } from '../issuing/issuing-service';
import { journalHandlers } from '../journal/handlers';
import type { ExportSigner } from '../journal/export-signature';
import type { JournalInUse } from '../journal/journal-in-use';
import type { AppLock } from '../lock/app-lock';
import { lockHandlers } from '../lock/lock-handlers';
import type { AppLogger } from '../logging/logger';
import { namesHandlers } from '../names/handlers';
import { policyHandlers } from '../policy/handlers';
import type { Policy } from '../policy/policy';
import type { OpenExternal, SaveFilePort, SetThemeSource } from '../ports/ports';
import { teamHandlers } from '../team/handlers';
import type { TeamService } from '../team/team-service';
import { updatesHandlers, type UpdatesPort } from '../updates/handlers';
import type { EnvironmentStores } from './environment-stores';

export interface HandlerTableDeps {
  dataDir: string;
  policy: Policy;
  environments: EnvironmentManager;
  stores: EnvironmentStores;
  journal: JournalInUse;
  journalSigner: ExportSigner;
  issuing: IssuingService;
  bulkIssue: BulkIssueService;
  exportsService: ExportService;
  observations: CardObservations;
  lock: AppLock;
  cancels: CancelRegistry;
  logger: AppLogger;
  saveFile: SaveFilePort;
  openExternal: OpenExternal;
  writeClipboard?: (text: string) => void | Promise<void>;
  setThemeSource?: SetThemeSource;
  updates?: () => UpdatesPort | null;
  team: TeamService;
  approvals: ApprovalsService;
}

export function handlerTable(deps: HandlerTableDeps): HandlerTable {
  const { environments, stores, issuing, observations } = deps;
  const getActive = () => environments.active();
  return {
    ...appHandlers({
      status: () => environments.status(),
      cancels: deps.cancels,
      openExternal: deps.openExternal,
      ...(deps.writeClipboard ? { writeClipboard: deps.writeClipboard } : {}),
      ...(deps.setThemeSource ? { setThemeSource: deps.setThemeSource } : {}),
    }),
    ...lockHandlers(deps.lock),
    ...policyHandlers(deps.policy),
    ...settingsHandlers(environments),
    ...networkHandlers(environments.networks),
    ...customerHandlers({ getCache: stores.getCache, getActive, policy: deps.policy }),
    ...cardHandlers({
      getActive,
      getKnownCards: stores.getKnownCards,
      customerIdsNamed: stores.customerIdsNamed,
      createCard: (request, options) => issuing.createCard(request, options),
      observe: observations,
    }),
    ...accountHandlers({
      getActive,
      createAccount: (request, options) => issuing.createAccount(request, options),
    }),
    ...activityHandlers({ getActive, observe: observations }),
    ...namesHandlers({
      getCustomer: stores.getCache,
      getKnownCards: stores.getKnownCards,
      getSeenTransactions: stores.getSeenTransactions,
      findTransactions: (ids) => observations.findTransactions(ids),
      logger: deps.logger,
    }),
    ...journalHandlers({
      journal: deps.journal,
      exportKey: deps.journalSigner,
      environmentId: async () => (await getActive()).environment.id,
      customerIdsNamed: stores.customerIdsNamed,
      acknowledgeResend: (id) => issuing.acknowledgeResend(id),
    }),
    ...bulkIssueHandlers(deps.bulkIssue, stores.getCache, deps.saveFile),
    ...exportHandlers(deps.exportsService),
    ...updatesHandlers(() => deps.updates?.() ?? null),
    ...teamHandlers(deps.team),
    ...approvalsHandlers(deps.approvals),
  };
}
