// Four eyes on the writes the policy names, on this desk: whether a prepared write needs approval and why
// (rules.ts), the refusal of such a write sent without one, asking for approval (the exact body, its
// SHA-256, where it goes, the readable review), the list, and the maker's and the approver's steps, each
// decided by the team database (approval-store.ts). Approving sends the write once from this desk
// (approval-sender.ts). The navigation's live count comes from approvals-listener.ts.
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type {
  Approval,
  ApprovalCheck,
  ApprovalWrite,
  ApprovalsListQuery,
  ApprovalsStatus,
} from '../../src-shared/ipc/channels/approvals';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import type { IssuingService } from '../issuing/issuing-service';
import type { Journal } from '../journal/journal';
import type { Policy } from '../policy/policy';
import type { Emit, Logger } from '../ports/ports';
import { approvalOf, approvalStore, type ApprovalRow } from './approval-store';
import { approverReview } from './approver-review';
import { approveAndSend, placeProblem } from './approval-sender';
import { ApprovalsListener } from './approvals-listener';
import { settleInterruptedSends, settleReconciledSends } from './interrupted-sends';
import type { BatchPort } from './batch-approval';
import { checkWrite, reasonsFor, refusalOf } from './approval-gate';
import { DEFAULT_APPROVAL_HOURS } from './rules';
import { prepareRequest, sha256 } from './prepare-request';
import { batchReview } from './batch-review';
import { accountNameFrom } from './summary';
import type { Customer } from '../../src-shared/api/records';
import type { WriteKind } from '../../src-shared/ipc/write-kinds';
import { onTeam, teamProblem, type TeamPort } from './team-access';
import { TeamRules } from './team-rules';
import type { RulesInForce } from './rules-in-force';

export interface ApprovalsDeps {
  policy: Policy;
  team: TeamPort;
  getActive: () => Promise<ActiveEnvironment>;
  issuing: Pick<IssuingService, 'send'>;
  /** Issue from a file: a batch approved as one request is sent through it. */
  bulkIssue: BatchPort;
  customerName: (customerId: string) => Promise<string | null>;
  /** A customer of this desk's copy (a batch's review names each row's customer and its KYC). */
  customer?: (customerId: string) => Promise<Customer | null>;
  emit: Emit;
  logger: Logger;
  /** The desk's journal: what a send interrupted by a stop became. */
  getJournal: () => Promise<Journal>;
  /** How often the listener looks at the link (default 500 ms). */
  tickMs?: number;
}

/** The live counts, and on each connection and each minute the sends this desk left unsettled. */
function listenerOf(deps: ApprovalsDeps, sendingNow: ReadonlySet<string>, rules: TeamRules): ApprovalsListener {
  return new ApprovalsListener({
    team: deps.team,
    emit: deps.emit,
    logger: deps.logger,
    onConnected: () => Promise.all([rules.reload(), settleInterruptedSends({ ...deps, sendingNow })]),
    onRulesChanged: () => rules.reload(),
    everyMinute: () => settleReconciledSends(deps),
    ...(deps.tickMs === undefined ? {} : { tickMs: deps.tickMs }),
  });
}

/** One card or account request with the review this desk builds from its stored body and own look-ups. */
async function withApproverReview(
  approval: Approval & { operation: WriteKind },
  row: ApprovalRow,
  active: ActiveEnvironment,
  inForce: RulesInForce,
  deps: ApprovalsDeps,
): Promise<Approval> {
  const review = await approverReview(
    { ...approval, body: row.body },
    { active, inForce, customerName: deps.customerName },
  );
  return { ...approval, review };
}

/** A batch's request with its review built on this desk from its rows (names, accounts, holders, warnings). */
async function withBatchReview(
  approval: Approval,
  row: ApprovalRow,
  active: ActiveEnvironment,
  deps: ApprovalsDeps,
): Promise<Approval> {
  if (!deps.customer) return approval;
  const summary = await batchReview(row.body, approval.summary, {
    customer: deps.customer,
    accountName: (accountId, currency) => accountNameFrom(active.api, accountId, currency),
  });
  return { ...approval, summary };
}

export class ApprovalsService {
  /** Requests this process is sending now. */
  private readonly sendingNow = new Set<string>();
  private readonly listener: ApprovalsListener;
  /** The rules in force: the policy's, else the team database's (Settings → Approvals). */
  readonly rules: TeamRules;

  constructor(private readonly deps: ApprovalsDeps) {
    this.rules = new TeamRules(deps);
    this.listener = listenerOf(deps, this.sendingNow, this.rules);
  }

  status(): Promise<ApprovalsStatus> {
    return this.listener.refresh();
  }

  /** A batch of this id ran on this desk. */
  private readonly batchHere = (batchId: string): boolean => this.deps.bulkIssue.store.get(batchId) !== null;

  private login(): string | null {
    return this.deps.team.status().login;
  }

  /** Whether the write needs approval, why, and what stops it from being asked for (approval-gate.ts). */
  check(write: ApprovalWrite): Promise<ApprovalCheck> {
    return checkWrite(this.deps, this.rules, write);
  }

  /**
   * Before a write is sent directly (the dispatcher asks for each write channel that declares it may need
   * approval): a refusal when it needs approval, or when the same write waits for approval on any desk; null
   * when it may be sent.
   */
  refusal(write: ApprovalWrite): Promise<Result<never> | null> {
    return refusalOf(this.deps, this.rules, write);
  }

  async request(write: ApprovalWrite & { note?: string | undefined }): Promise<Result<Approval>> {
    const active = await this.deps.getActive();
    const environmentId = active.environment.id;
    const inForce = await this.rules.inForce(active);
    const found = await reasonsFor(this.deps, this.rules, write, inForce);
    if (!found.ok) return found;
    const prepared = await prepareRequest(this.deps, write, found.data, active);
    if (!prepared.ok) return prepared;
    const problem = teamProblem(this.deps.team.status());
    if (problem) return err('network', problem);
    const { body, reasons, summary, fingerprint } = prepared.data;
    const desk = this.deps.team.status().desk;
    const asked = await onTeam(this.deps.team, (client) =>
      approvalStore.request(client, {
        operation: write.operation,
        body,
        bodySha256: sha256(body),
        fingerprint,
        summary,
        reasons,
        environmentId,
        environmentAddress: originOf(active.environment.baseUrl),
        desk,
        note: write.note?.trim() || null,
        hours: inForce.rules?.approvalHours ?? DEFAULT_APPROVAL_HOURS,
      }),
    );
    return this.answer(asked);
  }

  async list(query: ApprovalsListQuery): Promise<Result<Approval[]>> {
    const rows = await onTeam(this.deps.team, (client) => approvalStore.list(client, query));
    if (!rows.ok) return rows;
    const login = this.login();
    return ok(rows.data.map((row) => approvalOf(row, login, this.batchHere)));
  }

  async get(id: string): Promise<Result<Approval>> {
    const row = await onTeam(this.deps.team, (client) => approvalStore.get(client, id));
    if (!row.ok) return row;
    if (!row.data) return err('not_found', `There is no approval request ${id}.`, { field: 'id' });
    const approval = approvalOf(row.data, this.login(), this.batchHere);
    const active = await this.deps.getActive();
    // A batch is judged from its rows as this desk knows them, where this desk works in its environment; one
    // card or account as this desk reads the stored body, not as the maker's desk described it.
    if (approval.operation !== 'bulkIssue') {
      const single = { ...approval, operation: approval.operation };
      return ok(await withApproverReview(single, row.data, active, await this.rules.inForce(active), this.deps));
    }
    if (placeProblem(row.data, active)) return ok(approval);
    return ok(await withBatchReview(approval, row.data, active, this.deps));
  }

  /**
   * Approves request `id` (the database refuses the maker, a non-approver, an edited or expired request)
   * and sends it once from this desk. A request this login approved earlier that was not sent yet is sent.
   */
  async approve(id: string, note: string | undefined): Promise<Result<Approval>> {
    const active = await this.deps.getActive();
    return this.answer(await approveAndSend(this.deps, { id, note, active, login: this.login() }, this.sendingNow));
  }

  async reject(id: string, reason: string): Promise<Result<Approval>> {
    const desk = this.deps.team.status().desk;
    return this.answer(await onTeam(this.deps.team, (client) => approvalStore.reject(client, id, reason, desk.name)));
  }

  async withdraw(id: string): Promise<Result<Approval>> {
    const desk = this.deps.team.status().desk;
    return this.answer(await onTeam(this.deps.team, (client) => approvalStore.withdraw(client, id, desk.name)));
  }

  dispose(): Promise<void> {
    return this.listener.dispose();
  }

  private async answer(result: Result<ApprovalRow>): Promise<Result<Approval>> {
    void this.listener.refresh().catch(() => undefined);
    if (!result.ok) return result;
    return ok(approvalOf(result.data, this.login(), this.batchHere));
  }
}
