// The writes' services, each on the one before: never twice across desks (the team database's claims), sent
// once and journaled (issuing) and reconciled on a schedule, issued from a file (bulk issue), and four eyes
// (approvals). They are built here in that order; the app core disposes of them with the rest, in reverse.
import { ApprovalsService } from '../approvals/approvals-service';
import { createBulkIssueService, type BulkIssueService } from '../bulk-issue/bulk-service';
import type { Customer } from '../../src-shared/api/records';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { teamFingerprint } from '../issuing/claim-answers';
import { createIssuingService, type IssuingService } from '../issuing/issuing-service';
import { scheduleReconciliation, type ReconcileSchedule } from '../issuing/reconcile-schedule';
import type { Journal } from '../journal/journal';
import type { SecretStore } from '../keychain/secret-store';
import type { AppLogger } from '../logging/logger';
import type { Policy } from '../policy/policy';
import type { Emit } from '../ports/ports';
import { TeamWriteClaims } from '../team/team-claims-store';
import type { TeamService } from '../team/team-service';
import type { AppCoreOptions } from './app-core-options';
import type { EnvironmentStores } from './environment-stores';

export interface WriteServicesDeps {
  dataDir: string;
  policy: Policy;
  team: TeamService;
  /** The journal, once it is open (never twice, never lost). */
  journal: () => Journal;
  getJournal: () => Promise<Journal>;
  getActive: () => Promise<ActiveEnvironment>;
  stores: Pick<EnvironmentStores, 'getKnownCards' | 'getCache' | 'customerName'>;
  secrets: SecretStore;
  notice: (text: string, on: boolean) => void;
  retentionDays: number;
  emit: Emit;
  logger: AppLogger;
  /** Reconciliation's timings. */
  reconcile?: AppCoreOptions['reconcile'] | undefined;
}

export interface WriteServices {
  claims: TeamWriteClaims;
  issuing: IssuingService;
  reconciliation: ReconcileSchedule;
  bulkIssue: BulkIssueService;
  approvals: ApprovalsService;
}

export function createWriteServices(deps: WriteServicesDeps): WriteServices {
  const { policy, team, getActive, getJournal, stores, emit, logger } = deps;
  // Never twice across desks: each write is claimed in the environment's team database, when it has one.
  const claims = new TeamWriteClaims({
    team,
    journal: deps.journal,
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
    ...(deps.reconcile?.recheckMs === undefined ? {} : { accountRecheckMs: deps.reconcile.recheckMs }),
  });
  const reconciliation = scheduleReconciliation({
    service: issuing,
    hasUnknownOutcomes: () => deps.journal().list({ outcome: 'outcome_unknown', limit: 1 }).total > 0,
    logger,
    ...(deps.reconcile?.everyMs === undefined ? {} : { everyMs: deps.reconcile.everyMs }),
  });
  // Issue from a file: its batches beside the journal, its writes through the same issuing service.
  const bulkIssue = createBulkIssueService({
    dataDir: deps.dataDir,
    getActive,
    getJournal,
    getCustomers: stores.getCache,
    issuing,
    logger,
    secrets: deps.secrets,
    notice: deps.notice,
    retentionDays: deps.retentionDays,
  });
  // Four eyes on the writes the policy names: asked for and decided in the team database, sent by the approver's desk.
  const customer = async (customerId: string): Promise<Customer | null> => (await stores.getCache()).get(customerId);
  const approvals = new ApprovalsService({
    ...{ policy, team, getActive, issuing, bulkIssue, getJournal, emit, logger },
    customerName: stores.customerName,
    customer,
  });
  return { claims, issuing, reconciliation, bulkIssue, approvals };
}
